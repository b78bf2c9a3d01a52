import fs from 'node:fs';
import { type ServeStaticOptions, serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';

/**
 * serveStatic for a folder the front end may build after the server started: passes through while
 * the folder is missing, and is created on first use (serveStatic warns about a missing root).
 * `cacheControl` sets Cache-Control on files found (serveStatic's onFound runs after the response
 * is built, too late to add a header through the context).
 */
export function lazyStatic(
  root: string,
  {
    cacheControl,
    ...options
  }: Omit<ServeStaticOptions<AppEnv>, 'root' | 'onFound'> & { cacheControl: (filePath: string) => string },
): MiddlewareHandler<AppEnv> {
  const found = new WeakMap<Context, string>();
  let files: MiddlewareHandler<AppEnv> | undefined;
  return async (c, next) => {
    if (!fs.existsSync(root)) return next();
    files ??= serveStatic<AppEnv>({
      ...options,
      root,
      onFound: (filePath, context) => void found.set(context, filePath),
    });
    const response = await files(c, next);
    const filePath = found.get(c);
    if (response && filePath) response.headers.set('Cache-Control', cacheControl(filePath));
    return response;
  };
}
