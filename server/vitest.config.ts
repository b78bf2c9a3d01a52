import { defineConfig } from 'vitest/config';

// Server tests only (node environment); the root vitest (jsdom) covers src/.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores, shared with the front-end build: at most two files at once.
    maxWorkers: 2,
  },
});
