/** The SPA page's head asks for its screen's chunks at once (issue 27): src/static/route-preload.ts. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  elementChunks,
  fontHead,
  modulePreloads,
  preloadLinks,
  screenModuleOf,
  tagsDrawnAtOnce,
} from '../src/static/route-preload.js';

let appDir: string;
beforeAll(() => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-preload-'));
  fs.mkdirSync(path.join(appDir, '.vite'));
  // The shape of Vite's manifest: the entry, two areas sharing a chunk with the entry and one between them.
  const manifest = {
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_shell-1.js'],
      css: ['assets/index-1.css'],
    },
    '_shell-1.js': { file: 'assets/shell-1.js', css: ['assets/shell-1.css'] },
    '_table-1.js': { file: 'assets/table-1.js', imports: ['_shell-1.js'], css: ['assets/table-1.css'] },
    '../features/payments/screens.ts': {
      file: 'assets/screens-pay.js',
      imports: ['_table-1.js', '_shell-1.js'],
      css: ['assets/screens-pay.css'],
    },
    '../features/quotes/screens.tsx': { file: 'assets/screens-quo.js', imports: ['_table-1.js'] },
    '../features/customers/screens.ts': { file: 'assets/screens-cus.js', imports: ['_table-1.js'] },
    '../features/customers/list/CustomersListScreen.tsx': {
      file: 'assets/list-cus.js',
      imports: ['_table-1.js'],
    },
    // The font files the entry imports (src/elements/fonts.ts), as Vite lists assets.
    ...Object.fromEntries(
      [400, 500, 600].map((weight) => [
        `../../node_modules/@fontsource/poppins/files/poppins-latin-${weight}-normal.woff2`,
        { file: `assets/poppins-latin-${weight}-normal-h${weight}.woff2` },
      ]),
    ),
  };
  fs.writeFileSync(path.join(appDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
});
afterAll(() => fs.rmSync(appDir, { recursive: true, force: true }));

const api = 'http://localhost:3000';

describe('preloadLinks', () => {
  it("asks for the screen's chunks and styles that the entry does not already load", () => {
    const html = preloadLinks(appDir, '/facturation/reglements/en-attente', api);
    expect(html).toContain('<link rel="preconnect" href="http://localhost:3000" crossorigin>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/screens-pay.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/table-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/screens-pay.css">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/table-1.css">');
    expect(html).not.toContain('shell-1');
    expect(html).not.toContain('index-1');
  });

  it("opens the address's area: `/` is the outstanding payments, a quote the quotes", () => {
    expect(preloadLinks(appDir, '/', api)).toContain('screens-pay.js');
    const quote = preloadLinks(appDir, '/affaires/devis/12', api);
    expect(quote).toContain('screens-quo.js');
    expect(quote).not.toContain('screens-pay.js');
    expect(screenModuleOf('/affaires/12')).toBe('jobs/screens');
    expect(screenModuleOf('/facturation/reglements/export-journal-banque')).toBe('exports/screens');
    expect(screenModuleOf('/facturation/factures/12')).toBe('invoices/screens');
    expect(screenModuleOf('/gestion-clients/nouveau')).toBe('customers/screens');
  });

  it('opens the two lists of their own chunk: Mes factures and Gestion clients, not their area', () => {
    expect(screenModuleOf('/facturation/factures')).toBe('invoices/list/InvoicesListScreen');
    expect(screenModuleOf('/gestion-clients')).toBe('customers/list/CustomersListScreen');
    const list = preloadLinks(appDir, '/gestion-clients', api);
    expect(list).toContain('list-cus.js');
    expect(list).not.toContain('screens-cus.js');
    expect(preloadLinks(appDir, '/gestion-clients/12', api)).toContain('screens-cus.js');
  });

  it('only connects for an address of no area, or without a manifest', () => {
    const only = '<link rel="preconnect" href="http://localhost:3000" crossorigin>';
    expect(preloadLinks(appDir, '/route-inconnue', api)).toBe(only);
    expect(preloadLinks(path.join(appDir, 'absent'), '/gestion-clients', api)).toBe(only);
  });
});

describe('fontHead', () => {
  it("declares Poppins' three weights from the build's files and preloads the text's and the headings'", () => {
    const head = fontHead(appDir);
    for (const weight of [400, 500, 600]) {
      expect(head).toContain(
        `font-weight: ${weight}; font-display: swap; src: url(/assets/poppins-latin-${weight}-normal-h${weight}.woff2)`,
      );
    }
    expect(head).toContain(
      '<link rel="preload" as="font" type="font/woff2" href="/assets/poppins-latin-600-normal-h600.woff2" crossorigin>',
    );
    expect(head).toContain('href="/assets/poppins-latin-400-normal-h400.woff2"');
    expect(head).not.toContain('href="/assets/poppins-latin-500-normal-h500.woff2"');
  });

  it('says nothing without a manifest', () => {
    expect(fontHead(path.join(appDir, 'absent'))).toBe('');
  });
});

describe("a platform page's elements", () => {
  let distDir: string;
  beforeAll(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-element-preload-'));
    fs.mkdirSync(path.join(distDir, '.vite'));
    // The elements build's manifest: define.js, a tag's element module loading its screen and a dialog.
    const manifest = {
      'src/define.ts': { file: 'define.js', isEntry: true, imports: ['_runtime.js'] },
      '_runtime.js': { file: 'chunks/runtime.js' },
      '_chrome.js': { file: 'chunks/chrome.js', imports: ['_runtime.js'] },
      '_shared.js': { file: 'chunks/shared.js', imports: ['src/define.ts'] },
      'src/features/library/PriceLibraryElement.tsx': {
        file: 'chunks/PriceLibraryElement.js',
        imports: ['src/define.ts', '_chrome.js'],
        dynamicImports: [
          'src/features/library/PriceLibrary.tsx',
          'src/features/library/import/ImportDialog.tsx',
        ],
      },
      'src/features/library/PriceLibrary.tsx': { file: 'chunks/PriceLibrary.js', imports: ['_shared.js'] },
      'src/features/library/import/ImportDialog.tsx': {
        file: 'chunks/ImportDialog.js',
        imports: ['_shared.js'],
      },
      'src/features/quotes/QuoteEditorElement.tsx': {
        file: 'chunks/QuoteEditorElement.js',
        imports: ['src/define.ts'],
        dynamicImports: [
          'src/features/quotes/editor/QuoteEditor.tsx',
          'src/features/quotes/actions/QuoteActions.tsx',
        ],
      },
      'src/features/quotes/editor/QuoteEditor.tsx': {
        file: 'chunks/QuoteEditor.js',
        imports: ['_shared.js'],
      },
      'src/features/quotes/actions/QuoteActions.tsx': {
        file: 'chunks/QuoteActions.js',
        imports: ['_send.js'],
      },
      '_send.js': { file: 'chunks/SendDocumentDialog.js', imports: ['_shared.js'] },
    };
    fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  it("are the tag's module, its screen and what they import; not define.js, not a dialog", () => {
    expect(elementChunks(distDir, ['bo-price-library', 'bo-nav-bar']).sort()).toEqual([
      '/elements/chunks/PriceLibrary.js',
      '/elements/chunks/PriceLibraryElement.js',
      '/elements/chunks/chrome.js',
      '/elements/chunks/runtime.js',
      '/elements/chunks/shared.js',
    ]);
    expect(elementChunks(path.join(distDir, 'absent'), ['bo-price-library'])).toEqual([]);
  });

  it('are every lazy part the tag draws at once (the quote editor and its actions)', () => {
    expect(elementChunks(distDir, ['bo-quote-editor']).sort()).toEqual([
      '/elements/chunks/QuoteActions.js',
      '/elements/chunks/QuoteEditor.js',
      '/elements/chunks/QuoteEditorElement.js',
      '/elements/chunks/SendDocumentDialog.js',
      '/elements/chunks/runtime.js',
      '/elements/chunks/shared.js',
    ]);
  });

  it('are those drawn at once: not those waiting in a section not shown yet', () => {
    const body = `<bo-reporting></bo-reporting><section><template data-on-show><bo-price-library><h2>Base</h2></bo-price-library></template></section><bo-activity-log limit="5"></bo-activity-log>`;
    expect([...tagsDrawnAtOnce(body)]).toEqual(['bo-reporting', 'bo-activity-log']);
    expect(modulePreloads(['/elements/chunks/a.js'])).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/elements/chunks/a.js">',
    );
  });
});
