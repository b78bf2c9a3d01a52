import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../config/config';
import { startAnalytics, trackOutboundClick } from './analytics';

describe('analytics', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete window.gtag;
    for (const script of document.head.querySelectorAll('script')) script.remove();
  });

  it('loads its script only when enabled', async () => {
    await startAnalytics(
      parseConfig({ analytics: { enabled: false, scriptUrl: 'https://stats.example/a.js' } }),
    );
    expect(document.head.querySelector('script')).toBeNull();
    void startAnalytics(
      parseConfig({ analytics: { enabled: true, scriptUrl: 'https://stats.example/a.js' } }),
    );
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('https://stats.example/a.js');
  });

  it('navigates at once without analytics', () => {
    const navigate = vi.fn();
    trackOutboundClick('https://aide.example', navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('navigates when analytics answers, or after 250 ms at the latest, and only once', () => {
    const navigate = vi.fn();
    let callback: () => void = () => {};
    window.gtag = vi.fn((_command, _name, params: Record<string, unknown>) => {
      callback = params.event_callback as () => void;
    });
    trackOutboundClick('https://aide.example', navigate);
    vi.advanceTimersByTime(249);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    callback();
    expect(navigate).toHaveBeenCalledTimes(1);

    const quick = vi.fn();
    trackOutboundClick('https://aide.example', quick);
    callback();
    expect(quick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(250);
    expect(quick).toHaveBeenCalledTimes(1);
  });
});
