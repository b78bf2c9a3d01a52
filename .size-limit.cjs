// What a platform page downloads before any interaction: dist/define.js and every chunk it imports
// statically (lazy chunks, loaded on first use, are not counted). Budget from issue 3: React, r2wc,
// nanostores, wretch, valibot, the shell, the nav bar and the notification bell with its count. The
// popover's content (Floating UI, the list, DOMPurify, date-fns) is a lazy chunk fetched when idle.
// Every other tag (issue 25: every area is an element) is one line of src/elements/lazyTags.ts, its
// definition and its chunk's address, about 50 bytes gzip: the budget holds whatever their number.
const { existsSync, readFileSync } = require('node:fs');
const { dirname, join, relative, resolve } = require('node:path');

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

/** The build to measure: dist/, or DIST_DIR (as the server and bench/lighthouse.ts read it). */
const distDir = process.env.DIST_DIR ? resolve(__dirname, process.env.DIST_DIR) : join(__dirname, 'dist');

const firstLoad = staticClosure(join(distDir, 'define.js'));

/**
 * A platform page's load (issue 27): define.js's first load, and for each of the page's elements the
 * chunk define.js imports for its tag (the address in define.js, so a stale chunk of an earlier build
 * beside it is never counted) with its static imports.
 */
function elementLoad(...chunkNames) {
  const define = join(distDir, 'define.js');
  const files = chunkNames.flatMap((chunkName) => {
    const chunk = new RegExp(`["'\\x60](\\./chunks/${chunkName}-[\\w-]+\\.js)["'\\x60]`).exec(
      readFileSync(define, 'utf8'),
    )?.[1];
    if (!chunk) throw new Error(`dist/define.js imports no chunks/${chunkName}-*.js`);
    const file = join(distDir, chunk);
    // The element's chunk is a thin definition that imports its screen at once, lazily: count those.
    const screens = [
      ...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*["'\x60](\.{1,2}\/[^"'\x60]+)["'\x60]\s*\)/g),
    ].map((match) => join(dirname(file), match[1]));
    return [file, ...screens].flatMap((f) => staticClosure(f));
  });
  return [...new Set([...firstLoad, ...files])];
}

/**
 * A client screen's load (issue 27): the SPA's entry and the lazy module that holds the screen, with
 * their static imports and CSS, read from the build's manifest (vite.config.ts, `manifest: true`), as
 * server/src/static/route-preload.ts reads it to preload them. `module` is the lazy module
 * src/app/screens.tsx imports for the screen (under src/features): most screens are in their area's
 * (`<area>/screens`) and count the whole area; Mes factures and Gestion clients are chunks of their
 * own and count alone. Lazy parts inside a screen are not counted: they load on use.
 */
const appDir = join(distDir, 'app');
const appManifest = existsSync(join(appDir, '.vite', 'manifest.json'))
  ? JSON.parse(readFileSync(join(appDir, '.vite', 'manifest.json'), 'utf8'))
  : undefined;
function screenLoad(module) {
  if (!appManifest)
    throw new Error('dist/app/.vite/manifest.json is missing: build the SPA (npm run build:app)');
  const key = Object.keys(appManifest).find((k) => k.replace(/\.tsx?$/, '') === `../features/${module}`);
  if (!key) throw new Error(`The SPA build has no lazy chunk for ${module}`);
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
 * draw, JavaScript and CSS, measured when set (2026-11-28, 14th session) with about 3 % of room. A
 * screen over its budget has taken code that is not its own (a shared chunk grown, a library
 * imported statically where a lazy import would do): look at what Lighthouse calls unused JavaScript
 * on it (npm run bench:lighthouse). The screens are issue 27's, then the other areas.
 *
 * Re-set on 2026-11-28 (16th session) when the builds grouped their chunks (vite.config.ts): an
 * SPA list screen now also loads the chunk the editors share (+15 to +23 KB), a platform screen the
 * page's chrome chunk (the nav bar's company name and bell, +20 KB, which every platform page loaded
 * anyway), for 4 or 5 files instead of 20 to 39: on Lighthouse's mobile link the waves of requests
 * cost more than the bytes (bench/results.md). The other budgets did not move.
 */
/** A screen of the SPA: its name, the lazy module that holds it, its budget. */
const spaScreen = (name, module, limit) => ({
  name: `${name} (SPA: entry + ${module})`,
  path: () => screenLoad(module),
  limit,
});

const screenBudgets = [
  spaScreen('Règlements en attente', 'payments/screens', '220 KB'),
  spaScreen('Mes factures', 'invoices/list/InvoicesListScreen', '217 KB'),
  spaScreen('the invoice editor', 'invoices/screens', '247 KB'),
  spaScreen('Gestion clients', 'customers/list/CustomersListScreen', '216 KB'),
  spaScreen('the quote editor', 'quotes/screens', '256 KB'),
  spaScreen('a measure group', 'applications/screens', '228 KB'),
  spaScreen('Affaires', 'jobs/screens', '230 KB'),
  spaScreen('exports', 'exports/screens', '218 KB'),
  spaScreen('Préférences', 'preferences/screens', '244 KB'),
  // Platform pages: define.js's first load and their elements' chunks.
  {
    name: 'the quote editor (platform: define.js + bo-quote-editor)',
    path: () => elementLoad('QuoteEditorElement'),
    // 226 KB when first set; the shared answer schemas (issue 20.2) moved part of zod's core into its load.
    // 246 KB on 2026-11-29 (20th session): the bell's popover (DOMPurify, Floating UI) left the chrome chunk.
    limit: '254 KB',
  },
  {
    name: 'the price library (platform: define.js + bo-price-library)',
    path: () => elementLoad('PriceLibraryElement'),
    limit: '241 KB', // 234 KB on 2026-11-29, the bell's popover out of the chrome chunk
  },
  {
    name: "Suivi d'activité, reporting (platform: define.js + bo-reporting + bo-activity-log)",
    path: () => elementLoad('ReportingElement', 'ActivityLogElement'),
    // 162 KB for bo-reporting alone when first set, before its answers were parsed by the contract's
    // zod schemas (issue 20.2) and the French date field of its custom period (issue 26); the page
    // holds the activity log too. 252 KB on 2026-11-29, the bell's popover out of the chrome chunk.
    limit: '260 KB',
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
