/**
 * The company logo's bytes: what an upload may be (its first bytes say, never the declared type
 * alone), and the headers it is served with. An SVG can carry script: it is stored, but served as
 * an attachment under a CSP that forbids everything, never as a page of our origin.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { logoRules } from '../../../src/contract/preferences.js';
import type { Database, Tx } from '../db/database.js';
import { companyFiles } from '../db/schema.js';
import type { AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';

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

/**
 * The company's stored images, one per purpose: the company logo (heads every document, admin
 * only, as the company information) and the documents' footer logo (Formats page, any member).
 */
export const logoPurposes = { header: 'logo', footer: 'footer-logo' } as const;
export type LogoPurpose = (typeof logoPurposes)[keyof typeof logoPurposes];

export type LogoUpload =
  | { ok: true; bytes: Uint8Array; contentType: LogoContentType }
  | { ok: false; key: 'file_too_large' | 'unsupported_file_format' };

/**
 * An upload's body read and checked: at most `logoRules.maxBytes`, and the declared type must be
 * what the bytes are (a page declared as a PNG is refused).
 */
export async function readLogoUpload(c: Context): Promise<LogoUpload> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > logoRules.maxBytes) return { ok: false, key: 'file_too_large' };
  const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const actual = sniffLogoType(bytes);
  if (!actual || actual !== declared) return { ok: false, key: 'unsupported_file_format' };
  return { ok: true, bytes, contentType: actual };
}

/** Stores (or replaces) the company's file of this purpose; a new upload gets a new id (its address changes). */
export async function storeCompanyFile(
  tx: Tx,
  companyId: number,
  purpose: LogoPurpose,
  upload: { bytes: Uint8Array; contentType: string },
): Promise<number> {
  const [file] = await tx
    .insert(companyFiles)
    .values({ companyId, purpose, contentType: upload.contentType, bytes: upload.bytes })
    .onConflictDoUpdate({
      target: [companyFiles.companyId, companyFiles.purpose],
      set: {
        contentType: upload.contentType,
        bytes: upload.bytes,
        createdAt: sql`now()`,
        id: sql`nextval('company_files_id_seq')`,
      },
    })
    .returning({ id: companyFiles.id });
  return file!.id;
}

/** The company's file of this purpose (its id, type and bytes), or null. */
export async function companyFileOf(tx: Tx, companyId: number, purpose: LogoPurpose) {
  const [file] = await tx
    .select({ id: companyFiles.id, contentType: companyFiles.contentType, bytes: companyFiles.bytes })
    .from(companyFiles)
    .where(and(eq(companyFiles.companyId, companyId), eq(companyFiles.purpose, purpose)));
  return file ?? null;
}

/** GET of a stored logo: the caller's company's file of this purpose, 404 without one. */
export async function serveCompanyFile(c: Context<AppEnv>, db: Database, purpose: LogoPurpose) {
  const { companyId } = c.get('caller');
  const file = await db.withTenant(companyId, (tx) => companyFileOf(tx, companyId, purpose));
  if (!file) return apiError(c, 'not_found');
  return serveFile(c, file.bytes, file.contentType);
}
