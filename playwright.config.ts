import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './tests/support/browser';

export default defineConfig({
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      // The built elements (dist/) on test pages, the API answered by fixtures: no server runs.
      name: 'elements',
      testDir: 'tests',
      testMatch: '**/*.spec.ts',
    },
  ],
});
