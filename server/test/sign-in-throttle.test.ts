/**
 * The sign-in throttle under concurrency (run on PostgreSQL too: PGlite serialises statements, a
 * real server does not), and the client address it is keyed by behind proxies.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottleDefaults } from '../src/auth/login-throttle.js';
import { clientIpResolver } from '../src/http/client-ip.js';
import type { AppEnv } from '../src/http/env.js';
import { loginMessages } from '../src/pages/login.js';
import { testPassword } from './support/constants.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness({ config: { trustProxy: ['127.0.0.1', '10.0.0.0/8'] } });
});
afterAll(() => h.close());

/** A request as it reaches the server from `peer` (the socket's address), through `forwardedFor`. */
const postLogin = (fields: Record<string, string>, { peer = '192.0.2.1', forwardedFor = '' } = {}) =>
  h.apps.platform.request(
    '/login',
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    },
    { incoming: { socket: { remoteAddress: peer } } } as never,
  );

const endWindow = () =>
  h.db.owner.execute(
    sql`update login_failures set window_started_at = now() - make_interval(secs => ${loginThrottleDefaults.windowSeconds + 1})`,
  );

describe('concurrent wrong passwords', () => {
  it('60 at once: at most 5 passwords are checked, then even the right one is refused until the window ends', async () => {
    const email = 'camille.petit@demo.fr';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postLogin({ email, password: `faux-${i}` }, { peer: '198.51.100.7' }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    // A 401 is an answer after a password check; a 429 is a refusal before any.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(loginThrottleDefaults.maxAttempts);
    expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(60);

    const right = await postLogin({ email, password: testPassword }, { peer: '198.51.100.7' });
    expect(right.status).toBe(429);
    expect(right.headers.get('set-cookie')).toBeNull();
    expect(await right.text()).toContain(loginMessages.tooManyAttempts);

    await endWindow();
    const after = await postLogin({ email, password: testPassword }, { peer: '198.51.100.7' });
    expect(after.status).toBe(303);
  });
});

describe('behind a trusted proxy', () => {
  it('an attacker rotating the first X-Forwarded-For entry is still one address', async () => {
    const email = 'user@demo.fr';
    for (let i = 0; i < loginThrottleDefaults.maxAttempts; i++) {
      const response = await postLogin(
        { email, password: `faux-${i}` },
        { peer: '127.0.0.1', forwardedFor: `203.0.113.${100 + i}, 203.0.113.7` },
      );
      expect(response.status).toBe(401);
    }
    const blocked = await postLogin(
      { email, password: testPassword },
      { peer: '127.0.0.1', forwardedFor: '198.18.0.1, 203.0.113.7' },
    );
    expect(blocked.status).toBe(429);
    // Another client behind the same proxy is someone else.
    const other = await postLogin(
      { email, password: testPassword },
      { peer: '127.0.0.1', forwardedFor: '203.0.113.8' },
    );
    expect(other.status).toBe(303);
    await endWindow();
  });
});

describe('clientIpResolver', () => {
  const ipOf = async (trusted: string[], peer: string, forwardedFor?: string) => {
    const app = new Hono<AppEnv>();
    const resolve = clientIpResolver(trusted);
    app.get('/', (c) => c.text(resolve(c)));
    const response = await app.request(
      '/',
      { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
      { incoming: { socket: { remoteAddress: peer } } },
    );
    return response.text();
  };

  it('takes the right-most entry that is not a trusted proxy', async () => {
    const trusted = ['127.0.0.1', '10.0.0.0/8'];
    expect(await ipOf(trusted, '127.0.0.1', 'forged, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    expect(await ipOf(trusted, '::ffff:127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf(trusted, '127.0.0.1', '10.0.0.5, 10.0.0.6')).toBe('10.0.0.5');
    expect(await ipOf(trusted, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, or with no proxy trusted', async () => {
    expect(await ipOf(['127.0.0.1'], '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
    expect(await ipOf([], '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('refuses a TRUST_PROXY entry that is not an address', () => {
    expect(() => clientIpResolver(['proxy.example'])).toThrow(/TRUST_PROXY/);
  });
});
