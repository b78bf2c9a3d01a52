import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { desktopChromium } from '../tests/support/browser';

/**
 * Ports of their own, so a running `npm start` (3000/3001) does not get in the way; E2E_PORT moves
 * them when two runs share a machine.
 */
const platformPort = Number(process.env.E2E_PORT ?? 3100);
const clientPort = platformPort + 1;
export const PLATFORM = `http://localhost:${platformPort}`;
export const CLIENT = `http://localhost:${clientPort}`;
/** Where the server writes the mails it sends (no SMTP_URL): one folder per port, read by the tests. */
export const OUTBOX = path.join(os.tmpdir(), `bo-e2e-outbox-${platformPort}`);

/** Whole flows as a person does them, against the real server on a fresh in-memory database. */
export default defineConfig({
  testDir: '.',
  forbidOnly: Boolean(process.env.CI),
  workers: 1,
  reporter: 'list',
  use: desktopChromium,
  webServer: {
    // The built front end (dist/) must exist: `npm test` builds before it runs this. The client
    // origin serves the SPA's test build (`npm run build:app:test`), which has the test pages.
    command: 'npx tsx server/src/main.ts',
    cwd: '..',
    url: `${PLATFORM}/login`,
    // PGlite boots, migrates and seeds first: about 6 s alone, a minute on a loaded two-core box.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      DATA_DIR: 'memory://',
      PLATFORM_PORT: String(platformPort),
      CLIENT_PORT: String(clientPort),
      JWT_SECRET: 'e2e-only-secret-0123456789abcdef',
      CLIENT_APP_DIR: 'dist/app-test',
      OUTBOX_DIR: OUTBOX,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
