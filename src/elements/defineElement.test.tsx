import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElementClass } from './defineElement';
import { lazyElement } from './lazyElement';

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

  it('a lazy tag shows its content in the page through a slot until its code is here, then draws (issue 27)', async () => {
    const tag = 'bo-test-lazy-heading';
    let arrive = () => {};
    const code = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    function Figures() {
      return (
        <section>
          <slot />
          <p>Chiffre d'affaires</p>
        </section>
      );
    }
    const Lazy = lazyElement(async () => {
      await code;
      return Figures;
    });
    document.body.innerHTML = `<${tag}><h2>Chiffres et graphiques</h2></${tag}>`;
    customElements.define(tag, createElementClass({ tag, props: {} }, Lazy));
    const shadow = (document.querySelector(tag) as HTMLElement).shadowRoot as ShadowRoot;
    // The page's heading is what the tag shows meanwhile: its shadow root holds a slot, nothing else.
    expect([...shadow.childNodes].map((node) => node.nodeName)).toEqual(['SLOT']);
    arrive();
    await vi.waitFor(() => expect(shadow.querySelector('p')?.textContent).toBe("Chiffre d'affaires"));
    // Drawn; the placeholder slot is gone.
    expect([...shadow.children].some((child) => child.nodeName === 'SLOT')).toBe(false);
    // The heading now shows through the component's own slot, once.
    expect([...shadow.querySelectorAll('slot')].map((slot) => slot.parentElement?.nodeName)).toEqual([
      'SECTION',
    ]);
  });
});
