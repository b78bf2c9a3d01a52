/** One import of the overlays chunk for the whole page (React.lazy and the idle prefetch share it). */
let overlays: Promise<typeof import('./Overlays')> | undefined;

export function loadOverlays() {
  overlays ??= import('./Overlays');
  return overlays;
}

/**
 * Fetches the overlays once the page is idle: the offline modal must be ready before the network
 * goes away, since it cannot be downloaded afterwards.
 */
export function prefetchOverlaysWhenIdle(): void {
  const prefetch = () => void loadOverlays();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(prefetch, { timeout: 3000 });
  else setTimeout(prefetch, 1000);
}
