/**
 * The answers built on each request (API JSON, the platform's and the SPA's HTML pages) sent
 * compressed to a browser that accepts it (issue 27: Lighthouse's « Enable text compression », 11
 * to 23 KiB a screen on a phone's slow link). The built front end's files are compressed once at
 * build time (static/precompress.ts): their copies carry Content-Encoding and are left alone here.
 *
 * node:zlib does the compressing, off the event loop (libuv's thread pool), at a fast level: brotli
 * quality 4, gzip level 6. A page of 50 customers (21 kB of JSON) costs ≈ 0.25 ms of CPU at brotli
 * 4 and shrinks to ≈ 1.5 kB; quality 11 (the build's) would cost 40–48 ms each time
 * (bench/results.md, « Answers compressed… », 2026-11-28).
 *
 * Left as they are: bodies under 1 KiB (a packet either way), what is not JSON or HTML (PDFs,
 * images, archives are compressed already; CSV and text exports are streamed, their download's
 * progress reads Content-Length), partial answers (206), answers without a body (204, 304, HEAD),
 * and any answer whose Cache-Control says `no-transform`. An answer that may be compressed says
 * `Vary: Accept-Encoding` whichever encoding it got (its HEAD and 304 too), so that a shared cache
 * keeps one per encoding. A strong ETag (a static page without a precompressed copy) is made weak
 * once compressed: the bytes differ.
 */
import type { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Smaller bodies travel in one packet anyway; compressing them costs CPU for nothing. */
const compressThreshold = 1024;

const compressibleType = /^(?:application\/(?:[\w.-]+\+)?json|text\/html)\b/i;
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const encoders = {
  br: (bytes: Uint8Array) =>
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes: Uint8Array) => gzip(bytes, { level: 6 }),
} as const;

type Encoding = keyof typeof encoders;

/**
 * The encoding a request's Accept-Encoding prefers among brotli and gzip (RFC 9110 12.5.3): the
 * highest q, brotli on a tie; `q=0` refuses one; `*` stands for those not named. None: undefined.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params
      .find((p) => /^\s*q\s*=/.test(p))
      ?.replace(/^\s*q\s*=/, '')
      .trim();
    // A weight that is not a number refuses, rather than accepting at full weight.
    const weight = q === undefined ? 1 : /^\d+(?:\.\d*)?$/.test(q) ? Number(q) : 0;
    if (name) weights.set(name.trim(), weight);
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Adds Accept-Encoding to the answer's Vary. Behind the Node listener the security middleware has
 * already written `Vary: Origin` on the Node answer (http/security.ts), which a Vary on the Fetch
 * answer would replace: both are kept.
 */
function appendVary(headers: Headers, onNodeAnswer: ServerResponse | undefined) {
  const written = onNodeAnswer?.getHeader('vary');
  const vary = headers.get('Vary') ?? (Array.isArray(written) ? written.join(', ') : written?.toString());
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export const compressAnswers = (): MiddlewareHandler =>
  async function compressAnswers(c, next) {
    await next();
    const response = c.res;
    const headers = response.headers;
    if (
      response.status === 206 ||
      headers.has('Content-Encoding') ||
      !compressibleType.test(headers.get('Content-Type') ?? '') ||
      noTransform.test(headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    appendVary(headers, (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing);
    if (c.req.method === 'HEAD' || !response.body || response.status === 204 || response.status === 304)
      return;
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const declared = headers.get('Content-Length');
    if (!encoding || (declared !== null && Number(declared) < compressThreshold)) return;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const small = bytes.length < compressThreshold;
    const body = small ? bytes : await encoders[encoding](bytes);
    const answer = new Response(body, response);
    if (!small) {
      answer.headers.set('Content-Encoding', encoding);
      answer.headers.set('Content-Length', String(body.length));
      const etag = answer.headers.get('ETag');
      if (etag && !etag.startsWith('W/')) answer.headers.set('ETag', `W/${etag}`);
    }
    // Cleared first: Hono's setter would copy the old answer's headers (its Content-Length) over.
    c.res = undefined as unknown as Response;
    c.res = answer;
  };
