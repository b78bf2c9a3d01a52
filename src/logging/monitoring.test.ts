import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../config/config';
import { $logContext } from './logContext';
import { startMonitoring } from './monitoring';

const init = vi.fn(() => ({ getCurrentTransaction: () => ({ id: 'tx-42', traceId: 'trace-42' }) }));
vi.mock('@elastic/apm-rum', () => ({ init }));

describe('monitoring agent', () => {
  it('is not loaded without a configured server', async () => {
    await startMonitoring(parseConfig({}));
    expect(init).not.toHaveBeenCalled();
  });

  it('starts with a sample rate of 1 and feeds the logs’ transaction and trace ids', async () => {
    await startMonitoring(
      parseConfig({ serviceName: 'bo-elements', monitoring: { serverUrl: 'https://apm.example' } }),
    );
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        serverUrl: 'https://apm.example',
        serviceName: 'bo-elements',
        transactionSampleRate: 1,
      }),
    );
    expect($logContext.get().transactionId()).toBe('tx-42');
    expect($logContext.get().traceId()).toBe('trace-42');
  });
});
