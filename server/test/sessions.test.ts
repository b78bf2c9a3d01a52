/**
 * Server-side sessions: logout ends the token (and its renewals), renewal stops at the session's
 * absolute end, and /logout cannot be triggered from another site.
 */
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionLifetimeSeconds } from '../src/auth/sessions.js';
import { sessions } from '../src/db/schema.js';
import { loginMessages } from '../src/pages/login.js';
import { clientOrigin, platformOrigin, testJwtSecret, testPassword } from './support/constants.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness();
});
afterAll(() => h.close());

const isValid = (token: string) => h.request('GET', '/api/jwt/access-token/is-valid', { token });
const renew = (token: string) => h.request('GET', '/api/jwt/access-token/renew', { token });
const sidOf = (token: string) => decodeJwt(token).sid as string;
const tokenOf = (response: Response) =>
  /appAccessToken=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';

async function signIn(email = 'user@demo.fr'): Promise<string> {
  const response = await h.apps.platform.request('/login', {
    method: 'POST',
    body: new URLSearchParams({ email, password: testPassword }),
  });
  expect(response.status).toBe(303);
  return tokenOf(response);
}

const logout = (token: string, headers: Record<string, string | undefined>, method = 'GET') =>
  h.apps.platform.request('/logout', {
    method,
    headers: {
      cookie: `appAccessToken=${token}`,
      ...(JSON.parse(JSON.stringify(headers)) as Record<string, string>),
    },
  });

describe('a sign-in opens a session', () => {
  it('whose id is in the token, ending after the absolute lifetime', async () => {
    const token = await signIn();
    const [row] = await h.db.owner
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(token)));
    expect(row).toBeDefined();
    const lifetime = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(lifetime).toBe(sessionLifetimeSeconds);
    expect(sessionLifetimeSeconds).toBeGreaterThan(75610);
  });
});

describe('logout', () => {
  it('from our own pages ends the session: the old token and its renewal are refused', async () => {
    const token = await signIn();
    expect((await isValid(token)).status).toBe(200);
    const response = await logout(token, { 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^appAccessToken=;.*Max-Age=0/);
    expect(await response.text()).toContain(loginMessages.loggedOut);
    expect((await isValid(token)).status).toBe(401);
    expect((await renew(token)).status).toBe(401);
    expect((await h.request('GET', '/v2/notifications', { token })).status).toBe(401);
  });

  it('from the SPA (same site, Referer on the client origin) and from the address bar', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-site', referer: `${clientOrigin}/` },
      { 'sec-fetch-site': 'none' },
    ]) {
      const token = await signIn();
      await logout(token, headers);
      expect((await isValid(token)).status, JSON.stringify(headers)).toBe(401);
    }
  });

  it('a cross-site navigation (or one that does not say) only asks, with a button that posts', async () => {
    const token = await signIn();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' },
      { 'sec-fetch-site': 'same-site', referer: 'http://evil.localhost:3000/' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ]) {
      const response = await logout(token, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
      const html = await response.text();
      expect(html.replace(/<[^>]+>/g, '')).toContain(loginMessages.confirmLogout);
      expect(html).toMatch(/<form method="post" action="\/logout">/);
      expect(html).toContain('Se déconnecter');
      expect((await isValid(token)).status, JSON.stringify(headers)).toBe(200);
    }
    // The confirmation page's own button: a same-origin POST.
    const confirmed = await logout(
      token,
      { origin: platformOrigin, 'sec-fetch-site': 'same-origin' },
      'POST',
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(loginMessages.loggedOut);
    expect((await isValid(token)).status).toBe(401);
  });

  it('a form of another site posting to /logout does nothing', async () => {
    const token = await signIn();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const response = await logout(token, headers, 'POST');
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect((await isValid(token)).status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('renewal inside the absolute lifetime only', () => {
  it('keeps the session, and a token never outlives it', async () => {
    const token = await signIn();
    // The session has 10 s left: the renewed token ends with it, not 24 h later.
    await h.db.owner
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '10 seconds'` })
      .where(eq(sessions.id, sidOf(token)));
    const response = await renew(token);
    expect(response.status).toBe(200);
    const renewed = ((await response.json()) as { token: string }).token;
    expect(sidOf(renewed)).toBe(sidOf(token));
    const claims = decodeJwt(renewed);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(11);

    // Past the end: refused, however fresh the token.
    await h.db.owner
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, sidOf(token)));
    expect((await renew(renewed)).status).toBe(401);
    expect((await isValid(renewed)).status).toBe(401);
    expect(await (await renew(renewed)).json()).toEqual({ error: { key: 'unauthorized' } });
  });

  it('a token without a session id, or naming an unknown session, is refused', async () => {
    const token = await signIn();
    await h.db.owner.delete(sessions).where(eq(sessions.id, sidOf(token)));
    expect((await isValid(token)).status).toBe(401);
    // Well signed, right user and company, but no session: what every token was before sessions.
    const userId = await h.userId('user@demo.fr');
    const sessionless = await new SignJWT({ enterprise_id: 1, userId, companyId: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(testJwtSecret));
    expect((await isValid(sessionless)).status).toBe(401);
  });
});
