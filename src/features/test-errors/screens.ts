/** Test-only screens (development and test builds), one lazy chunk. */
export { LoggedErrorScreen, UncaughtErrorScreen } from './TestErrorScreens';
