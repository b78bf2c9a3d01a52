import { type ComponentType, createElement, lazy } from 'react';

export type LazyComponent<Props extends object> = ComponentType<Props> & {
  /** Fetches the component's code (once); resolved, the component renders without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy with a preload. React 19 holds a Suspense boundary's content back until 300 ms after
 * its fallback showed: a screen whose chunk the page's head already fetched (modulepreload) still
 * suspended on its first render, then waited out those 300 ms, and the requests its mount starts
 * with it (issue 27). Once its code is here, preloaded or after a first suspended render, the
 * component draws at once.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchCode = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Suspending = lazy(async () => ({ default: await fetchCode() }));
  function Lazy(props: Props) {
    return createElement(loaded ?? Suspending, props);
  }
  return Object.assign(Lazy, { preload: () => fetchCode().then(() => undefined) });
}

/**
 * A component that draws lazy parts at once (an element's screen), given their preload: a lazy tag
 * (elements/lazyElement.ts) fetches them with its own code and draws once all are here, instead of
 * drawing the tag, suspending on its screen, then waiting out React's 300 ms (issue 27). Rendered
 * any other way (a React host, a story), the parts load when first drawn, as before.
 */
export function drawsAtOnce<C extends ComponentType<never>>(
  component: C,
  ...parts: { preload(): Promise<void> }[]
): C & { preload(): Promise<void> } {
  const preload = () => Promise.all(parts.map((part) => part.preload())).then(() => undefined);
  return Object.assign(component, { preload });
}

/** The preload of a rendered node's lazy component, if it is one. */
export function preloadOf(node: unknown): (() => Promise<void>) | undefined {
  const type = (node as { type?: { preload?: unknown } } | null)?.type;
  return typeof type?.preload === 'function' ? (type.preload as () => Promise<void>) : undefined;
}
