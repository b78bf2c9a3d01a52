/**
 * ISO 8859-15 (Latin-9), the character set the FEC is written in: article A47 A-1 of the LPF
 * names ASCII, ISO 8859-15 or EBCDIC, and the tax administration's test tool reads Latin-9; UTF-8
 * is not one of them. Latin-9 is Latin-1 with eight places changed (€ Š š Ž ž Œ œ Ÿ), so French text
 * fits, the euro sign and « œ » included. What does not fit is written as the nearest Latin-9 text:
 * typographic quotes and dashes as their plain forms, the narrow and other spaces as spaces, a
 * letter with an accent Latin-9 lacks as the letter (NFD without its marks), anything else « ? ».
 */

/** The eight Latin-9 places that differ from Latin-1: character → byte. */
const latin9Specials = new Map<number, number>([
  [0x20ac, 0xa4], // €
  [0x0160, 0xa6], // Š
  [0x0161, 0xa8], // š
  [0x017d, 0xb4], // Ž
  [0x017e, 0xb8], // ž
  [0x0152, 0xbc], // Œ
  [0x0153, 0xbd], // œ
  [0x0178, 0xbe], // Ÿ
]);
/** The Latin-1 characters whose places Latin-9 took (¤ ¦ ¨ ´ ¸ ¼ ½ ¾): not in Latin-9. */
const latin1Replaced = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);

/** Characters Latin-9 lacks, written as their nearest plain text. */
const nearest: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2007': ' ',
  '\u00a4': 'EUR',
  '\u00bc': '1/4',
  '\u00bd': '1/2',
  '\u00be': '3/4',
};

/** The Latin-9 byte of a character (a code point), or null. */
function byteOf(code: number): number | null {
  if (code < 0x80) return code;
  const special = latin9Specials.get(code);
  if (special !== undefined) return special;
  if (code >= 0xa0 && code <= 0xff && !latin1Replaced.has(code)) return code;
  return null;
}

/** What a character Latin-9 lacks is written as: the nearest text, or « ? ». */
function replacementOf(char: string): string {
  const near = nearest[char];
  if (near !== undefined) return near;
  const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
  for (const c of bare) if (byteOf(c.codePointAt(0)!) === null) return '?';
  return bare || '?';
}

/** A character that is not printable ASCII, a tab or line break, or one of Latin-9's Latin-1 places. */
const outsideLatin1Common =
  /[^\t\n\r -~\u00a0-\u00a3\u00a5\u00a7\u00a9-\u00b3\u00b5-\u00b7\u00b9-\u00bb\u00bf-\u00ff]/;

/** Latin-9 byte of each UTF-16 unit below 0x100 (-1: none), and the eight specials' above. */
const direct = Int16Array.from({ length: 0x100 }, (_, code) => byteOf(code) ?? -1);

/**
 * The text as Latin-9 bytes, with the replacements above. One byte per character in the usual case,
 * written straight into the array through a table (a FEC is millions of characters); a replacement
 * may be longer, and then the array grows.
 */
export function encodeLatin9(text: string): Uint8Array {
  // Most text is printable ASCII and Latin-9's accented letters, which are Latin-1's too: Node writes
  // those natively, a byte per character. Anything else takes the loop below.
  if (!outsideLatin1Common.test(text)) return Buffer.from(text, 'latin1');
  let out = new Uint8Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const byte = unit < 0x100 ? direct[unit]! : (latin9Specials.get(unit) ?? -1);
    if (byte >= 0) {
      out[length++] = byte;
      continue;
    }
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++; // the second half of a surrogate pair
    const replacement = replacementOf(String.fromCodePoint(code));
    // Room for the replacement and a byte for each unit still to read (a typed array drops a write
    // past its end without a word).
    const needed = length + replacement.length + (text.length - i - 1);
    if (needed > out.length) {
      const larger = new Uint8Array(Math.max(needed, out.length * 2));
      larger.set(out.subarray(0, length));
      out = larger;
    }
    for (const c of replacement) out[length++] = byteOf(c.codePointAt(0)!) ?? 0x3f;
  }
  return out.subarray(0, length);
}

/** Latin-9 bytes back to text (tests, and anyone reading the FEC back). */
export function decodeLatin9(bytes: Uint8Array): string {
  const back = new Map([...latin9Specials].map(([code, byte]) => [byte, code]));
  let text = '';
  for (const byte of bytes) text += String.fromCodePoint(back.get(byte) ?? byte);
  return text;
}

/** A byte stream of Latin-9 text, asking for the next chunk only when the reader wants more. */
export function latin9Stream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encodeLatin9(value));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
