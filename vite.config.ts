import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/**
 * Hands each chunk's CSS to the shared stylesheet of the elements when the chunk loads (see
 * src/elements/stylesheet.ts): a <link> that Vite adds to the document would not reach inside the
 * shadow roots. The CSS files are then dropped from the output.
 */
function inlineElementStyles(): Plugin {
  return {
    name: 'bo:inline-element-styles',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const cssSource = (fileName: string) => {
        const file = bundle[fileName];
        return file?.type === 'asset' ? String(file.source) : '';
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const imported = [...(chunk.viteMetadata?.importedCss ?? [])];
        if (imported.length === 0) continue;
        const css = imported.map(cssSource).join('\n');
        // Pushed, not called: the chunk may run before src/elements/stylesheet.ts takes the queue over.
        chunk.code += `\n;(globalThis[Symbol.for("bo-elements:add-styles")] ??= []).push(${JSON.stringify(css)});\n`;
        // Vite's import analysis runs after this hook: with no CSS left to preload, it links none.
        chunk.viteMetadata?.importedCss.clear();
      }
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css')) delete bundle[file.fileName];
      }
    },
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite wraps every dynamic import in a helper that first preloads the chunk's dependencies and
 * CSS. In dist/define.js there never are any (`modulePreload: false`, and each chunk's CSS is
 * inlined above), yet the helper's code (about 0.6 kB gzip) would sit in the page's first load:
 * this one only imports.
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'bo:plain-dynamic-imports',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
  };
}

const shared: UserConfig = {
  plugins: [react(), vanillaExtractPlugin({ identifiers: 'short' })],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
};

/** `dist/define.js`: what a platform page loads, React included, screens as lazy chunks. */
const elements: UserConfig = {
  ...shared,
  plugins: [plainDynamicImports(), ...(shared.plugins ?? []), inlineElementStyles()],
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    cssCodeSplit: true,
    // Chunks are few and small; Vite's preload helper would cost more than it saves.
    modulePreload: false,
    // Which chunks a tag loads: a platform page asks for its elements' chunks with the page
    // (server/src/static/route-preload.ts, issue 27).
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      input: { define: 'src/define.ts' },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Few chunks rather than many (issue 27): left to itself the bundler cut one chunk per set of
        // importers, 70 files of 1–3 kB for the price library's page, fetched in three or four
        // waves a phone's link pays each (Lighthouse mobile: LCP 4.3 → 3.5 s). What define.js
        // imports stays in define.js (its 90 kB budget: only the bundler's small runtime chunk
        // is fetched beside it before the nav bar); the page's chrome (the nav bar's company name and bell, the shell's overlays) is
        // one chunk that every page loads, and what three lazy chunks or more share is another,
        // which the areas' screens load beside their own. The bell's popover (DOMPurify, Floating UI:
        // 12 KB brotli) stays out of the chrome: fetched once the page has settled, or when the bell
        // is reached (features/notifications/loadPopover.ts).
        codeSplitting: {
          groups: [
            { name: 'define', tags: ['$initial'], priority: 2 },
            {
              name: 'chrome',
              test: /src[\\/](features[\\/](nav-bar|notifications[\\/](?!Notification(Popover|Panel|Item)|panel))|ui[\\/]shell)[\\/]/,
              priority: 1,
            },
            { name: 'shared', minShareCount: 3 },
          ],
        },
      },
    },
  },
};

/** `dist/lib/index.js`: the React components for React hosts, React left to the host. */
const lib: UserConfig = {
  ...shared,
  build: {
    outDir: 'dist/lib',
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: 'index', cssFileName: 'bo-elements' },
    rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
  },
};

/**
 * `dist/app/`: the client SPA. Its manifest (`.vite/manifest.json`) tells the server which chunks a
 * route's screen needs, so that the page's head asks for them at once (modulepreload) rather than
 * after the entry has run (server/src/static/client-app.ts, issue 27).
 */
const app: UserConfig = {
  ...shared,
  root: 'src/app',
  publicDir: false,
  build: {
    outDir: '../../dist/app',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // Every browser the SPA targets (es2022) follows `<link rel="modulepreload">` itself; the
    // polyfill (0.6 kB gzip) sat in the entry of every screen (issue 27). A browser without it only
    // loses the head's hints, not the page.
    modulePreload: { polyfill: false },
    // One stylesheet (7 kB brotli) rather than one per chunk: a screen asked for 5 to 13, each a
    // request before the first paint (issue 27).
    cssCodeSplit: false,
    rollupOptions: {
      output: {
        // As the elements' build (above): the entry's modules in the entry, what three lazy chunks
        // or more share in one chunk. A screen then loads 4 or 5 files instead of 20 to 39; it
        // loads code it does not use too (a list screen: the editors' share), and yet its largest
        // paint comes sooner on a phone's link (Lighthouse mobile, bench/results.md).
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: 'shared', minShareCount: 3 },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ mode }) => {
  if (mode === 'lib') return lib;
  if (mode === 'app') return app;
  return elements;
});
