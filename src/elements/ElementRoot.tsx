import type { ReactNode } from 'react';
import { ErrorBoundary } from '../ui/errors/ErrorBoundary';
import { root } from '../ui/theme.css';

/** What every element's React tree sits in: the theme's root class and an error boundary. */
export function ElementRoot({ tag, children }: { tag: string; children?: ReactNode }) {
  return (
    <div className={root}>
      <ErrorBoundary area={tag}>{children}</ErrorBoundary>
    </div>
  );
}
