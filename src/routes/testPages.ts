import { testPaths } from './paths';

/**
 * The test-only pages exist in development, in unit tests and in the SPA's test build
 * (`vite build --mode app-test`). Vite writes both operands in at build time: a production build
 * folds the condition to false and drops the pages' routes, paths and chunk. Everything that
 * depends on it lives in this module, because the bundler does not fold an imported constant.
 */
const withTestPages: boolean = import.meta.env.DEV || import.meta.env.MODE === 'app-test';

/** Route names and paths of the test pages, or none in production. */
export const testRoutes = (
  withTestPages ? { uncaughtErrorTest: testPaths.uncaughtError, loggedErrorTest: testPaths.loggedError } : {}
) as { uncaughtErrorTest: typeof testPaths.uncaughtError; loggedErrorTest: typeof testPaths.loggedError };

/** Loads the test pages' screens (their own chunk); undefined in production. */
export const loadTestScreens = withTestPages ? () => import('../features/test-errors/screens') : undefined;
