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
    // Migrations and the seed (invoicing included) on PGlite take most of a minute on a busy machine.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      DATA_DIR: 'memory://',
      PLATFORM_PORT: String(platformPort),
      CLIENT_PORT: String(clientPort),
      JWT_SECRET: 'e2e-only-secret-0123456789abcdef',
      CLIENT_APP_DIR: 'dist/app-test',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
