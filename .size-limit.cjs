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
];
