import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that never touch a database: the pure rules of src/domain, and the documents, mail,
 * encodings and app construction tested on values alone. They run in the `domain` project, which has
 * no global set-up, so `npx vitest run --project domain` (or `test/domain`) starts at once instead of
 * waiting for PGlite to boot, migrate and seed (most of a minute on a loaded two-core machine).
 * A file that opens the test database does not belong here: without the snapshot it fails at once
 * (harness.ts says so); a pure file left in `api` is only slower.
 */
const withoutDatabase = [
  'test/domain/**/*.test.ts',
  'test/documents.test.ts',
  'test/documents-codes.test.ts',
  'test/exports-latin9.test.ts',
  'test/invoice-pdf-fonts.test.ts',
  'test/invoice-pdf-layout.test.ts',
  'test/logo.test.ts',
  'test/mail/mailer.test.ts',
  'test/password-queue.test.ts',
  'test/route-auth.test.ts',
  'test/route-preload.test.ts',
  'test/start-banner.test.ts',
  'test/static-compression.test.ts',
];

/**
 * Database files that change the process itself (its environment variables, its clock) or start
 * processes and sockets of their own: each runs in a fresh worker. Every other file shares its
 * worker's loaded modules with the files before it (`isolate: false`): each still opens its own
 * database and builds its own apps (harness.ts), and loading the server's modules once per worker
 * instead of once per file is most of what the suite's CPU went to (370 of 620 s on CI's two cores).
 * A file that leaves state in a module for the next one belongs here.
 */
const ownProcess = [
  'test/database-timeouts.test.ts',
  'test/round-trips.test.ts',
  'test/session-cache.test.ts',
  'test/startup.test.ts',
  'test/body-limit.test.ts',
];

// Server tests only (node environment); the root vitest (jsdom) covers src/.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    environment: 'node',
    testTimeout: 30_000,
    // The burst tests (600 sign-ins, 30 validations at once) queue for the pool's connections: on a
    // loaded CI machine that wait passes the product's 5 s and answers 503, which is not what they test.
    // Likewise a burst's last statement waits for the company's counter lock behind the 29 others
    // (30 quotes numbered at once): past the product's 5 s statement limit on a busy box (503).
    env: { DATABASE_CONNECTION_TIMEOUT_MS: '30000', DATABASE_STATEMENT_TIMEOUT_MS: '30000' },
    hookTimeout: 120_000,
    // Two cores, shared with the front-end build: at most two files at once.
    maxWorkers: 2,
    projects: [
      // Values only: the files share their workers' modules (no file changes one for the next).
      { extends: true, test: { name: 'domain', include: withoutDatabase, isolate: false } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...withoutDatabase, ...ownProcess],
          isolate: false,
          // Boots, migrates and seeds PGlite once and dumps it; each file loads the dump (harness.ts).
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'api-own-process', include: ownProcess, globalSetup: ['test/support/global-setup.ts'] },
      },
    ],
  },
});
