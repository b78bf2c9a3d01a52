import fs from 'node:fs';
import path from 'node:path';
import { type ServeStaticOptions, serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';
import { compressibleFile, encodings, isFreshCopy } from './precompress.js';

/** For a file whose name holds its content's hash: its content never changes under that name. */
export const immutable = 'public, max-age=31536000, immutable';

/**
 * For a file that keeps its name between builds (define.js, the SPA's unhashed files): five
 * minutes, then asked again (a 304 when unchanged, revalidated below), never used stale.
 */
export const shortCache = 'public, max-age=300, must-revalidate';

const mtimeOf = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/**
 * The `.br`/`.gz` copies the build made beside a file (precompress.ts): 'fresh' when every copy
 * there is was made from the file as it is now, 'stale' when one is older (the file was rebuilt
 * without the compression step: serve it as it is), 'none' without copies (or no such file).
 */
function copiesOf(file: string): 'fresh' | 'stale' | 'none' {
  if (!compressibleFile.test(file)) return 'none';
  const original = mtimeOf(file);
  if (original === undefined) return 'none';
  const copies = encodings.map((encoding) => mtimeOf(file + encoding.ext)).filter((t) => t !== undefined);
  if (copies.length === 0) return 'none';
  return copies.every((copy) => isFreshCopy(copy, original)) ? 'fresh' : 'stale';
}

/**
 * serveStatic for a folder the front end may build after the server started: passes through while
 * the folder is missing, and is created on first use (serveStatic warns about a missing root).
 * `cacheControl` sets Cache-Control on files found, given the file's path relative to the root
 * (serveStatic's onFound runs after the response is built, too late to add a header through the
 * context).
 *
 * Compression (issue 27): a file with fresh `.br`/`.gz` copies is answered with the copy the
 * request's Accept-Encoding takes (brotli first), with Content-Encoding; every answer for such a
 * file says `Vary: Accept-Encoding`, so that a cache never hands one encoding to a browser that
 * asked for another. Nothing is compressed on a request.
 */
export function lazyStatic(
  root: string,
  {
    cacheControl,
    ...options
  }: Omit<ServeStaticOptions<AppEnv>, 'root' | 'onFound' | 'precompressed'> & {
    cacheControl: (relativePath: string) => string;
  },
): MiddlewareHandler<AppEnv> {
  const found = new WeakMap<Context, string>();
  let handlers: { compressed: MiddlewareHandler<AppEnv>; plain: MiddlewareHandler<AppEnv> } | undefined;
  return async (c, next) => {
    if (!fs.existsSync(root)) return next();
    const make = (precompressed: boolean) =>
      serveStatic<AppEnv>({
        ...options,
        root,
        precompressed,
        onFound: (filePath, context) => void found.set(context, filePath),
      });
    handlers ??= { compressed: make(true), plain: make(false) };
    const copies = copiesOf(requestedFile(root, c, options.rewriteRequestPath));
    const response = await (copies === 'fresh' ? handlers.compressed : handlers.plain)(c, next);
    const filePath = found.get(c);
    if (response && filePath) {
      const encoding = encodings.find((e) => response.headers.get('Content-Encoding') === e.name);
      const original = encoding ? filePath.slice(0, -encoding.ext.length) : filePath;
      response.headers.set('Cache-Control', cacheControl(path.relative(root, original)));
      if (copies === 'fresh' && !/accept-encoding/i.test(response.headers.get('Vary') ?? '')) {
        response.headers.append('Vary', 'Accept-Encoding');
      }
      if (response.status === 200) return revalidated(c, response, filePath);
    }
    return response;
  };
}

/**
 * Validators for a file answered whole (issue 27): an ETag made of the served bytes' size and
 * time (the brotli, gzip and plain copies differ in size, so each encoding has its own), and a
 * 304 without the body when the browser's copy is still the file's, by ETag or else by
 * Last-Modified (RFC 9110 13.1.1, 13.1.3). define.js, cached 5 minutes, is then revalidated for
 * a few hundred bytes rather than downloaded again.
 */
function revalidated(c: Context<AppEnv>, response: Response, filePath: string): Response {
  const stats = fs.statSync(filePath, { throwIfNoEntry: false });
  if (!stats) return response;
  const etag = `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;
  response.headers.set('ETag', etag);
  const ifNoneMatch = c.req.header('If-None-Match');
  const ifModifiedSince = c.req.header('If-Modified-Since');
  const unchanged =
    ifNoneMatch !== undefined
      ? ifNoneMatch
          .split(',')
          .map((tag) => tag.trim().replace(/^W\//, ''))
          .some((tag) => tag === '*' || tag === etag)
      : ifModifiedSince !== undefined &&
        Date.parse(ifModifiedSince) >= Math.floor(stats.mtimeMs / 1000) * 1000;
  if (!unchanged) return response;
  void response.body?.cancel();
  const headers = new Headers(response.headers);
  for (const name of ['Content-Length', 'Content-Type', 'Content-Encoding']) headers.delete(name);
  return new Response(null, { status: 304, headers });
}

/**
 * The file a request names, for looking at its compressed copies only (serveStatic does the
 * serving and its own checks): anything odd gives '' (no copies, served plain or not found).
 */
function requestedFile(
  root: string,
  c: Context<AppEnv>,
  rewrite: ServeStaticOptions<AppEnv>['rewriteRequestPath'],
): string {
  let name: string;
  try {
    name = decodeURI(c.req.path);
  } catch {
    return '';
  }
  if (name.includes('\0') || /(?:^|[/\\])\.{1,2}(?:$|[/\\])|\\/.test(name)) return '';
  return path.join(root, rewrite ? rewrite(name, c) : name);
}
