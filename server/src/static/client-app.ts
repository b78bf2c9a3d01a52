/**
 * The client origin: the built SPA from `<repo>/dist/app/` (or config.clientAppDir, CLIENT_APP_DIR),
 * with a history fallback to its index.html, into which the page's configuration (`#bo-config`) is
 * injected with the nonce.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import { type AppConfig, repoRoot } from '../config.js';
import type { AppEnv } from '../http/env.js';
import { escapeHtml } from '../pages/html.js';
import { boConfigScript } from '../pages/layout.js';
import { immutable, lazyStatic, shortCache } from './lazy-static.js';
import { fontHead, preloadLinks } from './route-preload.js';

function notBuiltPage(config: AppConfig, appDir: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(config.productName)}</title></head>
<body><main><h1>L'application n'est pas encore construite</h1>
<p>Le dossier <code>${escapeHtml(path.relative(repoRoot, appDir))}/</code> est introuvable. Lancez <code>npm run build</code> à la racine du dépôt, puis redémarrez le serveur.</p>
<p><a href="${escapeHtml(config.platformOrigin)}/app/my-account">Aller sur la plateforme</a></p></main></body></html>`;
}

/**
 * The API host the SPA calls: its own origin, which serves the API too (app.ts: no CORS preflight
 * before each call, issue 27), unless API_ORIGIN names a host of its own.
 */
export function spaApiHost(config: AppConfig): string {
  return config.apiHost === config.platformOrigin ? config.clientOrigin : config.apiHost;
}

export function clientAppRoutes(config: AppConfig) {
  const apiHost = spaApiHost(config);
  const spaConfig = { ...config, apiHost };
  // A preconnect only to another origin: the page's own connection is open already.
  const apiOrigin = apiHost === config.clientOrigin ? undefined : apiHost;
  const appDir = config.clientAppDir ?? path.join(config.distDir, 'app');
  const indexFile = path.join(appDir, 'index.html');
  const app = new Hono<AppEnv>();

  const index = (c: Context<AppEnv>) => {
    let html: string;
    try {
      // Read on each request: the front end may rebuild while the server runs (and it is small).
      html = fs.readFileSync(indexFile, 'utf8');
    } catch {
      return c.html(notBuiltPage(config, appDir), 503);
    }
    const tag = boConfigScript(spaConfig, c.get('secureHeadersNonce') ?? '');
    const hints = `${fontHead(appDir)}\n    ${preloadLinks(appDir, c.req.path, apiOrigin)}`;
    const withConfig = (
      html.includes('id="bo-config"') ? html : html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${tag}`)
    ).replace(/<\/head>/i, (end) => `  ${hints}\n  ${end}`);
    c.header('Cache-Control', 'no-cache');
    return c.html(withConfig);
  };

  app.get('/', index);
  app.get('/index.html', index);
  app.use(
    '*',
    lazyStatic(appDir, {
      index: '\0', // directories fall through to the SPA fallback below, never to a raw index.html
      // Vite names files under assets/ by content hash: they never change.
      cacheControl: (file) => (/^assets[/\\]/.test(file) ? immutable : shortCache),
    }),
  );
  // History fallback: any other GET is a client route. Missing files with an extension stay 404.
  app.get('*', (c) => (/\.[a-z0-9]+$/i.test(c.req.path) ? c.text('Introuvable', 404) : index(c)));
  return app;
}
