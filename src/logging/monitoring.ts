import type { BoConfig } from '../config/config';
import { MONITORING_SAMPLE_RATE } from '../config/constants';
import { $logContext } from './logContext';
import { logger } from './logger';

/**
 * Loads the error and performance monitoring agent (Elastic APM RUM) only when the page configures
 * a server for it, so a page without monitoring never downloads it.
 */
export async function startMonitoring(config: BoConfig): Promise<void> {
  if (!config.monitoring) return;
  try {
    const { init } = await import('@elastic/apm-rum');
    const apm = init({
      serviceName: config.serviceName,
      serviceVersion: config.serviceVersion,
      serverUrl: config.monitoring.serverUrl,
      environment: config.monitoring.environment,
      transactionSampleRate: MONITORING_SAMPLE_RATE,
    });
    // The agent's typings omit the ids its transactions carry at run time.
    const current = () => apm.getCurrentTransaction() as { id?: string; traceId?: string } | undefined;
    $logContext.setKey('transactionId', () => current()?.id ?? null);
    $logContext.setKey('traceId', () => current()?.traceId ?? null);
  } catch (error) {
    logger.warn('Monitoring agent could not start', { error });
  }
}
