/**
 * The SPA calls the API on its own origin (issue 27: no CORS preflight before each call): the client
 * origin answers the API as the platform does — same authentication, same tenant checks, the API's
 * headers — and an API path no route takes is the API's 404, never the SPA's page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaApiHost } from '../src/static/client-app.js';
import { bootHarness, type Harness, testConfig } from './support/harness.js';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
});
afterAll(() => h.close());

const fromClient = (url: string, token?: string, init: RequestInit = {}) =>
  h.apps.client.request(url, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) },
  });

describe('the API on the client origin', () => {
  it('answers what the platform answers, with the same token', async () => {
    const path = '/v2/companies/1/customers?limit=5&offset=0';
    const [client, platform] = await Promise.all([
      fromClient(path, admin),
      h.request('GET', path, { token: admin }),
    ]);
    expect(client.status).toBe(200);
    expect(await client.json()).toEqual(await platform.json());
    expect(client.headers.get('cache-control')).toBe('no-store');
    expect(client.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses a call without a token, and another company’s data', async () => {
    expect((await fromClient('/v2/companies/1/customers')).status).toBe(401);
    const other = await fromClient('/v2/companies/2/customers', admin);
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ error: { key: expect.any(String) } });
  });

  it('answers an unknown API path with the API’s 404 in JSON, not the SPA’s page', async () => {
    for (const path of ['/v2/nothing-here', '/api/jwt/nothing-here', '/v3/anything']) {
      const answer = await fromClient(path, admin);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toContain('application/json');
    }
  });

  it('takes writes there too, checked as on the platform (a body the API refuses is refused)', async () => {
    const answer = await fromClient('/v2/companies/1/customers', admin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ unexpected: true }),
    });
    expect(answer.status).toBe(422);
  });

  it('is the host the SPA is configured with, unless API_ORIGIN names another', async () => {
    expect(spaApiHost(h.config)).toBe(h.config.clientOrigin);
    const html = await (await h.apps.client.request('/gestion-clients')).text();
    expect(html).toContain(`"apiHost":"${h.config.clientOrigin}"`);
    expect(spaApiHost(testConfig({ apiHost: 'https://api.example.fr' }))).toBe('https://api.example.fr');
  });
});
