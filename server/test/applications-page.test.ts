/**
 * The platform's « Mes applications » page (`/app/applications/`): `<bo-measure-groups>` of the
 * application of the hash, then `<bo-measure-group group-id>` in place of it when a group is opened
 * (its link clicked, or a group just created), and back. The page's own script runs in a DOM here
 * (the elements are not defined: only the page's wiring is under test).
 */
// jsdom is the root workspace's (the client tests' DOM); it ships no types of its own.
// @ts-expect-error no declaration file for 'jsdom', and @types/jsdom is not a dependency
import { JSDOM as UntypedJsdom } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOrigin, platformOrigin } from './support/constants.js';
import { bootHarness, type Harness } from './support/harness.js';

interface PageNode {
  hidden: boolean;
  dataset: Record<string, string>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  dispatchEvent(event: unknown): boolean;
  append(node: PageNode): void;
  shadowRoot: PageNode | null;
  attachShadow(init: { mode: 'open' }): PageNode;
  click(): void;
}
interface PageWindow {
  eval(code: string): void;
  location: { hash: string };
  addEventListener(
    name: string,
    listener: (event: { defaultPrevented: boolean; preventDefault(): void }) => void,
    options?: { once: boolean },
  ): void;
  CustomEvent: new (name: string, init: object) => unknown;
  MouseEvent: new (name: string, init: object) => unknown;
  document: {
    createElement(tag: string): PageNode;
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
  html = await (await h.apps.platform.request('/app/applications/', { headers: { cookie } })).text();
});
afterAll(() => h.close());

function openPage(hash: string) {
  const body = /<main>([\s\S]*?)<\/main>/.exec(html)![1]!;
  const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
  const dom = new JSDOM(`<!doctype html><body><main>${body}</main></body>`, {
    url: `${platformOrigin}/app/applications/${hash}`,
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
    list: () => document.querySelector('bo-measure-groups'),
    group: () => document.querySelector('bo-measure-group'),
    listHidden: () => document.getElementById('measure-groups-view')!.hidden,
    current: () =>
      Array.from(document.querySelectorAll('.application-tabs a[aria-current="page"]')).map((a) =>
        a.getAttribute('href'),
      ),
    hashChanged,
    /** A link inside an element's shadow root, as the elements render theirs; returns whether it was taken over. */
    clickElementLink(href: string, init: object = {}, tag = 'bo-measure-groups') {
      const host = document.querySelector(tag)!;
      const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
      const anchor = document.createElement('a');
      anchor.setAttribute('href', href);
      root.append(anchor);
      const click = new dom.window.MouseEvent('click', {
        bubbles: true,
        composed: true,
        cancelable: true,
        button: 0,
        ...init,
      });
      // Seen after every other listener; then cancelled, so that jsdom does not try to leave the page.
      let taken = false;
      dom.window.addEventListener(
        'click',
        (event: { defaultPrevented: boolean; preventDefault(): void }) => {
          taken = event.defaultPrevented;
          event.preventDefault();
        },
        { once: true },
      );
      anchor.dispatchEvent(click);
      return taken;
    },
  };
}

describe('the « Mes applications » page', () => {
  it('shows Pix4D’s groups by default and SEMA’s at #/sema/groupes-mesures', async () => {
    const page = openPage('');
    expect(page.list()?.getAttribute('application')).toBe('pix4d');
    expect(page.current()).toEqual(['#/pix4d/groupes-mesures']);
    const changed = page.hashChanged();
    page.window.document.querySelector('a[href="#/sema/groupes-mesures"]')!.click();
    await changed;
    expect(page.list()?.getAttribute('application')).toBe('sema');
    expect(page.current()).toEqual(['#/sema/groupes-mesures']);
    expect(openPage('#/autocad/groupes-mesures').list()?.getAttribute('application')).toBe('pix4d');
  });

  it('opens a group in place when its link is clicked, and a new list on the way back', async () => {
    const page = openPage('#/sema/groupes-mesures');
    const list = page.list();
    const opened = page.hashChanged();
    expect(page.clickElementLink(`${clientOrigin}/applications/sema/groupes-mesures/12`)).toBe(true);
    await opened;
    expect(page.window.location.hash).toBe('#/sema/groupes-mesures/12');
    expect(page.listHidden()).toBe(true);
    expect(page.group()?.getAttribute('group-id')).toBe('12');
    expect(page.current()).toEqual([]);

    // The group's « Retour aux groupes de mesures SEMA » link.
    const back = page.hashChanged();
    expect(
      page.clickElementLink(`${clientOrigin}/applications/sema/groupes-mesures`, {}, 'bo-measure-group'),
    ).toBe(true);
    await back;
    expect(page.listHidden()).toBe(false);
    expect(page.group()).toBeNull();
    expect(page.list()).not.toBe(list);
    expect(page.list()?.getAttribute('application')).toBe('sema');
  });

  it('leaves other links, new-tab clicks and other origins to the element', () => {
    const page = openPage('#/pix4d/groupes-mesures');
    expect(page.clickElementLink(`${clientOrigin}/applications/pix4d/groupes-mesures/12/events`)).toBe(false);
    expect(page.clickElementLink(`${clientOrigin}/devis/4`)).toBe(false);
    expect(page.clickElementLink('https://evil.example/applications/pix4d/groupes-mesures/1')).toBe(false);
    expect(
      page.clickElementLink(`${clientOrigin}/applications/pix4d/groupes-mesures/12`, { ctrlKey: true }),
    ).toBe(false);
    expect(page.window.location.hash).toBe('#/pix4d/groupes-mesures');
  });

  it('opens a group just created; a reload opens it at once; an id that is not digits shows the list', async () => {
    const page = openPage('#/pix4d/groupes-mesures');
    const opened = page.hashChanged();
    page.list()!.dispatchEvent(
      new page.window.CustomEvent('bo-measure-group-created', {
        detail: { id: 31, application: 'pix4d' },
        bubbles: true,
        composed: true,
      }),
    );
    await opened;
    expect(page.group()?.getAttribute('group-id')).toBe('31');

    expect(openPage('#/pix4d/groupes-mesures/7').group()?.getAttribute('group-id')).toBe('7');
    const bad = openPage('#/pix4d/groupes-mesures/7%22%3E%3Cimg');
    expect(bad.group()).toBeNull();
    expect(bad.listHidden()).toBe(false);
  });
});
