import { testPaths } from './paths';

/**
 * The test-only pages exist in development and in unit tests. Vite writes the flag in at build
 * time: a production build folds the condition to false and drops the pages' routes, paths and
 * chunk. Everything that depends on it lives in this module, because the bundler does not fold an
 * imported constant. The end-to-end run serves the production build, and checks the same captures
 * through real failures (e2e/spa.spec.ts).
 */
const withTestPages: boolean = import.meta.env.DEV;

/** Route names and paths of the test pages, or none in production. */
export const testRoutes = (
  withTestPages ? { uncaughtErrorTest: testPaths.uncaughtError, loggedErrorTest: testPaths.loggedError } : {}
) as { uncaughtErrorTest: typeof testPaths.uncaughtError; loggedErrorTest: typeof testPaths.loggedError };

/** Loads the test pages' screens (their own chunk); undefined in production. */
export const loadTestScreens = withTestPages ? () => import('../features/test-errors/screens') : undefined;
