import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElementClass } from './defineElement';

function Bar() {
  return <nav aria-label="Barre">Affaires</nav>;
}

describe('an element of the library', () => {
  beforeEach(() => {
    // jsdom has no constructed stylesheets: enough of them for the element to adopt its sheet.
    vi.stubGlobal(
      'CSSStyleSheet',
      class {
        replaceSync() {}
      },
    );
    const sheets = new WeakMap<ShadowRoot, unknown[]>();
    Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', {
      configurable: true,
      get(this: ShadowRoot) {
        return sheets.get(this) ?? [];
      },
      set(this: ShadowRoot, value: unknown[]) {
        sheets.set(this, value);
      },
    });
  });
  afterEach(() => {
    document.body.replaceChildren();
    Reflect.deleteProperty(ShadowRoot.prototype, 'adoptedStyleSheets');
    vi.unstubAllGlobals();
  });

  it('is drawn as soon as its tag is defined, before the page can paint an empty element (issue 27)', () => {
    const tag = 'bo-test-drawn-at-once';
    document.body.innerHTML = `<${tag}></${tag}>`;
    customElements.define(tag, createElementClass({ tag, props: {} }, Bar));
    // No await: what the browser would paint at the end of this task.
    const element = document.querySelector(tag) as HTMLElement;
    expect(element.shadowRoot?.querySelector('nav[aria-label="Barre"]')?.textContent).toBe('Affaires');
  });
});
