import type { BoConfig } from '../config/config';
import { logger } from '../logging/logger';
import { loadScript } from './loadScript';

/** Loads the third-party chat widget when the configuration names its script. */
export async function startChatWidget(config: BoConfig): Promise<void> {
  if (!config.chatWidgetScriptUrl) return;
  try {
    await loadScript(config.chatWidgetScriptUrl);
  } catch (error) {
    logger.warn('Chat widget could not load', { error });
  }
}
