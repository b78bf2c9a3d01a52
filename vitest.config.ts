import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Store logic is covered whole (a nanostores convention); the rest is measured, not gated. */
const storeFiles = ['src/**/*Store.ts', 'src/session/session.ts', 'src/ui/offline/online.ts'];

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Vitest leaves a core to itself by default (one worker on CI's two cores); the files are
    // independent, so both cores run them.
    maxWorkers: 2,
    // A ceiling for a loaded machine, not a speed goal (see src/test/setup.ts).
    testTimeout: 30_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/**/*.css.ts', 'src/test/**', 'src/app/**'],
      reporter: ['text-summary'],
      thresholds: Object.fromEntries(
        storeFiles.map((glob) => [glob, { lines: 100, functions: 100, statements: 100 }]),
      ),
    },
  },
});
