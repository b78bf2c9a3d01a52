import type { Overlays } from './Overlays';

/** One import of the overlays chunk for the whole page; a failed one (offline) can be tried again. */
let overlays: Promise<typeof Overlays> | undefined;

export function loadOverlays(): Promise<typeof Overlays> {
  overlays ??= import('./Overlays').then(
    (module) => module.Overlays,
    (error: unknown) => {
      overlays = undefined;
      throw error;
    },
  );
  return overlays;
}
