import type { BoConfig } from '../config/config';
import { ANALYTICS_OUTBOUND_CLICK_TIMEOUT_MS } from '../config/constants';
import { logger } from '../logging/logger';
import { loadScript } from './loadScript';

type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

declare global {
  interface Window {
    gtag?: Gtag;
  }
}

/** Loads the analytics script, only when the configuration enables it. */
export async function startAnalytics(config: BoConfig): Promise<void> {
  if (!config.analytics.enabled || !config.analytics.scriptUrl) return;
  try {
    await loadScript(config.analytics.scriptUrl);
  } catch (error) {
    logger.warn('Analytics script could not load', { error });
  }
}

/**
 * Reports a click on an outbound link, then navigates. The analytics callback may never come
 * (blocked script, slow network), so navigation waits for it at most 250 ms.
 */
export function trackOutboundClick(url: string, navigate: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    navigate();
  };
  const gtag = window.gtag;
  if (!gtag) {
    go();
    return;
  }
  setTimeout(go, ANALYTICS_OUTBOUND_CLICK_TIMEOUT_MS);
  gtag('event', 'click', {
    event_category: 'outbound',
    event_label: url,
    transport_type: 'beacon',
    event_callback: go,
  });
}
