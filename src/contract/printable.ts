/**
 * What the documents (invoice PDF) can print. The PDF embeds Poppins (latin, latin-ext) and, for
 * the letters Poppins lacks, Be Vietnam Pro (vietnamese, latin-ext); a character none of them has
 * is printed as a visible replacement mark, never dropped. The editor warns about those characters
 * before validation with `unprintableCharacters`, the very rule the PDF applies.
 * Pure TypeScript (no DOM, no Node API): the client and the server import it.
 *
 * `printableRanges` is the union of the embedded fonts' character maps (both weights), as
 * [first, last] code points; server/test/invoice-pdf-fonts.test.ts checks it against the fonts and
 * prints the new table when a font changes.
 */
import { pdfSpaces } from './format.js';

export const printableRanges: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x107],
  [0x10a, 0x11b],
  [0x11e, 0x123],
  [0x126, 0x131],
  [0x136, 0x137],
  [0x139, 0x148],
  [0x14c, 0x15b],
  [0x15e, 0x17e],
  [0x18f, 0x18f],
  [0x192, 0x192],
  [0x1a0, 0x1a1],
  [0x1af, 0x1b0],
  [0x1e6, 0x1e7],
  [0x1fc, 0x1fd],
  [0x218, 0x21b],
  [0x259, 0x259],
  [0x2bc, 0x2bc],
  [0x2c6, 0x2c7],
  [0x2c9, 0x2c9],
  [0x2da, 0x2da],
  [0x2dc, 0x2dd],
  [0x300, 0x301],
  [0x303, 0x304],
  [0x308, 0x309],
  [0x323, 0x323],
  [0x1e20, 0x1e21],
  [0x1e80, 0x1e85],
  [0x1e9e, 0x1e9e],
  [0x1ea0, 0x1ef9],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2020, 0x2020],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x2044, 0x2044],
  [0x20a8, 0x20a8],
  [0x20ab, 0x20ac],
  [0x20b9, 0x20ba],
  [0x20bd, 0x20bd],
  [0x2113, 0x2113],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
];

/** A code point one of the embedded fonts has (binary search over the ranges). */
export function isPrintable(codePoint: number): boolean {
  let low = 0;
  let high = printableRanges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = printableRanges[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

/** Spaces of every width print as a space (a narrow no-break one as a no-break one: `pdfSpaces`). */
const otherSpaces = /[\u1680\u2000-\u200a\u205f\u3000]/g;
/** Invisible formatting characters (zero-width space and joiners, direction marks, BOM): no ink, left out. */
const invisible = /[\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\ufeff]/g;

/**
 * The text as the document prints it: composed (NFC, so « ễ » typed as e + two accents is the one
 * letter the font has), tabs and odd spaces as spaces, invisible marks left out, line breaks kept
 * as `\n`. Every visible character stays.
 */
export function printableText(text: string): string {
  return pdfSpaces(text)
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(otherSpaces, ' ')
    .replace(invisible, '');
}

/**
 * The distinct characters of `text` that no embedded font can print, in order of appearance: the
 * PDF shows a replacement mark in their place (« Yılmaz » prints whole; « 山田 » would not).
 */
export function unprintableCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const char of printableText(text)) {
    if (char === '\n') continue;
    if (!isPrintable(char.codePointAt(0)!)) found.add(char);
  }
  return [...found];
}
