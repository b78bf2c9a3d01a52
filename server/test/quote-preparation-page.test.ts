/**
 * The platform's « Devis » page (`/app/prive/#/elaboration-devis`): `<bo-quotes-list>`, then
 * `<bo-quote-editor quote-id>` in place of it when the list dispatches `bo-quote-open`, with a way
 * back. The page's own script runs in a DOM here (the elements are not defined: only the page's
 * wiring is under test; e2e/quotes.spec.ts runs the whole page in Chromium).
 */
// jsdom is the root workspace's (the client tests' DOM); it ships no types of its own.
// @ts-expect-error no declaration file for 'jsdom', and @types/jsdom is not a dependency
import { JSDOM as UntypedJsdom } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageConfig } from '../src/pages/layout.js';
import { privateSpacePage } from '../src/pages/platform-views.js';
import { platformOrigin } from './support/constants.js';
import { bootHarness, type Harness } from './support/harness.js';

/** The little of a DOM this test touches. */
interface PageNode {
  hidden: boolean;
  getAttribute(name: string): string | null;
  dispatchEvent(event: unknown): boolean;
  click(): void;
}
interface PageWindow {
  eval(code: string): void;
  location: { hash: string };
  addEventListener(name: string, listener: () => void, options?: { once: boolean }): void;
  CustomEvent: new (name: string, init: object) => unknown;
  document: {
    querySelector(selector: string): PageNode | null;
    querySelectorAll(selector: string): ArrayLike<PageNode>;
    getElementById(id: string): PageNode | null;
  };
}
const JSDOM = UntypedJsdom as new (html: string, options: object) => { window: PageWindow };

let h: Harness;
let html: string;
beforeAll(async () => {
  h = await bootHarness();
  const cookie = `appAccessToken=${await h.tokenFor('admin@demo.fr')}`;
  html = await (await h.apps.platform.request('/app/prive/', { headers: { cookie } })).text();
});
afterAll(() => h.close());

/**
 * The page's body and its inline script, run at `hash` (no module script: no element is defined):
 * the server's page, or the one given.
 */
function openPage(hash: string, page?: { body: string; script: string }) {
  const body = page?.body ?? /<main>([\s\S]*?)<\/main>/.exec(html)![1]!;
  const script = page?.script ?? /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const dom = new JSDOM(`<!doctype html><body><main>${body}</main></body>`, {
    url: `${platformOrigin}/app/prive/${hash}`,
    runScripts: 'outside-only',
  });
  dom.window.eval(script);
  const { document } = dom.window;
  const hashChanged = () =>
    new Promise<void>((resolve) =>
      dom.window.addEventListener('hashchange', () => resolve(), { once: true }),
    );
  return {
    window: dom.window,
    editor: () => document.querySelector('bo-quote-editor'),
    listHidden: () => document.getElementById('quotes-list-view')!.hidden,
    editorHidden: () => document.getElementById('quote-editor-view')!.hidden,
    hashChanged,
    open(id: unknown) {
      const list = document.querySelector('bo-quotes-list')!;
      list.dispatchEvent(
        new dom.window.CustomEvent('bo-quote-open', { detail: { id }, bubbles: true, composed: true }),
      );
    },
    opened(id: number) {
      const editor = document.querySelector('bo-quote-editor')!;
      editor.dispatchEvent(
        new dom.window.CustomEvent('bo-quote-opened', {
          detail: { id, previousId: 0 },
          bubbles: true,
          composed: true,
        }),
      );
    },
  };
}

describe('the quote preparation page', () => {
  it('shows the list, then the editor of the quote chosen in place of it, and back', async () => {
    const page = openPage('#/elaboration-devis');
    const list = page.window.document.querySelector('bo-quotes-list');
    expect(page.listHidden()).toBe(false);
    expect(page.editorHidden()).toBe(true);
    expect(page.editor()).toBeNull();

    const changed = page.hashChanged();
    page.open(42);
    await changed;
    expect(page.window.location.hash).toBe('#/elaboration-devis?devis=42');
    expect(page.listHidden()).toBe(true);
    expect(page.editorHidden()).toBe(false);
    expect(page.editor()?.getAttribute('quote-id')).toBe('42');

    // The editor opened another quote itself (« Modifier »: a new revision): the address follows,
    // the same editor element stays, with the new id.
    const again = page.hashChanged();
    page.opened(43);
    await again;
    expect(page.window.location.hash).toBe('#/elaboration-devis?devis=43');
    expect(page.window.document.querySelectorAll('bo-quote-editor')).toHaveLength(1);
    expect(page.editor()?.getAttribute('quote-id')).toBe('43');

    const back = page.hashChanged();
    page.window.document.querySelector('#quote-editor-view a')!.click();
    await back;
    expect(page.listHidden()).toBe(false);
    expect(page.editor()).toBeNull();
    // A new list element: it loads the quotes again (one may have been answered meanwhile).
    expect(page.window.document.querySelector('bo-quotes-list')).not.toBe(list);
  });

  it("draws a section's elements when the section is first shown, not before (issue 27)", async () => {
    const page = openPage('#/base-donnees');
    const { document } = page.window;
    expect(document.querySelector('bo-price-library')).not.toBeNull();
    expect(document.querySelector('bo-quotes-list')).toBeNull();
    expect(document.querySelector('bo-site-management')).toBeNull();

    const quotes = page.hashChanged();
    page.window.location.hash = '#/elaboration-devis';
    await quotes;
    expect(document.querySelector('bo-quotes-list')).not.toBeNull();
    // Once drawn, a section keeps its element (and what the user did in it) when left.
    expect(document.querySelector('bo-price-library')).not.toBeNull();

    // A quote opened from a link: its editor alone, not the list it replaces.
    const opened = openPage('#/elaboration-devis?devis=9');
    expect(opened.editor()?.getAttribute('quote-id')).toBe('9');
    expect(opened.window.document.querySelector('bo-quotes-list')).toBeNull();
    expect(opened.window.document.querySelector('bo-price-library')).toBeNull();
  });

  it("asks for a section's chunks as it shows it, and the editor's as it opens a quote, each once", async () => {
    const config = { platformOrigin, clientOrigin: 'http://client.test' } as PageConfig;
    const chunks = {
      'bo-quotes-list': ['/elements/chunks/QuotesList.js', '/elements/chunks/shared.js'],
      'bo-quote-editor': ['/elements/chunks/QuoteEditor.js', '/elements/chunks/shared.js'],
      'bo-price-library': ['/elements/chunks/PriceLibrary.js', '/elements/chunks/shared.js'],
      'bo-site-management': ['/elements/chunks/SiteManagement.js'],
    };
    const content = privateSpacePage(config, { scopes: [] }, chunks);
    const page = openPage('#/base-donnees', { body: content.body, script: content.script! });
    const preloaded = () =>
      Array.from(page.window.document.querySelectorAll('link[rel="modulepreload"]'), (link) =>
        link.getAttribute('href'),
      );
    expect(preloaded()).toEqual(['/elements/chunks/PriceLibrary.js', '/elements/chunks/shared.js']);

    const opened = page.hashChanged();
    page.window.location.hash = '#/elaboration-devis?devis=9';
    await opened;
    expect(preloaded()).toEqual([
      '/elements/chunks/PriceLibrary.js',
      '/elements/chunks/shared.js',
      '/elements/chunks/QuoteEditor.js',
    ]);
  });

  it('another section shown while a quote is open closes its editor (its edit lock goes with it)', async () => {
    const page = openPage('#/elaboration-devis?devis=9');
    expect(page.editor()?.getAttribute('quote-id')).toBe('9');
    const left = page.hashChanged();
    page.window.location.hash = '#/base-donnees';
    await left;
    expect(page.editor()).toBeNull();
    expect(page.window.document.querySelector('bo-quotes-list')).toBeNull();
    const back = page.hashChanged();
    page.window.location.hash = '#/elaboration-devis';
    await back;
    expect(page.window.document.querySelector('bo-quotes-list')).not.toBeNull();
    expect(page.listHidden()).toBe(false);
  });

  it('a reload or a shared link opens the quote at once; an id that is not digits shows the list', () => {
    expect(openPage('#/elaboration-devis?devis=7').editor()?.getAttribute('quote-id')).toBe('7');
    const bad = openPage('#/elaboration-devis?devis=7%22%3E%3Cimg');
    expect(bad.editor()).toBeNull();
    expect(bad.listHidden()).toBe(false);
    const ignored = openPage('#/elaboration-devis');
    ignored.open('<script>');
    expect(ignored.window.location.hash).toBe('#/elaboration-devis');
  });
});
