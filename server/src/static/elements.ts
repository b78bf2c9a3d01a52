/** `<repo>/dist/` served read-only at /elements/ on the platform origin (the element library). */
import fs from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.js';

export function elementsRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const files = serveStatic<AppEnv>({
      root: distDir,
      rewriteRequestPath: (path) => path.replace(/^\/elements/, ''),
      onFound: (_path, c) => {
        // Short cache: define.js keeps its name between builds; Last-Modified lets browsers revalidate.
        c.header('Cache-Control', 'public, max-age=300');
      },
  });
  // dist/ may be built after the server starts: look for it on each request.
  app.use('/elements/*', (c, next) => (fs.existsSync(distDir) ? files(c, next) : next()));
  app.all('/elements/*', (c) => c.text('Not found', 404));
  return app;
}
