import { type ComponentType, createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { LazyComponent } from '../ui/lazyComponent';
import type { AttributeType, ElementDefinition } from './definitions';
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

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** An attribute's text as its prop's value (no attribute, or JSON that does not parse: no value). */
function parse(type: AttributeType, text: string | null): unknown {
  if (text === null) return undefined;
  if (type === 'number') return Number.parseFloat(text);
  if (type === 'boolean') return /^[ty1-9]/i.test(text);
  if (type !== 'json') return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A prop's value as its attribute's text (null: no attribute). */
function stringify(type: AttributeType, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return type === 'json' ? JSON.stringify(value) : String(value);
}

/**
 * Builds the custom element class for a React component: an open shadow root with the shared
 * stylesheet adopted, the attributes of its definition (each also a property, which sets the
 * attribute), and the theme root around it. The React root is made when the element enters the
 * page and unmounted when it leaves (nothing is done in the constructor). Written here rather than
 * with @r2wc/react-to-web-component: the same behaviour in a third of its bytes in the page's first
 * load (docs/decisions.md « Every area as an element »).
 */
export function createElementClass<Props extends object>(
  definition: ElementDefinition,
  Component: ComponentType<Props & ElementHostProps>,
): CustomElementConstructor {
  const types = definition.props;
  const propOf: Record<string, string> = {};
  for (const prop of Object.keys(types)) propOf[kebab(prop)] = prop;

  return class BoElement extends HTMLElement {
    static observedAttributes = Object.keys(propOf);
    #props: Record<string, unknown> = {};
    #root: Root | undefined;

    static {
      for (const [attribute, prop] of Object.entries(propOf)) {
        Object.defineProperty(BoElement.prototype, prop, {
          configurable: true,
          enumerable: true,
          get(this: BoElement) {
            return this.#props[prop];
          },
          set(this: BoElement, value: unknown) {
            const text = stringify(types[prop] as AttributeType, value);
            if (text === null) this.removeAttribute(attribute);
            else this.setAttribute(attribute, text);
          },
        });
      }
    }

    connectedCallback() {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      if (!shadow.adoptedStyleSheets.includes(elementStyleSheet())) {
        shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, elementStyleSheet()];
      }
      if (definition.tag !== SHELL_TAG) ensureShell();
      this.#root ??= createRoot(shadow);
      // The first render before the browser paints again (issue 27): rendered later, as a root's
      // render is, the element showed empty for a frame or more after its tag was defined, and what
      // the page held in its place (bo-nav-bar's height, layout.ts) collapsed then came back,
      // shifting the page twice. Once drawn, updates render as usual.
      const draw = () => {
        if (this.#root) flushSync(() => this.#render());
      };
      // A lazy tag is drawn once its code is here (the page's head preloads its chunk) rather than
      // suspended first, then held back 300 ms by React (ui/lazyComponent.ts); code that fails to
      // load is drawn all the same: its boundary says so.
      const { preload } = Component as Partial<LazyComponent<Props>>;
      if (preload) preload().then(draw, draw);
      else draw();
    }

    disconnectedCallback() {
      this.#root?.unmount();
      this.#root = undefined;
    }

    attributeChangedCallback(attribute: string, _old: string | null, text: string | null) {
      const prop = propOf[attribute] as string;
      this.#props = { ...this.#props, [prop]: parse(types[prop] as AttributeType, text) };
      this.#render();
    }

    #render() {
      const props = { ...this.#props, host: this } as Props & ElementHostProps;
      this.#root?.render(
        createElement(ElementRoot, { tag: definition.tag }, createElement(Component, props)),
      );
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
