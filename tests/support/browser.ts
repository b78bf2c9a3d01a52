import { existsSync } from 'node:fs';
import { devices, type PlaywrightTestConfig } from '@playwright/test';

/**
 * The Chromium to drive: $CHROMIUM_PATH, else Debian's /usr/bin/chromium (CI and these machines
 * cannot download browsers), else Playwright's own download on a developer's laptop.
 */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** What every browser test runs in: a 1280 px French desktop Chromium. */
export const desktopChromium: PlaywrightTestConfig['use'] = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  locale: 'fr-FR',
  timezoneId: 'Europe/Paris',
  // A trace records every step's DOM and screenshots; CI keeps only the printed log, so it would
  // pay that on every test for files nobody opens.
  trace: process.env.CI ? 'off' : 'retain-on-failure',
};
