/** The client origin serves the SPA from CLIENT_APP_DIR when set (an SPA built elsewhere). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApps } from '../src/app.js';
import { loadConfig, repoRoot } from '../src/config.js';
import { bootHarness, type Harness, testConfig } from './support/harness.js';

let h: Harness;
let testBuild: string;
beforeAll(async () => {
  h = await bootHarness();
  testBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-app-test-'));
  fs.writeFileSync(
    path.join(testBuild, 'index.html'),
    '<!doctype html><html><head><title>SPA de test</title></head><body><div id="root" data-build="test"></div></body></html>',
  );
  fs.mkdirSync(path.join(testBuild, 'assets'));
  fs.writeFileSync(path.join(testBuild, 'assets', 'test.js'), 'console.log("test build");\n');
});
afterAll(async () => {
  fs.rmSync(testBuild, { recursive: true, force: true });
  await h.close();
});

const clientApp = (clientAppDir: string) =>
  createApps({ config: testConfig({ distDir: h.distDir, clientAppDir }), db: h.db, log: h.log }).client;

describe('CLIENT_APP_DIR', () => {
  it('is read from the environment, relative to the repository; unset, the SPA is <dist>/app', () => {
    expect(loadConfig({ CLIENT_APP_DIR: 'dist/other-app' }).clientAppDir).toBe(
      path.join(repoRoot, 'dist', 'other-app'),
    );
    expect(loadConfig({ CLIENT_APP_DIR: testBuild }).clientAppDir).toBe(testBuild);
    expect(loadConfig({}).clientAppDir).toBeUndefined();
  });

  it('serves that folder with the history fallback and the configuration, instead of dist/app', async () => {
    const client = clientApp(testBuild);
    for (const url of ['/', '/test/client-side-error/uncaught', '/gestion-clients/12']) {
      const html = await (await client.request(url)).text();
      expect(html).toContain('data-build="test"');
      expect(html).toContain('id="bo-config"');
    }
    expect(await (await client.request('/assets/test.js')).text()).toContain('test build');
    expect((await client.request('/assets/main.js')).status).toBe(404);
  });

  it('says in French which folder to build when it is missing', async () => {
    const missing = path.join(repoRoot, 'dist', 'app-introuvable');
    const response = await clientApp(missing).request('/facturation');
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('dist/app-introuvable/');
    expect(html).toContain('npm run build');
  });
});
