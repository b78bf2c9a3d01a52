/** The FEC's character set, ISO 8859-15 (article A47 A-1 of the LPF): what fits is kept, the rest replaced. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLatin9, encodeLatin9 } from '../src/exports/latin9.js';

const latin9Chars = [
  ...Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)),
  ...'\t\r\néèêëàâäîïôöùûüÿçÉÈÊÀÂÎÔÙÛÇ€ŠšŽžŒœŸ«»°²µ§ ',
];

describe('ISO 8859-15', () => {
  it('Latin-9 text reads back as it was, one byte per character (property, 1000 runs)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...latin9Chars) }), (text) => {
        const bytes = encodeLatin9(text);
        expect(bytes.length).toBe(text.length);
        expect(decodeLatin9(bytes)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('any text gives bytes of Latin-9 only: no C1 control, no multi-byte sequence (property, 1000 runs)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const bytes = encodeLatin9(text);
        for (const byte of bytes) expect(byte < 0x80 || byte >= 0xa0).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('a text is the bytes of its characters one after the other, however many are replaced (property, 1000 runs)', () => {
    const unit = fc.oneof(
      fc.constantFrom(...latin9Chars),
      fc.constantFrom('…', '’', '–', '¤', 'ł', 'ș', '😀', '\u202f'),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (chars) => {
        const whole = [...encodeLatin9(chars.join(''))];
        expect(whole).toEqual(chars.flatMap((c) => [...encodeLatin9(c)]));
      }),
      { numRuns: 1000 },
    );
  });

  it('the euro sign and « œ » in their Latin-9 places; typographic marks as plain ones; the rest « ? »', () => {
    expect([...encodeLatin9('€Œœ')]).toEqual([0xa4, 0xbc, 0xbd]);
    expect(decodeLatin9(encodeLatin9('l’Œuvre – « 1\u202f000 » … ł ș ¤'))).toBe(
      "l'Œuvre - « 1 000 » ... ? s EUR",
    );
  });
});
