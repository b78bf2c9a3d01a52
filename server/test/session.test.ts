/** Sign-in, sign-out, token renewal and validity, authorization lookup. */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApps } from '../src/app.js';
import { loginMessages } from '../src/pages/login.js';
import { clientOrigin, platformOrigin, testPassword } from './support/constants.js';
import { bootHarness, type Harness, testConfig } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness();
});
afterAll(() => h.close());

const postLogin = (
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  app = h.apps.platform,
) => app.request('/login', { method: 'POST', body: new URLSearchParams(fields), headers });

// The session's cookie (a successful sign-in also sets the device cookie, auth/device-cookie.ts).
const cookieOf = (response: Response) =>
  response.headers.getSetCookie().find((line) => line.startsWith('appAccessToken=')) ?? '';
const tokenOf = (response: Response) => /appAccessToken=([^;]+)/.exec(cookieOf(response))?.[1] ?? '';

describe('GET /login', () => {
  it('is a French page that keeps the redirect parameter', async () => {
    const target = `${clientOrigin}/facturation/reglements/recus?x=1&y="2"`;
    const response = await h.apps.platform.request(`/login?redirect=${encodeURIComponent(target)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Adresse email');
    expect(html).toContain('Mot de passe');
    expect(html).toContain('Se connecter');
    expect(html).toContain(
      'name="redirect" value="http://localhost:3001/facturation/reglements/recus?x=1&amp;y=&quot;2&quot;"',
    );
  });
});

describe('POST /login', () => {
  it('sets the token cookie and goes back to the redirect on the client origin', async () => {
    const response = await postLogin({
      email: 'Admin@Demo.fr ',
      password: testPassword,
      redirect: `${clientOrigin}/gestion-clients`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${clientOrigin}/gestion-clients`);
    const cookie = cookieOf(response);
    expect(cookie).toMatch(/^appAccessToken=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=86400');
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);
    const claims = decodeJwt(tokenOf(response));
    expect(claims).toMatchObject({ enterprise_id: 1, companyId: 1, userId: await h.userId('admin@demo.fr') });
    expect(claims.exp! - claims.iat!).toBe(86400);
  });

  it('goes to the platform page given as a path or URL', async () => {
    for (const [redirect, expected] of [
      ['/app/reporting', `${platformOrigin}/app/reporting`],
      [`${platformOrigin}/app/prive/#/base-donnees`, `${platformOrigin}/app/prive/#/base-donnees`],
      ['', `${platformOrigin}/app/my-account`],
    ]) {
      const response = await postLogin({
        email: 'user@demo.fr',
        password: testPassword,
        redirect: redirect!,
      });
      expect(response.headers.get('location')).toBe(expected);
    }
  });

  it('refuses open redirects: anywhere else goes to /app/my-account', async () => {
    for (const redirect of [
      'https://evil.example/x',
      '//evil.example',
      'javascript:alert(1)',
      'http://localhost:3002/',
      'https://localhost:3001/',
      '\\\\evil.example',
    ]) {
      const response = await postLogin({ email: 'user@demo.fr', password: testPassword, redirect });
      expect(response.headers.get('location'), redirect).toBe(`${platformOrigin}/app/my-account`);
    }
  });

  it('one message for a wrong password and an unknown email, the redirect kept', async () => {
    for (const fields of [
      { email: 'user@demo.fr', password: 'mauvais' },
      { email: 'personne@demo.fr', password: testPassword },
    ]) {
      const response = await postLogin({ ...fields, redirect: '/app/reporting' });
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      const html = await response.text();
      expect(html).toContain(loginMessages.wrongCredentials);
      expect(html).toContain('value="/app/reporting"');
    }
  });

  it('rate-limits repeated failures per IP + email, even with the right password then', async () => {
    const email = 'camille.petit@demo.fr';
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await postLogin({ email, password: `faux${attempt}` })).status).toBe(401);
    const blocked = await postLogin({ email, password: testPassword });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain(loginMessages.tooManyAttempts);
    // Another email from the same IP is not blocked.
    expect((await postLogin({ email: 'user@demo.fr', password: testPassword })).status).toBe(303);
  });

  it('answers a locked account with the right password exactly as a wrong password', async () => {
    // The nonce differs on every page: compare the rest.
    const answer = async (password: string) => {
      const response = await postLogin({
        email: 'thomas.leroy@demo.fr',
        password,
        redirect: '/app/reporting',
      });
      const html = (await response.text())
        .replace(/nonce="[^"]*"/g, 'nonce=""')
        .replace(/'nonce-[^']*'/g, '');
      return { status: response.status, cookie: response.headers.get('set-cookie'), html };
    };
    const locked = await answer(testPassword);
    expect(locked.status).toBe(401);
    expect(locked.cookie).toBeNull();
    expect(locked.html).toContain(loginMessages.wrongCredentials);
    expect(locked).toEqual(await answer('mauvais'));
  });

  it('refuses a form posted from another site', async () => {
    const response = await postLogin(
      { email: 'user@demo.fr', password: testPassword },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a form posted with an opaque origin or from a cross-site context', async () => {
    const cases: Record<string, string>[] = [{ origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of cases) {
      const response = await postLogin({ email: 'user@demo.fr', password: testPassword }, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('marks the cookie Secure when the platform is on https', async () => {
    const config = testConfig({
      platformOrigin: 'https://plateforme.example',
      clientOrigin: 'https://app.example',
    });
    const apps = createApps({ config, db: h.db, log: h.log });
    const response = await postLogin(
      { email: 'user@demo.fr', password: testPassword, redirect: 'https://app.example/' },
      {},
      apps.platform,
    );
    expect(response.headers.get('location')).toBe('https://app.example/');
    expect(cookieOf(response)).toMatch(/; Secure/);
  });
});

describe('GET /logout', () => {
  it('clears the cookie and shows the sign-in page', async () => {
    const response = await h.apps.platform.request('/logout', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(200);
    expect(cookieOf(response)).toMatch(/^appAccessToken=;.*Max-Age=0/);
    expect(await response.text()).toContain('Mot de passe');
  });
});

describe('/api/jwt/access-token', () => {
  it('renew answers status ok with a fresh token in the cookie and the body', async () => {
    const token = await h.tokenFor('user@demo.fr');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new iat second
    const response = await h.request('GET', '/api/jwt/access-token/renew', { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; token: string };
    expect(body.status).toBe('ok');
    expect(tokenOf(response)).toBe(body.token);
    expect(decodeJwt(body.token).iat!).toBeGreaterThan(decodeJwt(token).iat!);
    expect((await h.request('GET', '/api/jwt/access-token/is-valid', { token: body.token })).status).toBe(
      200,
    );
  });

  it('is-valid answers status ok', async () => {
    const response = await h.request('GET', '/api/jwt/access-token/is-valid', {
      token: await h.tokenFor('admin@autre-demo.fr'),
    });
    expect([response.status, await response.json()]).toEqual([200, { status: 'ok' }]);
  });
});

describe('GET /v2/users/{userId}/authorization', () => {
  it('gives the admin flag and the company scopes', async () => {
    const cases: [string, boolean, string[]][] = [
      ['admin@demo.fr', true, ['gestion-de-chantier']],
      ['user@demo.fr', false, ['gestion-de-chantier']],
      ['admin@autre-demo.fr', true, []],
      ['user@autre-demo.fr', false, []],
    ];
    for (const [email, admin, scopes] of cases) {
      const userId = await h.userId(email);
      const response = await h.request('GET', `/v2/users/${userId}/authorization`, {
        token: await h.tokenFor(email),
      });
      expect(await response.json()).toEqual({ data: { userId, admin, scopes } });
    }
  });
});
