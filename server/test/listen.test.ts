/** The real listeners, on loopback port 0: both origins answer over HTTP. */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/log.js';
import type { RunningServers } from '../src/server.js';
import { startServers } from '../src/server.js';
import { clientOrigin } from './support/constants.js';
import { makeDistDir, seededDatabaseOptions, testConfig } from './support/harness.js';

let servers: RunningServers;
let distDir: string;
beforeAll(async () => {
  distDir = makeDistDir();
  const config = testConfig({ platformPort: 0, clientPort: 0, distDir });
  servers = await startServers(config, {
    log: createMemoryLogger(),
    hostname: '127.0.0.1',
    database: await seededDatabaseOptions(),
  });
});
afterAll(async () => {
  await servers.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

it('serves the sign-in page and the SPA on two ports, and signs in over HTTP', async () => {
  const login = await fetch(`${servers.platformUrl}/login`);
  expect(login.status).toBe(200);
  expect(await login.text()).toContain('Connexion');
  const spa = await fetch(`${servers.clientUrl}/facturation`);
  expect(await spa.text()).toContain('id="bo-config"');
  const signIn = await fetch(`${servers.platformUrl}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'admin@demo.fr', password: 'demo1234' }),
    redirect: 'manual',
  });
  expect(signIn.status).toBe(303);
  const token = /appAccessToken=([^;]+)/.exec(signIn.headers.get('set-cookie')!)![1];
  const users = await fetch(`${servers.platformUrl}/v2/companies/1/users`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await users.json()) as { data: unknown[] }).data.length).toBeGreaterThan(1);
});

it('gives API answers over HTTP the security headers and CORS of every answer, and a served file its own', async () => {
  const signIn = await fetch(`${servers.platformUrl}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'admin@demo.fr', password: 'demo1234' }),
    redirect: 'manual',
  });
  const token = /appAccessToken=([^;]+)/.exec(signIn.headers.get('set-cookie')!)![1];
  const get = (path: string, origin: string) =>
    fetch(`${servers.platformUrl}${path}`, { headers: { authorization: `Bearer ${token}`, origin } });

  const page = await get('/v2/companies/1/customers?limit=2', clientOrigin);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('application/json');
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(page.headers.get('cache-control')).toBe('no-store');
  expect(page.headers.get('access-control-allow-origin')).toBe(clientOrigin);
  expect(page.headers.get('access-control-allow-credentials')).toBe('true');
  expect(page.headers.get('access-control-expose-headers')).toBe('Content-Disposition');
  expect(page.headers.get('vary')).toBe('Origin, Accept-Encoding');

  // Another origin may not read it; a refusal gets the same headers.
  const foreign = await get('/v2/companies/1/customers?limit=2', 'https://evil.example');
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  expect(foreign.headers.get('x-content-type-options')).toBe('nosniff');
  const refused = await get('/v2/companies/2/customers', clientOrigin);
  expect(refused.status).toBe(403);
  expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  expect(refused.headers.get('access-control-allow-origin')).toBe(clientOrigin);

  // A served file keeps its own CSP (sandbox) over the answers' one.
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const uploaded = await fetch(`${servers.platformUrl}/v2/companies/1/footer-logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: pixel,
  });
  expect(uploaded.status).toBe(200);
  const { footerLogo } = ((await uploaded.json()) as { data: { footerLogo: string } }).data;
  const file = await get(footerLogo, clientOrigin);
  expect(file.headers.get('content-type')).toBe('image/png');
  expect(file.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  // Its own caching too, not the answers' no-store.
  expect(file.headers.get('cache-control')).toBe('private, no-cache');

  // Pages keep their nonce, one per answer.
  const nonce = async () =>
    /'nonce-([^']+)'/.exec(
      (await fetch(`${servers.platformUrl}/login`)).headers.get('content-security-policy')!,
    )?.[1];
  const [first, second] = [await nonce(), await nonce()];
  expect(first).toBeTruthy();
  expect(first).not.toBe(second);
});
