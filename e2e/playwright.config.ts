import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../tests/support/browser';

/** Ports of their own, so a running `npm start` (3000/3001) does not get in the way. */
export const PLATFORM = 'http://localhost:3100';
export const CLIENT = 'http://localhost:3101';

/** Whole flows as a person does them, against the real server on a fresh in-memory database. */
export default defineConfig({
  testDir: '.',
  forbidOnly: Boolean(process.env.CI),
  workers: 1,
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
  },
  webServer: {
    // The built front end (dist/) must exist: `npm test` builds before it runs this. The client
    // origin serves the SPA's test build (`npm run build:app:test`), which has the test pages.
    command: 'npx tsx server/src/main.ts',
    cwd: '..',
    url: `${PLATFORM}/login`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: {
      DATA_DIR: 'memory://',
      PLATFORM_PORT: '3100',
      CLIENT_PORT: '3101',
      JWT_SECRET: 'e2e-only-secret-0123456789abcdef',
      CLIENT_APP_DIR: 'dist/app-test',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
