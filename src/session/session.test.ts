import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../config/config';
import * as loggerModule from '../logging/logger';
import { mockFetch } from '../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../test/tokens';
import { navigation } from './navigation';
import { $session, resetSession, signOut, startSession } from './session';

const ISSUED_AT = demoClaims.iat;
const authorization = () => ({ body: { data: { admin: true, scopes: ['gestion-de-chantier'] } } });
const ok = () => ({ body: { status: 'ok' } });
/** Walking 75,610 s of fake time runs ~38,000 timer ticks: CPU work, slow on a loaded machine. */
const LONG_CLOCK_WALK = 60_000;

describe('$session', () => {
  let stop: () => void = () => {};
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    vi.setSystemTime(ISSUED_AT * 1000);
    setConfig({ platformOrigin: 'https://plateforme.example', apiHost: 'https://api.example' });
    assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(() => {
    stop();
    resetSession();
    setTokenCookie(null);
    vi.useRealTimers();
  });

  const start = () => {
    stop = startSession();
  };

  it('sends a visitor without token to the platform login with the current address', () => {
    mockFetch({});
    start();
    expect($session.get().status).toBe('redirecting');
    expect(assign).toHaveBeenCalledWith(
      `https://plateforme.example/login?redirect=${encodeURIComponent(location.href)}`,
    );
  });

  it("shows 'Redirection en cours...' then redirects when the token cannot be decoded", () => {
    mockFetch({});
    setTokenCookie('garbage');
    start();
    expect($session.get().status).toBe('redirecting');
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('loads the admin flag and scopes for the token’s user id', async () => {
    const { calls } = mockFetch({ 'GET /v2/users/7/authorization': authorization });
    setTokenCookie(makeToken(demoClaims));
    start();
    await vi.waitFor(() => expect($session.get().isAdmin).toBe(true));
    expect($session.get()).toMatchObject({
      status: 'signed-in',
      userId: 7,
      enterpriseId: 1,
      scopes: ['gestion-de-chantier'],
    });
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${makeToken(demoClaims)}`);
  });

  it("falls back to non-admin, no scopes, no user id and logs 'Error getting user authorization'", async () => {
    const error = vi.spyOn(loggerModule.logger, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /v2/users/7/authorization': () => ({ status: 500, body: {} }) });
    setTokenCookie(makeToken(demoClaims));
    start();
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Error getting user authorization', expect.anything()),
    );
    expect($session.get()).toMatchObject({ userId: null, isAdmin: false, scopes: [] });
  });

  it('ignores an authorization answer that arrives after the session was lost', async () => {
    let answer: (value: { body?: unknown; status?: number }) => void = () => {};
    vi.spyOn(loggerModule.logger, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /v2/users/7/authorization': () => new Promise((resolve) => (answer = resolve)) });
    setTokenCookie(makeToken(demoClaims));
    start();
    signOut();
    answer({ body: { data: { admin: true, scopes: ['gestion-de-chantier'] } } });
    await vi.advanceTimersByTimeAsync(0);
    expect($session.get()).toMatchObject({ status: 'signed-out', isAdmin: false, scopes: [] });
  });

  it('ignores a failed authorization lookup that ends after the session was lost', async () => {
    let answer: (value: { body?: unknown; status?: number }) => void = () => {};
    vi.spyOn(loggerModule.logger, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /v2/users/7/authorization': () => new Promise((resolve) => (answer = resolve)) });
    setTokenCookie(makeToken(demoClaims));
    start();
    signOut();
    answer({ status: 500, body: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect($session.get().status).toBe('signed-out');
  });

  it(
    'renews the token only once more than 75610 s have passed since iat, checking every 2 s',
    async () => {
      const renewals: number[] = [];
      mockFetch({
        'GET /v2/users/7/authorization': authorization,
        'GET /api/jwt/access-token/renew': () => {
          renewals.push(Date.now());
          return ok();
        },
        'GET /api/jwt/access-token/is-valid': ok,
      });
      setTokenCookie(makeToken(demoClaims));
      start();
      // The tick that lands exactly on 75610 s is not "more than" the threshold.
      await vi.advanceTimersByTimeAsync(75_610_000);
      expect(renewals).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(2000);
      expect(renewals).toEqual([(ISSUED_AT + 75_612) * 1000]);
    },
    LONG_CLOCK_WALK,
  );

  it('signs out when the cookie disappears (signed out in another tab)', async () => {
    mockFetch({ 'GET /v2/users/7/authorization': authorization });
    setTokenCookie(makeToken(demoClaims));
    start();
    setTokenCookie(null);
    await vi.advanceTimersByTimeAsync(2000);
    expect($session.get().status).toBe('signed-out');
  });

  it('never starts a second renewal while one is in flight', async () => {
    let renewals = 0;
    mockFetch({
      'GET /v2/users/7/authorization': authorization,
      'GET /api/jwt/access-token/renew': () => {
        renewals += 1;
        return new Promise(() => {});
      },
    });
    setTokenCookie(makeToken({ ...demoClaims, iat: ISSUED_AT - 80_000 }));
    start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renewals).toBe(1);
  });

  it("shows 'not logged in' when renewal fails, then goes to login after 5 s", async () => {
    mockFetch({
      'GET /v2/users/7/authorization': authorization,
      'GET /api/jwt/access-token/renew': () => ({ status: 401, body: { error: { key: 'unauthorized' } } }),
    });
    setTokenCookie(makeToken({ ...demoClaims, iat: ISSUED_AT - 80_000 }));
    start();
    await vi.advanceTimersByTimeAsync(2000);
    expect($session.get()).toMatchObject({ status: 'signed-out', userId: null });
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4999);
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('treats an answer without status "ok" as a failed renewal', async () => {
    mockFetch({
      'GET /v2/users/7/authorization': authorization,
      'GET /api/jwt/access-token/renew': () => ({ body: { status: 'ko' } }),
    });
    setTokenCookie(makeToken({ ...demoClaims, iat: ISSUED_AT - 80_000 }));
    start();
    await vi.advanceTimersByTimeAsync(2000);
    expect($session.get().status).toBe('signed-out');
  });

  it(
    'checks validity every 75,610,000 ms and signs out when it fails',
    async () => {
      let checks = 0;
      let renewedAt = ISSUED_AT;
      mockFetch({
        'GET /v2/users/7/authorization': authorization,
        'GET /api/jwt/access-token/renew': () => {
          renewedAt = Math.floor(Date.now() / 1000);
          setTokenCookie(makeToken({ ...demoClaims, iat: renewedAt }));
          return ok();
        },
        'GET /api/jwt/access-token/is-valid': () => {
          checks += 1;
          return checks === 1 ? ok() : { status: 401, body: {} };
        },
      });
      setTokenCookie(makeToken(demoClaims));
      start();
      await vi.advanceTimersByTimeAsync(75_609_999);
      expect(checks).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(checks).toBe(1);
      expect($session.get().status).toBe('signed-in');
      await vi.advanceTimersByTimeAsync(75_610_000);
      expect(checks).toBe(2);
      expect($session.get().status).toBe('signed-out');
    },
    LONG_CLOCK_WALK,
  );
});

describe('startSession', () => {
  afterEach(() => resetSession());

  it('starts once for several shells and stops with the last one', () => {
    vi.useFakeTimers();
    vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    mockFetch({ 'GET /v2/users/7/authorization': authorization });
    setTokenCookie(makeToken({ ...demoClaims, iat: Math.floor(Date.now() / 1000) }));
    const stopFirst = startSession();
    const stopSecond = startSession();
    expect(vi.getTimerCount()).toBe(2);
    stopFirst();
    stopFirst();
    expect(vi.getTimerCount()).toBe(2);
    stopSecond();
    expect(vi.getTimerCount()).toBe(0);
    setTokenCookie(null);
    vi.useRealTimers();
  });
});
