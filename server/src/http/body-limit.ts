/**
 * A body limit on every request of the platform origin, checked before the body is read: a
 * Content-Length over the limit is refused at once, and a chunked body is read only up to the
 * limit. 413 `payload_too_large`. Without it, one 200 MB POST /login was held in memory whole.
 *
 * The 413 must reach the client even though the client is still sending: it is answered with
 * `Connection: close`, then the connection is closed gently (closeGently below).
 */
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { importRules } from '../../../src/contract/libraryImport.js';
import { measureRules } from '../../../src/contract/measures.js';
import { siteRules } from '../../../src/contract/siteManagement.js';
import type { AppEnv } from './env.js';
import { apiError } from './errors.js';
import { requestHeader } from './request-header.js';

const KiB = 1024;

/** Any route not listed below: 1 MiB, ample for the JSON of one record or one document's lines. */
export const defaultBodyLimit = 1024 * KiB;

/**
 * Routes that need another limit: smaller where a form has a few short fields, larger only where an
 * upload needs it. (Client logs keep their own 64 KiB limit, routes/client-logs.ts.)
 */
export const bodyLimitsByRoute: { method: string; path: string | RegExp; maxSize: number }[] = [
  // email (254) + password (200) + redirect (2048, up to three times that once percent-encoded).
  { method: 'POST', path: '/login', maxSize: 8 * KiB },
  { method: 'POST', path: '/logout', maxSize: 1 * KiB },
  // A supplier's price list (issue 22): the 20 Mo file and the multipart form around it. The route
  // itself answers import_file_too_large for a file over 20 Mo within this margin.
  {
    method: 'POST',
    path: /^\/v2\/companies\/[^/]+\/library\/imports(\/preview)?$/,
    maxSize: importRules.maxBytes + 64 * KiB,
  },
  // A measure file (issue 23): the route itself refuses one over 5 Mo with its reason and the
  // group's event (measure_file_too_large); a body far over that is cut here.
  {
    method: 'POST',
    path: /^\/v2\/companies\/[^/]+\/measure-groups\/[^/]+\/import$/,
    maxSize: 4 * measureRules.maxFileBytes,
  },
  // A supplier's invoice file (issue 24, « Gestion chantier »): the route refuses one over 10 Mo
  // (purchase_file_too_large); the multipart form around it fits in the margin.
  {
    method: 'POST',
    path: /^\/v2\/companies\/[^/]+\/business-jobs\/[^/]+\/purchases\/import$/,
    maxSize: siteRules.maxFileBytes + 64 * KiB,
  },
  // The connector's push of up to 5 000 measures, each with its geometry as received.
  {
    method: 'POST',
    path: /^\/v2\/applications\/[^/]+\/measure-groups\/[^/]+\/measures$/,
    maxSize: 8 * 1024 * KiB,
  },
];

/** How long a refused request's remaining bytes are still read (and dropped) after the 413. */
export const lingerAfterRefusalMs = 5000;

const gentlyClosed = new WeakSet<Socket>();

/**
 * Closing a socket while the client is still sending makes the kernel answer the bytes that keep
 * coming with a reset, and a reset may wipe our 413 from the client's buffers before the client
 * read it (a client that reads once it has sent everything got no answer at all: 198 times out of
 * 200 in the test). So, as web servers do (« lingering close »): the answer, then our side of the
 * connection shut (FIN), while whatever still arrives is read and dropped until the client closes
 * or `lingerAfterRefusalMs` pass. Node closes a `Connection: close` socket, and @hono/node-server
 * one whose body it gave up draining, through `destroySoon()`: that is what is replaced here.
 */
export function closeGently(c: Context<AppEnv>): void {
  c.header('Connection', 'close');
  const socket = c.env?.incoming?.socket;
  if (!socket || gentlyClosed.has(socket)) return;
  gentlyClosed.add(socket);
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed || this.writableEnded) return;
    this.end();
    const timer = setTimeout(() => this.destroy(), lingerAfterRefusalMs);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

export function bodyLimits(): MiddlewareHandler<AppEnv> {
  const onError: Parameters<typeof bodyLimit>[0]['onError'] = (c) => {
    closeGently(c);
    return apiError(c, 'payload_too_large');
  };
  const limiters = bodyLimitsByRoute.map((route) => ({
    ...route,
    limit: bodyLimit({ maxSize: route.maxSize, onError }),
  }));
  const fallback = bodyLimit({ maxSize: defaultBodyLimit, onError });
  return (c, next) => {
    // A GET or HEAD with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 6.3):
    // nothing to limit, and asking the request for its body would build a whole Fetch Request.
    if (
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      requestHeader(c, 'content-length') === undefined &&
      requestHeader(c, 'transfer-encoding') === undefined
    ) {
      return next();
    }
    const route = limiters.find(
      (r) =>
        r.method === c.req.method &&
        (typeof r.path === 'string' ? r.path === c.req.path : r.path.test(c.req.path)),
    );
    return (route?.limit ?? fallback)(c, next);
  };
}
