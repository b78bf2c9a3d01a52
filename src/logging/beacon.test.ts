import { describe, expect, it } from 'vitest';
import { BEACON_MAX_BYTES } from '../config/constants';
import { buildClientLogBody, byteLength, type ClientLogEntry } from './beacon';
import { LogLevel } from './levels';

const entry = (overrides: Partial<ClientLogEntry> = {}): ClientLogEntry => ({
  level: LogLevel.error,
  message: 'Error getting user',
  labels: { userId: 7 },
  timestamp: new Date('2026-11-22T10:00:00.000Z'),
  serviceName: 'bo-elements',
  serviceVersion: '0.1.0',
  userId: 7,
  userDomain: 'localhost:3001',
  transactionId: 'tx-1',
  traceId: 'trace-1',
  ...overrides,
});

describe('client log beacon body', () => {
  it('carries every field of spec section 7', () => {
    const error = new Error('boom');
    const body = JSON.parse(buildClientLogBody(entry({ error })));
    expect(body).toEqual({
      timestamp: '2026-11-22T10:00:00.000Z',
      message: 'Error getting user',
      logLevel: 5,
      serviceName: 'bo-elements',
      serviceVersion: '0.1.0',
      userId: 7,
      userDomain: 'localhost:3001',
      labelsContext: '{"userId":7}',
      transactionId: 'tx-1',
      traceId: 'trace-1',
      errorStackTrace: error.stack,
    });
  });

  it('has no stack trace field without an error', () => {
    expect(JSON.parse(buildClientLogBody(entry()))).not.toHaveProperty('errorStackTrace');
  });

  it('truncates the message to 1024, the labels to 4096 and the stack trace to 16384 characters', () => {
    const error = new Error('x');
    error.stack = 's'.repeat(20_000);
    const body = JSON.parse(
      buildClientLogBody(entry({ message: 'm'.repeat(2000), labels: { text: 'l'.repeat(5000) }, error })),
    );
    expect(body.message).toHaveLength(1024);
    expect(body.labelsContext).toHaveLength(4096);
    expect(body.errorStackTrace).toHaveLength(16384);
  });

  it('never exceeds the 64 KiB beacon quota, even when every character needs escaping', () => {
    const error = new Error('x');
    error.stack = '\u0001'.repeat(16384);
    const body = buildClientLogBody(
      entry({ message: '\u0002'.repeat(1024), labels: { t: '€'.repeat(4000) }, error }),
    );
    expect(byteLength(body)).toBeLessThanOrEqual(BEACON_MAX_BYTES);
    const parsed = JSON.parse(body);
    expect(parsed.message).toHaveLength(1024);
    expect(parsed.errorStackTrace.length).toBeGreaterThan(0);
  });
});
