import r2wc from '@r2wc/react-to-web-component';
import { type ComponentType, createElement } from 'react';
import type { ElementDefinition } from './definitions';
import { ElementRoot } from './ElementRoot';
import { elementStyleSheet } from './stylesheet';

/** Props every element component receives besides its own attributes. */
export interface ElementHostProps {
  /** The custom element itself: where its `bo-*` events are dispatched. */
  host?: HTMLElement;
}

const SHELL_TAG = 'bo-shell';

/** Every page with a bo-* element gets exactly one shell (toasts, offline modal, session screens). */
function ensureShell() {
  if (document.querySelector(SHELL_TAG) || !customElements.get(SHELL_TAG)) return;
  document.body.append(document.createElement(SHELL_TAG));
}

/**
 * Builds the custom element class for a React component: an open shadow root with the shared
 * stylesheet adopted, the attributes of its definition, and the theme root around it.
 */
export function createElementClass<Props extends object>(
  definition: ElementDefinition,
  Component: ComponentType<Props & ElementHostProps>,
): CustomElementConstructor {
  function Rooted(props: Props & { container?: ShadowRoot }) {
    const { container, ...own } = props;
    const host = container?.host as HTMLElement | undefined;
    return createElement(
      ElementRoot,
      { tag: definition.tag },
      createElement(Component, { ...(own as Props), host }),
    );
  }
  const Base = r2wc(
    Rooted as unknown as ComponentType<object>,
    {
      shadow: 'open',
      props: definition.props,
    } as Parameters<typeof r2wc>[1],
  ) as unknown as new () => HTMLElement & { connectedCallback(): void };

  return class extends Base {
    override connectedCallback() {
      const root = this.shadowRoot;
      if (root && !root.adoptedStyleSheets.includes(elementStyleSheet())) {
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, elementStyleSheet()];
      }
      if (definition.tag !== SHELL_TAG) ensureShell();
      super.connectedCallback();
    }
  };
}

/** Registers a tag once: a second copy of the library on the page keeps the first definition. */
export function defineElement<Props extends object>(
  definition: ElementDefinition,
  Component: ComponentType<Props & ElementHostProps>,
): void {
  if (!customElements.get(definition.tag)) {
    customElements.define(definition.tag, createElementClass(definition, Component));
  }
}
