/**
 * Poppins, the product's typeface, embedded in every document (PDF/A forbids the standard 14 fonts,
 * which are not embedded). The files are @fontsource/poppins's latin WOFF (French is covered);
 * fontkit reads WOFF and pdf-lib embeds a TrueType subset of the glyphs used. Read once per process.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const filesDir = path.join(path.dirname(require.resolve('@fontsource/poppins/package.json')), 'files');

export type Weight = 400 | 600;

const cache = new Map<Weight, Promise<Uint8Array>>();

export function poppins(weight: Weight): Promise<Uint8Array> {
  let bytes = cache.get(weight);
  if (!bytes) {
    bytes = readFile(path.join(filesDir, `poppins-latin-${weight}-normal.woff`));
    cache.set(weight, bytes);
  }
  return bytes;
}
