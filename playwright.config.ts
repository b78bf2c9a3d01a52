import { defineConfig } from '@playwright/test';
import { desktopChromium } from './tests/support/browser';

export default defineConfig({
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? 'list' : [['list']],
  use: desktopChromium,
  projects: [
    {
      // The built elements (dist/) on test pages, the API answered by fixtures: no server runs.
      name: 'elements',
      testDir: 'tests',
      testMatch: '**/*.spec.ts',
    },
  ],
});
