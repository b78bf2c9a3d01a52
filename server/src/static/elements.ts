/**
 * Read-only folders of the repository on the platform origin: `<repo>/dist/` at /elements/ (the
 * element library) and `<repo>/demo/` at /demo/ (example platform pages embedding it).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { lazyStatic } from './lazy-static.js';

function servedFolder(prefix: string, dir: string) {
  const app = new Hono<AppEnv>();
  app.use(
    `${prefix}/*`,
    lazyStatic(dir, {
      rewriteRequestPath: (path) => path.slice(prefix.length),
      // Short cache: define.js keeps its name between builds; Last-Modified lets browsers revalidate.
      cacheControl: () => 'public, max-age=300',
    }),
  );
  app.all(`${prefix}/*`, (c) => c.text('Introuvable', 404));
  return app;
}

export const elementsRoutes = (distDir: string) => servedFolder('/elements', distDir);
export const demoRoutes = (demoDir: string) => servedFolder('/demo', demoDir);
