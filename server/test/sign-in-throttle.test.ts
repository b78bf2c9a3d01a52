/**
 * The sign-in throttle under concurrency (run on PostgreSQL too: PGlite serialises statements, a
 * real server does not): per address across accounts, per account across addresses, the known
 * browser (device cookie) that keeps its owner in, the bounded hashing; and the client address it
 * is keyed by behind proxies. The figures of issue 19 (600 tries at once) are the test's.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookieName } from '../src/auth/device-cookie.js';
import { loginThrottleDefaults } from '../src/auth/login-throttle.js';
import { hashingConcurrency, hashingStats } from '../src/auth/passwords.js';
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

const { address, account, device } = loginThrottleDefaults;

/** A request as it reaches the server from `peer` (the socket's address), through `forwardedFor`. */
const postLogin = (
  fields: Record<string, string>,
  { peer = '192.0.2.1', forwardedFor = '', cookie = '' } = {},
) =>
  h.apps.platform.request(
    '/login',
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: {
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        ...(cookie ? { cookie } : {}),
      },
    },
    { incoming: { socket: { remoteAddress: peer } } } as never,
  );

/** The device cookie a successful sign-in left, as the browser sends it back. */
const deviceCookieOf = (response: Response) => {
  const set = response.headers.getSetCookie().find((line) => line.startsWith(`${deviceCookieName}=`));
  expect(set).toBeDefined();
  expect(set).toMatch(/HttpOnly/i);
  expect(set).toMatch(/SameSite=Strict/i);
  expect(set).toMatch(/Path=\/login/i);
  return set!.split(';')[0]!;
};

/** Time passes for every counter: windows end and delays are over. */
const timePasses = () =>
  h.db.owner.execute(sql`update rate_counters set not_before = now(), expires_at = now()`);

/** Passwords actually checked (derived) while `work` ran. */
async function hashesDuring<T>(work: () => Promise<T>): Promise<{ result: T; hashed: number }> {
  const before = hashingStats().done;
  const result = await work();
  return { result, hashed: hashingStats().done - before };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('600 sign-ins at once from one address, each with another email', () => {
  it(`at most ${address.limit} passwords are hashed; the rest are refused before any`, async () => {
    const { result: statuses, hashed } = await hashesDuring(async () => {
      const answers = await Promise.all(
        Array.from({ length: 600 }, (_, i) =>
          postLogin({ email: `inconnu-${i}@exemple.fr`, password: 'devine' }, { peer: '198.51.100.20' }),
        ),
      );
      return answers.map((r) => r.status);
    });
    // A 401 is an answer after a password check; a 429 is a refusal before any.
    expect(count(statuses, 401)).toBeLessThanOrEqual(address.limit);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(600);
    expect(hashed).toBeLessThanOrEqual(address.limit);
    // Never more derivations at once than the queue allows.
    expect(hashingStats().maxActive).toBeLessThanOrEqual(hashingConcurrency);
    await timePasses();
  });
});

describe('600 guesses at one account from 120 addresses', () => {
  const email = 'camille.petit@demo.fr';
  let cookie = '';

  beforeAll(async () => {
    // The owner signed in from their own browser last week: it holds the device cookie.
    const signedIn = await postLogin({ email, password: testPassword }, { peer: '203.0.113.50' });
    expect(signedIn.status).toBe(303);
    cookie = deviceCookieOf(signedIn);
  });

  it(`at most ${account.limit} are checked, then one per growing delay (Retry-After)`, async () => {
    const { result: answers, hashed } = await hashesDuring(() =>
      Promise.all(
        Array.from({ length: 600 }, (_, i) =>
          postLogin({ email, password: `faux-${i}` }, { peer: `198.51.100.${100 + (i % 120)}` }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 401)).toBeLessThanOrEqual(account.limit);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(600);
    expect(hashed).toBeLessThanOrEqual(account.limit);
    const refused = answers.find((r) => r.status === 429)!;
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(account.growingDelay!.firstSeconds);

    // Even the right password from a new browser waits: the account is being guessed at.
    const stranger = await postLogin({ email, password: testPassword }, { peer: '203.0.113.60' });
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get('set-cookie')).toBeNull();
    expect(await stranger.text()).toContain(loginMessages.tooManyAttempts);
  });

  it('the owner signs in at once from the browser that holds the device cookie', async () => {
    const owner = await postLogin({ email, password: testPassword }, { peer: '203.0.113.60', cookie });
    expect(owner.status).toBe(303);
    // The browser keeps its cookie (the same nonce, signed again).
    expect(deviceCookieOf(owner)).toBe(cookie);
  });

  it('a delay, not a lock: once it is over, one more try from anywhere is checked, and it doubles', async () => {
    await h.db.owner.execute(sql`update rate_counters set not_before = now()`);
    const first = await postLogin({ email, password: 'encore-faux' }, { peer: '203.0.113.61' });
    expect(first.status).toBe(401);
    const next = await postLogin({ email, password: testPassword }, { peer: '203.0.113.61' });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(account.growingDelay!.firstSeconds);
    await h.db.owner.execute(sql`update rate_counters set not_before = now()`);
    // The right password: the account's counter starts again.
    expect((await postLogin({ email, password: testPassword }, { peer: '203.0.113.61' })).status).toBe(303);
    expect((await postLogin({ email, password: 'typo' }, { peer: '203.0.113.61' })).status).toBe(401);
    await timePasses();
  });
});

describe('a burst from the office address', () => {
  const office = '198.51.100.77';
  const email = 'user@demo.fr';

  it('does not refuse the owner whose browser is known; a browser never seen is refused', async () => {
    const signedIn = await postLogin({ email, password: testPassword }, { peer: office });
    const cookie = deviceCookieOf(signedIn);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postLogin({ email: `collegue-${i}@exemple.fr`, password: 'devine' }, { peer: office }),
      ),
    );
    expect(
      count(
        answers.map((r) => r.status),
        429,
      ),
    ).toBeGreaterThan(0);
    expect((await postLogin({ email, password: testPassword }, { peer: office })).status).toBe(429);
    expect((await postLogin({ email, password: testPassword }, { peer: office, cookie })).status).toBe(303);
  });

  it('a device cookie is good for its account only, and has its own limit', async () => {
    const signedIn = await postLogin(
      { email: 'admin@demo.fr', password: testPassword },
      { peer: '203.0.113.70' },
    );
    const cookie = deviceCookieOf(signedIn);
    // Another account with that cookie: counted like any browser (the office address is blocked).
    const other = await postLogin({ email, password: testPassword }, { peer: office, cookie });
    expect(other.status).toBe(429);
    // The cookie's own account: wrong passwords from it are limited too.
    const statuses: number[] = [];
    for (let i = 0; i <= device.limit; i++) {
      const wrong = await postLogin(
        { email: 'admin@demo.fr', password: `faux-${i}` },
        { peer: office, cookie },
      );
      statuses.push(wrong.status);
    }
    expect(count(statuses, 401)).toBe(device.limit);
    expect(statuses.at(-1)).toBe(429);
    await timePasses();
  });

  it('successful sign-ins from one address do not use up its limit', async () => {
    for (let i = 0; i < address.limit + 5; i++) {
      const response = await postLogin(
        { email: 'thomas.leroy@demo.fr', password: 'faux' },
        { peer: '198.51.100.90' },
      );
      if (response.status === 429) break;
    }
    await timePasses();
    const peer = '198.51.100.91';
    for (let i = 0; i < address.limit + 5; i++) {
      expect((await postLogin({ email, password: testPassword }, { peer })).status).toBe(303);
    }
  });
});

describe('behind a trusted proxy', () => {
  it('an attacker rotating the first X-Forwarded-For entry is still one address', async () => {
    for (let i = 0; i < address.limit; i++) {
      const response = await postLogin(
        { email: `inconnu-${i}@exemple.fr`, password: `faux-${i}` },
        { peer: '127.0.0.1', forwardedFor: `203.0.113.${100 + i}, 203.0.113.7` },
      );
      expect(response.status).toBe(401);
    }
    const blocked = await postLogin(
      { email: 'user@demo.fr', password: testPassword },
      { peer: '127.0.0.1', forwardedFor: '198.18.0.1, 203.0.113.7' },
    );
    expect(blocked.status).toBe(429);
    // Another client behind the same proxy is someone else.
    const other = await postLogin(
      { email: 'user@demo.fr', password: testPassword },
      { peer: '127.0.0.1', forwardedFor: '203.0.113.8' },
    );
    expect(other.status).toBe(303);
    await timePasses();
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
