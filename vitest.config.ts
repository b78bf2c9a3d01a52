import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/** Store logic is covered whole (a nanostores convention); the rest is measured, not gated. */
const storeFiles = ['src/**/*Store.ts', 'src/session/session.ts', 'src/ui/offline/online.ts'];

/**
 * Test files of values alone (schemas, formats, menus, pure rules): no document, no rendering. They
 * run in the `pure` project, in Node without jsdom and without the Testing Library set-up, which is
 * most of what a small test file costs. A file that needs the DOM does not belong here: it fails at
 * once (`document is not defined`); a pure file left in `dom` is only slower.
 */
const pureFiles = [
  'src/contract/*.test.ts',
  'src/elements/catalog.test.ts',
  'src/features/customers/form/changedFields.test.ts',
  'src/features/customers/form/customerFormSchema.test.ts',
  'src/features/invoices/editor/invoiceDraft.test.ts',
  'src/features/nav-bar/activeEntry.test.ts',
  'src/features/nav-bar/menu.test.ts',
  'src/features/nav-bar/menuVisibility.test.ts',
  'src/features/notifications/now.test.ts',
  'src/features/payments/batchMessages.test.ts',
  'src/features/preferences/form/formats.test.ts',
  'src/features/preferences/preferencesMenu.test.ts',
  'src/i18n/format.test.ts',
  'src/i18n/serverErrors.test.ts',
  'src/i18n/zodErrors.test.ts',
  'src/logging/beacon.test.ts',
  'src/logging/captureGlobalErrors.test.ts',
  'src/logging/monitoring.test.ts',
  'src/ui/pageItems.test.ts',
  'src/ui/toasts/toastStore.test.ts',
];

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  test: {
    restoreMocks: true,
    // Vitest leaves a core to itself by default (one worker on CI's two cores); the files are
    // independent, so both cores run them.
    maxWorkers: 2,
    // Each file runs in a fresh VM context of a worker that stays: jsdom and the workers' start are
    // paid once per worker instead of once per file (a new process for each with the default
    // `forks`), about a third of the CPU time; every file still gets its own globals, document and
    // modules. A worker whose memory passes the limit is replaced (VM contexts are not all freed).
    pool: 'vmThreads',
    vmMemoryLimit: '1200MB',
    // A ceiling for a loaded machine, not a speed goal (see src/test/setup.ts).
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...pureFiles],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      { extends: true, test: { name: 'pure', environment: 'node', include: pureFiles } },
    ],
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
