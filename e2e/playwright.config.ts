import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { desktopChromium } from '../tests/support/browser';

/**
 * Two workers, each with a server of its own (its own in-memory database, ports and outbox): the
 * flows change data (settings, numbering, payments), so two files never share a server. A worker's
 * slot (TEST_PARALLEL_INDEX, set by Playwright in each worker process) picks its server.
 */
const workers = 2;
/**
 * Ports of their own, so a running `npm start` (3000/3001) does not get in the way; E2E_PORT moves
 * them when two runs share a machine. Slot n uses E2E_PORT + 2n (platform) and + 2n + 1 (client).
 */
const basePort = Number(process.env.E2E_PORT ?? 3100);
const ports = (slot: number) => ({ platform: basePort + 2 * slot, client: basePort + 2 * slot + 1 });
const outboxOf = (slot: number) => path.join(os.tmpdir(), `bo-e2e-outbox-${ports(slot).platform}`);

const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const PLATFORM = `http://localhost:${ports(slot).platform}`;
export const CLIENT = `http://localhost:${ports(slot).client}`;
/** Where this worker's server writes the mails it sends (no SMTP_URL): read by the tests. */
export const OUTBOX = outboxOf(slot);

/** Whole flows as a person does them, against the real server on a fresh in-memory database. */
export default defineConfig({
  testDir: '.',
  forbidOnly: Boolean(process.env.CI),
  workers,
  reporter: 'list',
  // The browser in France, as the product's users are: the day a form proposes is the French day
  // the server dates documents on, even when the machine's clock is past midnight in Paris only.
  use: { ...desktopChromium, timezoneId: 'Europe/Paris' },
  webServer: Array.from({ length: workers }, (_, n) => ({
    // The built front end (dist/) must exist: `npm test` builds before it runs this. Both origins
    // serve the production build, as `npm start` does.
    command: 'npx tsx server/src/main.ts',
    cwd: '..',
    url: `http://localhost:${ports(n).platform}/login`,
    // PGlite boots, migrates and seeds first: about 6 s alone, a minute on a loaded two-core box.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      DATA_DIR: 'memory://',
      PLATFORM_PORT: String(ports(n).platform),
      CLIENT_PORT: String(ports(n).client),
      JWT_SECRET: 'e2e-only-secret-0123456789abcdef',
      OUTBOX_DIR: outboxOf(n),
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
