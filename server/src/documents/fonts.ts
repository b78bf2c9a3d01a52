/**
 * The typefaces embedded in every document (PDF/A forbids the standard 14 fonts, which are not
 * embedded). Poppins, the product's typeface, prints French and most European languages (its latin
 * and latin-ext files); Be Vietnam Pro, a geometric sans drawn to sit beside it, prints what
 * Poppins lacks: Vietnamese (ễ, ơ, ư…) and a few more latin letters (Maltese ħ, ẞ). The PDF picks,
 * per character, the first face that has it (`documentFaces` order), and src/contract/printable.ts
 * lists what they cover together (checked against these files by test/invoice-pdf-fonts.test.ts).
 * The files are @fontsource's per-subset WOFF, unpacked once per process into plain TrueType:
 * fontkit reads WOFF too, but inflates a table again at each glyph it reads, which made a one-page
 * invoice take over a second.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';

const require = createRequire(import.meta.url);
const filesOf = (pkg: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files');

export type Weight = 400 | 600;

/** OpenType layout tables: shaping them cost about 2 ms per drawn string (kerning and ligatures only). */
const layoutTables = new Set(['GSUB', 'GPOS', 'GDEF'].map((tag) => Buffer.from(tag).readUInt32BE()));

/**
 * WOFF 1.0 → SFNT (TrueType): the same tables, inflated, behind a rebuilt table directory, without
 * the OpenType layout tables (a document needs no ligature, and shaping was most of its time).
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error('Not a WOFF file');
  const flavor = view.getUint32(4);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < view.getUint16(12); i++) {
    const entry = 44 + i * 20;
    const offset = view.getUint32(entry + 4);
    const compLength = view.getUint32(entry + 8);
    const origLength = view.getUint32(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    if (layoutTables.has(view.getUint32(entry))) continue;
    tables.push({
      tag: view.getUint32(entry),
      checksum: view.getUint32(entry + 16),
      data: compLength < origLength ? new Uint8Array(inflateSync(raw)) : raw,
    });
  }
  const pad4 = (n: number) => (n + 3) & ~3;
  const numTables = tables.length;
  const headerLength = 12 + numTables * 16;
  const size = tables.reduce((total, t) => total + pad4(t.data.length), headerLength);
  const out = new Uint8Array(size);
  const sfnt = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  sfnt.setUint32(0, flavor);
  sfnt.setUint16(4, numTables);
  sfnt.setUint16(6, searchRange);
  sfnt.setUint16(8, entrySelector);
  sfnt.setUint16(10, numTables * 16 - searchRange);
  let offset = headerLength;
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    sfnt.setUint32(entry, table.tag);
    sfnt.setUint32(entry + 4, table.checksum);
    sfnt.setUint32(entry + 8, offset);
    sfnt.setUint32(entry + 12, table.data.length);
    out.set(table.data, offset);
    offset += pad4(table.data.length);
  });
  return out;
}

/** One subset file of a typeface, as @fontsource ships it. */
export interface DocumentFace {
  /** The @fontsource package and its file prefix. */
  package: '@fontsource/poppins' | '@fontsource/be-vietnam-pro';
  prefix: string;
  subset: 'latin' | 'latin-ext' | 'vietnamese';
}

/** The faces in the order the PDF tries them for a character: Poppins first, always. */
export const documentFaces: readonly DocumentFace[] = [
  { package: '@fontsource/poppins', prefix: 'poppins', subset: 'latin' },
  { package: '@fontsource/poppins', prefix: 'poppins', subset: 'latin-ext' },
  { package: '@fontsource/be-vietnam-pro', prefix: 'be-vietnam-pro', subset: 'vietnamese' },
  { package: '@fontsource/be-vietnam-pro', prefix: 'be-vietnam-pro', subset: 'latin-ext' },
];

export const faceFile = (face: DocumentFace, weight: Weight) =>
  path.join(filesOf(face.package), `${face.prefix}-${face.subset}-${weight}-normal.woff`);

const cache = new Map<string, Promise<Uint8Array>>();

/** The face of that weight as TrueType bytes (read and unpacked once per process). */
export function faceBytes(face: DocumentFace, weight: Weight): Promise<Uint8Array> {
  const file = faceFile(face, weight);
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = readFile(file).then(woffToSfnt);
    cache.set(file, bytes);
  }
  return bytes;
}

/** Code points that are no letter although a face's map lists them (NUL, CR, U+FFFF). */
const notText = (codePoint: number) => codePoint < 0x20 || codePoint === 0xffff;

const charsets = new Map<string, Promise<ReadonlySet<number>>>();

/** The characters the face has (its cmap, less the control entries), read once per process. */
export function faceCharacters(face: DocumentFace, weight: Weight): Promise<ReadonlySet<number>> {
  const file = faceFile(face, weight);
  let set = charsets.get(file);
  if (!set) {
    set = faceBytes(face, weight).then(
      (bytes) => new Set(fontkit.create(bytes).characterSet.filter((c: number) => !notText(c))),
    );
    charsets.set(file, set);
  }
  return set;
}

/** Poppins latin of that weight as TrueType bytes. */
export const poppins = (weight: Weight) => faceBytes(documentFaces[0]!, weight);
