/**
 * Read-only folders of the repository on the platform origin: `<repo>/dist/` at /elements/ (the
 * element library), `<repo>/demo/` at /demo/ (example platform pages embedding it) and Poppins at
 * /fonts/ (the server's own pages).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppConfig } from '../config.js';
import type { AppEnv } from '../http/env.js';
import { boConfigScript } from '../pages/layout.js';
import { immutable, lazyStatic, shortCache } from './lazy-static.js';

function servedFolder(
  prefix: string,
  dir: string,
  cacheControl: (file: string) => string = () => shortCache,
) {
  const app = new Hono<AppEnv>();
  app.use(
    `${prefix}/*`,
    lazyStatic(dir, { rewriteRequestPath: (path) => path.slice(prefix.length), cacheControl }),
  );
  app.all(`${prefix}/*`, (c) => c.text('Introuvable', 404));
  return app;
}

/**
 * The element library: vite names what define.js imports (chunks/, assets/) by content hash, so
 * those never change under their name and are cached for good; define.js itself keeps its name.
 */
export const elementsRoutes = (distDir: string) =>
  servedFolder('/elements', distDir, (file) =>
    /^(?:chunks|assets)[/\\]/.test(file) ? immutable : shortCache,
  );

/**
 * The font files of the installed @fontsource/poppins (latin subsets, woff2), for the pages that
 * load no elements. Their names carry no hash, but they change only when that pinned dependency is
 * upgraded, and then a browser's older copy is the same typeface: cached 30 days (Lighthouse's
 * « Use efficient cache lifetimes » counts anything shorter; issue 27), revalidated after.
 */
const fontCache = 'public, max-age=2592000';

export const fontRoutes = () =>
  servedFolder(
    '/fonts',
    path.dirname(
      createRequire(import.meta.url).resolve('@fontsource/poppins/files/poppins-latin-400-normal.woff2'),
    ),
    () => fontCache,
  );

/**
 * The demo pages carry no configuration of their own: each gets this server's `bo-config` (its
 * origins, whatever the ports), as a platform page does, at the end of its head.
 */
export function demoRoutes(demoDir: string, config: AppConfig) {
  const app = new Hono<AppEnv>();
  app.get('/demo/:page{[a-z0-9-]+\\.html}', async (c, next) => {
    let html: string;
    try {
      html = await readFile(path.join(demoDir, c.req.param('page')), 'utf8');
    } catch {
      return next();
    }
    c.header('Cache-Control', 'no-store');
    const configScript = boConfigScript(config, c.get('secureHeadersNonce') ?? '');
    const end = html.lastIndexOf('</head>');
    if (end < 0) return c.html(`${configScript}\n${html}`);
    return c.html(`${html.slice(0, end)}  ${configScript}\n  ${html.slice(end)}`);
  });
  app.route('/', servedFolder('/demo', demoDir));
  return app;
}
