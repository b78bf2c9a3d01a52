import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/http/rate-limit.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness({ deps: { clientLogLimiter: createRateLimiter({ limit: 8, windowMs: 60_000 }) } });
});
afterAll(() => h.close());

/** The shape src/logging/beacon.ts sends. */
const entry = {
  timestamp: '2026-11-21T10:00:00.000Z',
  message: 'Error getting user',
  logLevel: 5,
  serviceName: 'bo-elements',
  serviceVersion: '0.1.0',
  userId: 1,
  userDomain: 'localhost',
  labelsContext: JSON.stringify({ route: '/facturation' }),
  transactionId: 't-1',
  traceId: 'trace-1',
  errorStackTrace: 'Error: boom\n    at x (y.js:1:1)',
};
const beacon = (body: string, type = 'text/plain;charset=UTF-8') =>
  h.apps.platform.request('/v3/client-logs/logs/', {
    method: 'POST',
    body,
    headers: { 'content-type': type },
  });

describe('POST /v3/client-logs/logs/', () => {
  it('takes a sendBeacon text/plain body without a token and logs one structured line', async () => {
    const response = await beacon(JSON.stringify(entry));
    expect(response.status).toBe(204);
    const line = h.log.lines.at(-1)!;
    expect(line).toMatchObject({
      level: 'info',
      event: 'client-log',
      client: {
        message: 'Error getting user',
        logLevel: 5,
        traceId: 'trace-1',
        labelsContext: '{"route":"/facturation"}',
      },
    });
  });

  it('also takes application/json, and arrays of entries', async () => {
    const before = h.log.lines.length;
    expect(
      (await beacon(JSON.stringify([entry, { ...entry, message: 'deux' }]), 'application/json')).status,
    ).toBe(204);
    expect(h.log.lines.length).toBe(before + 2);
  });

  it('truncates to the spec limits', async () => {
    await beacon(JSON.stringify({ message: 'm'.repeat(5000), errorStackTrace: 's'.repeat(20000) }));
    const { client } = h.log.lines.at(-1) as { client: { message: string; errorStackTrace: string } };
    expect(client.message.length).toBe(1025);
    expect(client.errorStackTrace.length).toBe(16385);
  });

  it('refuses more than 64 KiB with 413', async () => {
    const response = await beacon(JSON.stringify({ message: 'x'.repeat(70 * 1024) }));
    expect([response.status, await response.json()]).toEqual([413, { error: { key: 'payload_too_large' } }]);
  });

  it('refuses what is not JSON or not a log entry', async () => {
    expect((await beacon('not json')).status).toBe(400);
    const response = await beacon(JSON.stringify({ message: 42 }));
    expect(response.status).toBe(422);
  });

  it('rate-limits per IP with 429', async () => {
    let last = 0;
    for (let i = 0; i < 10; i++) last = (await beacon(JSON.stringify(entry))).status;
    expect(last).toBe(429);
  });
});
