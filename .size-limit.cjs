// What a platform page downloads before any interaction: dist/define.js and every chunk it imports
// statically (lazy chunks, loaded on first use, are not counted). Budget from issue 3: React, r2wc,
// nanostores, wretch, valibot, the shell, the nav bar and the notification bell with its count. The
// popover's content (Floating UI, the list, DOMPurify, date-fns) is a lazy chunk fetched when idle.
// Every other tag (issue 25: every area is an element) is one line of src/elements/lazyTags.ts, its
// definition and its chunk's address, about 50 bytes gzip: the budget holds whatever their number.
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

function staticClosure(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // `import … from "./x.js"` and bare `import "./x.js"`, not dynamic `import("./x.js")`.
    for (const match of code.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(join(dirname(file), match[1]));
    }
  };
  visit(entry);
  return [...seen].map((file) => relative(process.cwd(), file));
}

const firstLoad = staticClosure(join(__dirname, 'dist', 'define.js'));

/**
 * A platform element's own load (issue 27): the chunk define.js imports for the tag (the address in
 * define.js, so a stale chunk of an earlier build beside it is never counted) and its static imports,
 * on top of define.js's first load.
 */
function elementLoad(chunkName) {
  const define = join(__dirname, 'dist', 'define.js');
  const chunk = new RegExp(`["'\\x60](\\./chunks/${chunkName}-[\\w-]+\\.js)["'\\x60]`).exec(
    readFileSync(define, 'utf8'),
  )?.[1];
  if (!chunk) throw new Error(`dist/define.js imports no chunks/${chunkName}-*.js`);
  const file = join(__dirname, 'dist', chunk);
  // The element's chunk is a thin definition that imports its screen at once, lazily: count those.
  const screens = [
    ...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*["'\x60](\.{1,2}\/[^"'\x60]+)["'\x60]\s*\)/g),
  ].map((match) => join(dirname(file), match[1]));
  return [...new Set([...firstLoad, ...[file, ...screens].flatMap((f) => staticClosure(f))])];
}

/**
 * A client route's load (issue 27): the SPA's entry and the screens module of the route's area
 * (src/app/screens.tsx: one lazy chunk per area), with their static imports and CSS, read from
 * the build's manifest (vite.config.ts, `manifest: true`). Lazy parts inside a screen are not
 * counted: they load on use.
 */
const appDir = join(__dirname, 'dist', 'app');
const appManifest = existsSync(join(appDir, '.vite', 'manifest.json'))
  ? JSON.parse(readFileSync(join(appDir, '.vite', 'manifest.json'), 'utf8'))
  : undefined;
function routeLoad(area) {
  if (!appManifest)
    throw new Error('dist/app/.vite/manifest.json is missing: build the SPA (npm run build:app)');
  const key = Object.keys(appManifest).find((k) =>
    new RegExp(`^\\.\\./features/${area}/screens\\.tsx?$`).test(k),
  );
  if (!key) throw new Error(`The SPA build has no screens module for ${area}`);
  const keys = new Set();
  const visit = (k) => {
    if (keys.has(k) || !appManifest[k]) return;
    keys.add(k);
    for (const imported of appManifest[k].imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(key);
  const files = [...keys].flatMap((k) => [appManifest[k].file, ...(appManifest[k].css ?? [])]);
  return [...new Set(files)].map((file) => relative(process.cwd(), join(appDir, file)));
}

/**
 * Per-screen budgets (gzip, as the dist/define.js one): what each screen downloads before it can
 * draw, measured when set (2026-11-28) with about 8 % of room. A screen over its budget has taken
 * code that is not its own (a shared chunk grown, a library imported statically where a lazy import
 * would do): look at what Lighthouse calls unused JavaScript on it (npm run bench:lighthouse).
 */
const screenBudgets = [
  // Règlements en attente / reçus (issue 27's first screen).
  { name: 'SPA: Règlements (entry + payments screens)', path: () => routeLoad('payments'), limit: '212 KB' },
  // Mes factures and the invoice editor share one area chunk.
  {
    name: 'SPA: Mes factures, the invoice editor (entry + invoices screens)',
    path: () => routeLoad('invoices'),
    limit: '253 KB',
  },
  {
    name: 'SPA: Gestion clients (entry + customers screens)',
    path: () => routeLoad('customers'),
    limit: '240 KB',
  },
  { name: 'SPA: Affaires (entry + jobs screens)', path: () => routeLoad('jobs'), limit: '241 KB' },
  { name: 'SPA: a quote (entry + quotes screens)', path: () => routeLoad('quotes'), limit: '265 KB' },
  // Mes applications: measure groups and a measure group.
  {
    name: 'SPA: measure groups (entry + applications screens)',
    path: () => routeLoad('applications'),
    limit: '234 KB',
  },
  { name: 'SPA: exports (entry + exports screens)', path: () => routeLoad('exports'), limit: '202 KB' },
  {
    name: 'SPA: Préférences (entry + preferences screens)',
    path: () => routeLoad('preferences'),
    limit: '254 KB',
  },
  // Platform pages: define.js's first load and the element's chunk.
  {
    name: 'Platform: the quote editor (define.js + bo-quote-editor)',
    path: () => elementLoad('QuoteEditorElement'),
    // 226 KB when set; the shared answer schemas (issue 20.2) moved part of zod's core into its load.
    limit: '232 KB',
  },
  {
    name: 'Platform: the price library (define.js + bo-price-library)',
    path: () => elementLoad('PriceLibraryElement'),
    limit: '233 KB',
  },
  {
    name: 'Platform: reporting (define.js + bo-reporting)',
    path: () => elementLoad('ReportingElement'),
    // 162 KB when set, before its answers were parsed by the contract's zod schemas (issue 20.2):
    // zod's core (about 13 kB gzip) is now in its load, the chunk every area shares; and the French
    // date field of its custom period (issue 26: its calendar and Floating UI, about 21 kB).
    limit: '206 KB',
  },
];
/** The build's brotli copy of a file (scripts/precompress.ts), what the API sends to a browser. */
const asServed = (file) => (existsSync(`${file}.br`) ? `${file}.br` : file);

module.exports = [
  {
    // The budget. Issue 27 serves the build's brotli copies; gzip stays the gate (every browser and
    // proxy speaks it), the other two are reported beside it.
    name: 'dist/define.js with its static imports (React, the shell, the nav bar, the bell)',
    path: firstLoad,
    gzip: true,
    limit: '90 KB',
  },
  {
    name: 'the same, raw (before compression)',
    path: firstLoad,
    brotli: false,
  },
  {
    name: 'the same, as it travels to a browser accepting brotli (the .br files the build wrote)',
    path: firstLoad.map(asServed),
    brotli: false,
  },
  ...screenBudgets.map(({ name, path, limit }) => ({ name, path: path(), gzip: true, limit })),
];
