/** The preferences area's screens, as the SPA host mounts them (one lazy chunk for the area). */
export { PreferencesScreen } from './PreferencesScreen';
