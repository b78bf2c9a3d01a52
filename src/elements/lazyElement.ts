import { type ComponentType, createElement, Suspense } from 'react';
import { type LazyComponent, lazyComponent } from '../ui/lazyComponent';

/**
 * What a lazy tag's loader returns: its element module (`() => import('…/XElement')`), whose one
 * export is the component (lazyTags.test.ts checks it), or the component itself.
 */
export type ElementModule<Props> = ComponentType<Props> | Record<string, unknown>;

/**
 * An element's component fetched on first use: the page entry (dist/define.js, under its size
 * budget in .size-limit.cjs) then holds only the element's tag and attributes, not its code. The
 * component itself shows its own progress (a spinner) while its screen loads. Taking the module
 * rather than `(await import(…)).Name` keeps each tag's line in the entry to its chunk's address.
 * Its `preload` lets the element draw it once its code is here (defineElement.ts), with the code of
 * what the component draws at once when it says so (`drawsAtOnce`).
 */
export function lazyElement<Props extends object>(
  load: () => Promise<ElementModule<Props>>,
): LazyComponent<Props> {
  const Loaded = lazyComponent<Props>(async () => {
    const loaded = await load();
    const component = (
      typeof loaded === 'function' ? loaded : Object.values(loaded)[0]
    ) as ComponentType<Props>;
    // The parts it draws at once too (its screen: ui/lazyComponent.ts's drawsAtOnce); one that fails
    // to load is drawn all the same, its own boundary says so.
    await (component as Partial<LazyComponent<Props>>).preload?.().catch(() => undefined);
    return component;
  });
  function LazyElement(props: Props) {
    return createElement(Suspense, { fallback: null }, createElement(Loaded, props));
  }
  return Object.assign(LazyElement, { preload: Loaded.preload });
}
