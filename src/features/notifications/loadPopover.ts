import { NOTIFICATIONS_POPOVER_PREFETCH_AFTER_LOAD_MS } from '../../config/constants';

/** One import of the popover's chunk (Floating UI, the list, DOMPurify) for the whole page. */
let popover: Promise<typeof import('./NotificationPopover')> | undefined;

export function loadPopover() {
  popover ??= import('./NotificationPopover');
  return popover;
}

/** Starts fetching the popover's code (a user reaching for the bell: it opens at once). */
export function prefetchPopover(): void {
  void loadPopover().catch(() => undefined); // opened, the bell's boundary says it failed
}

/**
 * Fetches the popover once the page has settled (a while after its load, then when idle), so the
 * first click on the bell opens at once without taking a phone's link from the screen's own code
 * and data. Returns the cancel (an effect's cleanup).
 */
export function prefetchPopoverWhenSettled(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(prefetchPopover, { timeout: 3000 });
    else prefetchPopover();
  };
  const afterLoad = () => {
    timer = setTimeout(whenIdle, NOTIFICATIONS_POPOVER_PREFETCH_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
  };
}
