import fs from 'node:fs';
import { serveStatic, type ServeStaticOptions } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';

/**
 * serveStatic for a folder the front end may build after the server started: passes through while
 * the folder is missing, and is created on first use (serveStatic warns about a missing root).
 */
export function lazyStatic(
  root: string,
  options: Omit<ServeStaticOptions<AppEnv>, 'root'>,
): MiddlewareHandler<AppEnv> {
  let files: MiddlewareHandler<AppEnv> | undefined;
  return (c, next) => {
    if (!fs.existsSync(root)) return next();
    files ??= serveStatic<AppEnv>({ ...options, root });
    return files(c, next);
  };
}
