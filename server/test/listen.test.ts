/** The real listeners, on loopback port 0: both origins answer over HTTP. */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryLogger } from '../src/log.js';
import type { RunningServers } from '../src/server.js';
import { startServers } from '../src/server.js';
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
