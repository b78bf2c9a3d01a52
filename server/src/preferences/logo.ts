/**
 * The company logo's bytes: what an upload may be (its first bytes say, never the declared type
 * alone), and the headers it is served with. An SVG can carry script: it is stored, but served as
 * an attachment under a CSP that forbids everything, never as a page of our origin.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { logoRules } from '../../../src/contract/preferences.js';

export type LogoContentType = (typeof logoRules.contentTypes)[number];

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes are, or null when they are none of the accepted ones. */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  // SVG is text: an optional BOM, XML declaration, comments or doctype, then the <svg> root.
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '');
  const prologue = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;
  if (prologue.test(head)) return 'image/svg+xml';
  return null;
}

/** The headers of a served logo: its own type, no sniffing, no script, SVG never inline. */
export function logoHeaders(contentType: string): Record<string, string> {
  const svg = contentType === 'image/svg+xml';
  return {
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'Content-Disposition': svg ? 'attachment; filename="logo.svg"' : 'inline',
    'Cache-Control': 'private, no-cache',
    'Cross-Origin-Resource-Policy': 'same-site',
  };
}

/** The headers a served file must leave with, by request (the page-wide CSP would replace them). */
const fileHeaders = new WeakMap<Request, Record<string, string>>();

/** A stored file's answer: its bytes with logoHeaders, kept over the page-wide security headers. */
export function serveFile(c: Context, bytes: Uint8Array, contentType: string) {
  const headers = logoHeaders(contentType);
  fileHeaders.set(c.req.raw, headers);
  return c.body(new Uint8Array(bytes), 200, headers);
}

/**
 * Registered before the security headers (so it runs after them on the way out): a served file
 * gets its own restrictive CSP back instead of the pages' one.
 */
export const keepFileHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = fileHeaders.get(c.req.raw);
  if (!headers) return;
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
};
