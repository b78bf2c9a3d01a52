/**
 * The bo-* tags in TypeScript's DOM and React 19 JSX typings, so `document.querySelector('bo-shell')`
 * and `<bo-shell />` are typed in host code.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

export type BoShellElement = HTMLElement;

type ElementJsx<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Attributes;

declare global {
  interface HTMLElementTagNameMap {
    'bo-shell': BoShellElement;
  }
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'bo-shell': ElementJsx<Record<never, never>>;
    }
  }
}
