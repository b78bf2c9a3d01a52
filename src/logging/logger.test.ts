import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../config/config';
import { $logContext } from './logContext';
import { logger } from './logger';

describe('logger', () => {
  const sendBeacon = vi.fn(() => true);
  beforeEach(() => {
    sendBeacon.mockClear();
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    setConfig({ apiHost: 'https://api.example' });
    $logContext.setKey('userId', 42);
  });

  it('forwards level 5 and above to POST /v3/client-logs/logs/ by beacon', () => {
    logger.error('Error getting user', { labels: { userId: 3 } });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('https://api.example/v3/client-logs/logs/');
    expect(JSON.parse(body)).toMatchObject({ message: 'Error getting user', logLevel: 5, userId: 42 });
    logger.fatal('Fatal');
    expect(sendBeacon).toHaveBeenCalledTimes(2);
  });

  it('keeps lower levels in the console only', () => {
    logger.warn('careful');
    logger.info('fyi');
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith('careful');
  });

  it('survives a browser that refuses the beacon', () => {
    sendBeacon.mockImplementation(() => {
      throw new TypeError('quota');
    });
    expect(() => logger.error('still fine')).not.toThrow();
  });
});
