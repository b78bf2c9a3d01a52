/**
 * The company logo's bytes: what an upload may be (its first bytes say, never the declared type
 * alone; a raster image's header says its size before anything decodes it), how it is stored (made
 * to the size a document prints it at) and the headers it is served with. An SVG can carry
 * script: it is stored, but served as an attachment under a CSP that forbids everything, never as
 * a page of our origin.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { logoRules } from '../../../src/contract/preferences.js';
import type { Database, Tx } from '../db/database.js';
import { companyFiles } from '../db/schema.js';
import type { AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { type ImageSize, type RasterType, readImageHeader, withinPixelLimits } from './image-header.js';

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
 * The company's stored images, one per purpose: the company logo (heads every document) and the
 * documents' footer logo (Formats page). Both print on every invoice: an administrator changes them.
 */
export const logoPurposes = { header: 'logo', footer: 'footer-logo' } as const;
export type LogoPurpose = (typeof logoPurposes)[keyof typeof logoPurposes];

export type LogoRefusal = 'file_too_large' | 'unsupported_file_format';

export type LogoCheck =
  | { ok: true; contentType: 'image/svg+xml'; size: null }
  | { ok: true; contentType: RasterType; size: ImageSize }
  | { ok: false; key: LogoRefusal };

/**
 * What an upload's bytes are, decoding nothing: at most `logoRules.maxBytes`; the declared type
 * must be what the bytes are (a page declared as a PNG is refused); a raster image must have a
 * header that says its size (415 otherwise) within `logoRules.maxSide` and `maxPixels` (413).
 */
export function checkLogoBytes(bytes: Uint8Array, declaredType: string): LogoCheck {
  if (bytes.byteLength > logoRules.maxBytes) return { ok: false, key: 'file_too_large' };
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  const actual = sniffLogoType(bytes);
  if (!actual || actual !== declared) return { ok: false, key: 'unsupported_file_format' };
  if (actual === 'image/svg+xml') return { ok: true, contentType: actual, size: null };
  const size = readImageHeader(bytes);
  if (!size || size.type !== actual) return { ok: false, key: 'unsupported_file_format' };
  if (!withinPixelLimits(size, logoRules)) return { ok: false, key: 'file_too_large' };
  return { ok: true, contentType: actual, size };
}

/**
 * The box, in pixels, each logo is stored within: the box the invoice PDF draws it in
 * (documents/invoice-pdf.ts: header 160 × 56 points, footer 90 × 26) at 300 dpi, print quality.
 * A larger image only costs memory and time at every render.
 */
export const logoBoxes: Record<LogoPurpose, { width: number; height: number }> = {
  logo: { width: 667, height: 234 },
  'footer-logo': { width: 375, height: 109 },
};

/** Images being made at once in this process (each decodes up to 64 MiB, off the event loop). */
const normalisingAtOnce = 2;
let normalising = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (normalising >= normalisingAtOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  normalising++;
  try {
    return await work();
  } finally {
    normalising--;
    waiting.shift()?.();
  }
}

let sharpModule: Promise<typeof import('sharp')> | undefined;
const loadSharp = () =>
  (sharpModule ??= import('sharp').then((module) => {
    // No cache of decoded images: a logo is made once, and the memory is given back at once.
    module.default.cache(false);
    return module;
  }));

/**
 * The raster logo made to the size the document needs: turned upright (EXIF orientation), reduced
 * to fit the box (never enlarged), its metadata dropped, written as a JPEG when it was one (a
 * photograph) and as a PNG otherwise (a GIF or WebP becomes printable: the PDF embeds only those
 * two). libvips works on its own threads, so the event loop is not held; its input pixels are
 * capped again (a second wall behind checkLogoBytes). Throws on bytes it cannot decode.
 */
export async function normaliseLogo(
  bytes: Uint8Array,
  type: RasterType,
  box: { width: number; height: number },
): Promise<{ bytes: Uint8Array; contentType: 'image/png' | 'image/jpeg'; width: number; height: number }> {
  const { default: sharp } = await loadSharp();
  return oneAtATime(async () => {
    const image = sharp(bytes, { limitInputPixels: logoRules.maxPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true });
    const jpeg = type === 'image/jpeg';
    const written = jpeg ? image.jpeg({ quality: 90 }) : image.png({ compressionLevel: 9 });
    const { data, info } = await written.toBuffer({ resolveWithObject: true });
    return {
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      contentType: jpeg ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
    };
  });
}

export type LogoUpload =
  | { ok: true; bytes: Uint8Array; contentType: LogoContentType }
  | { ok: false; key: LogoRefusal };

/**
 * An upload's body read, checked (checkLogoBytes) and made to the size of the purpose's box; an
 * SVG is kept as sent (it is never drawn by the server). An image whose header passed but whose
 * data does not decode is unsupported (415).
 */
export async function readLogoUpload(c: Context, purpose: LogoPurpose): Promise<LogoUpload> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const check = checkLogoBytes(bytes, c.req.header('content-type') ?? '');
  if (!check.ok) return check;
  if (check.contentType === 'image/svg+xml') return { ok: true, bytes, contentType: check.contentType };
  try {
    const made = await normaliseLogo(bytes, check.contentType, logoBoxes[purpose]);
    return { ok: true, bytes: made.bytes, contentType: made.contentType };
  } catch {
    return { ok: false, key: 'unsupported_file_format' };
  }
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
