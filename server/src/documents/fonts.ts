/**
 * Poppins, the product's typeface, embedded in every document (PDF/A forbids the standard 14 fonts,
 * which are not embedded). The files are @fontsource/poppins's latin WOFF (French is covered),
 * unpacked once per process into a plain TrueType file: fontkit reads WOFF too, but inflates a
 * table again at each glyph it reads, which made a one-page invoice take over a second.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const filesDir = path.join(path.dirname(require.resolve('@fontsource/poppins/package.json')), 'files');

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

const cache = new Map<Weight, Promise<Uint8Array>>();

/** Poppins of that weight as TrueType bytes. */
export function poppins(weight: Weight): Promise<Uint8Array> {
  let bytes = cache.get(weight);
  if (!bytes) {
    bytes = readFile(path.join(filesDir, `poppins-latin-${weight}-normal.woff`)).then(woffToSfnt);
    cache.set(weight, bytes);
  }
  return bytes;
}
