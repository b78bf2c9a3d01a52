/**
 * Where arrow keys, Home and End move the focus in a row or column of menu items (WAI-ARIA APG
 * menubar and menu patterns): the ends wrap round. null for any other key.
 */
export function nextIndex(
  current: number,
  count: number,
  key: string,
  orientation: 'horizontal' | 'vertical',
): number | null {
  if (count === 0) return null;
  const [back, forward] =
    orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (key === forward) return (current + 1) % count;
  if (key === back) return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Whether a pointer event happened outside an element, shadow roots included. */
export function isOutside(event: Event, element: Element | null): boolean {
  return !element || !event.composedPath().includes(element);
}
