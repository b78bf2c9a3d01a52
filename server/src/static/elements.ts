/** `<repo>/dist/` served read-only at /elements/ on the platform origin (the element library). */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';
import { lazyStatic } from './lazy-static.js';

export function elementsRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  app.use(
    '/elements/*',
    lazyStatic(distDir, {
      rewriteRequestPath: (path) => path.replace(/^\/elements/, ''),
      // Short cache: define.js keeps its name between builds; Last-Modified lets browsers revalidate.
      cacheControl: () => 'public, max-age=300',
    }),
  );
  app.all('/elements/*', (c) => c.text('Not found', 404));
  return app;
}
