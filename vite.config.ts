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
        chunk.code += `\n;globalThis[Symbol.for("bo-elements:add-styles")](${JSON.stringify(css)});\n`;
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
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      input: { define: 'src/define.ts' },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
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
  },
};

export default defineConfig(({ mode }) => {
  if (mode === 'lib') return lib;
  if (mode === 'app') return app;
  return elements;
});
