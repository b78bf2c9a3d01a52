import { type ComponentType, createElement, lazy, Suspense } from 'react';

/**
 * An element's component fetched on first use: the page entry (dist/define.js, under its size
 * budget in .size-limit.cjs) then holds only the element's tag and attributes, not its code. The
 * component itself shows its own progress (a spinner) while its screen loads.
 */
export function lazyElement<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyElement(props: Props) {
    return createElement(Suspense, { fallback: null }, createElement(Loaded, props));
  };
}
