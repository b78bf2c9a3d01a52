/** One import of the popover's chunk (Floating UI, the list, DOMPurify) for the whole page. */
let popover: Promise<typeof import('./NotificationPopover')> | undefined;

export function loadPopover() {
  popover ??= import('./NotificationPopover');
  return popover;
}

/** Fetches the popover once the page is idle, so the first click on the bell opens at once. */
export function prefetchPopoverWhenIdle(): void {
  const prefetch = () => void loadPopover();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(prefetch, { timeout: 3000 });
  else setTimeout(prefetch, 1000);
}
