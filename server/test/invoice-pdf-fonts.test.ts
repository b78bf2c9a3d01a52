/**
 * The invoice PDF prints every letter it is given (issue 19): Turkish and Vietnamese names whole,
 * a character no embedded face has as a visible replacement mark, never a silent gap; and the
 * shared table that the editor warns with (src/contract/printable.ts) is exactly what the faces
 * hold.
 */
import { describe, expect, it } from 'vitest';
import { isPrintable, printableRanges, unprintableCharacters } from '../../src/contract/printable.js';
import { documentFaces, faceCharacters } from '../src/documents/fonts.js';
import { invoicePdfOf } from '../src/documents/invoice-document.js';
import { layInvoice } from '../src/documents/invoice-pdf.js';
import { pdfText } from './support/factur-x-validators.js';
import { customer, simpleInvoice } from './support/invoice-documents.js';

/** Whitespace of any kind (French narrow spaces included) as one plain space. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

const turkish = 'Yılmaz İnşaat SARL';
const vietnamese = 'Nguyễn Văn Đức';

describe('the printable characters table', () => {
  it('is the union of the embedded faces, both weights (paste the printed table when a font changes)', async () => {
    const union = new Set<number>();
    for (const weight of [400, 600] as const)
      for (const face of documentFaces) for (const c of await faceCharacters(face, weight)) union.add(c);
    // Both weights hold the same characters: the table is the one for either.
    for (const face of documentFaces)
      expect([...(await faceCharacters(face, 400))].sort()).toEqual(
        [...(await faceCharacters(face, 600))].sort(),
      );
    const sorted = [...union].sort((a, b) => a - b);
    const ranges: [number, number][] = [];
    for (const c of sorted) {
      const last = ranges[ranges.length - 1];
      if (last && last[1] === c - 1) last[1] = c;
      else ranges.push([c, c]);
    }
    const table = ranges.map(([a, b]) => `[0x${a.toString(16)}, 0x${b.toString(16)}]`).join(',\n');
    expect(
      printableRanges.map(([a, b]) => `[0x${a.toString(16)}, 0x${b.toString(16)}]`).join(',\n'),
      `printableRanges should be:\n${table}`,
    ).toBe(table);
    for (const c of sorted) expect(isPrintable(c)).toBe(true);
    expect(isPrintable(0x4e2d)).toBe(false);
  });

  it('names the characters no face has, once each, in order; composed or not, Vietnamese prints', () => {
    expect(unprintableCharacters(turkish)).toEqual([]);
    expect(unprintableCharacters(vietnamese)).toEqual([]);
    // Typed decomposed (e + two combining accents), it is the same letters.
    expect(unprintableCharacters(vietnamese.normalize('NFD'))).toEqual([]);
    expect(unprintableCharacters('Ħal Qormi — Straße — Łódź — Ștefan — Dvořák')).toEqual([]);
    expect(unprintableCharacters('山田建設 山田 — شركة البناء\n€ 1\u202f234')).toEqual([
      '山',
      '田',
      '建',
      '設',
      'ش',
      'ر',
      'ك',
      'ة',
      'ا',
      'ل',
      'ب',
      'ن',
      'ء',
    ]);
    expect(unprintableCharacters('Chantier 🏠')).toEqual(['🏠']);
    // Tabs, odd spaces and invisible marks are layout, not letters.
    expect(unprintableCharacters('a\tb\u2009c\u200bd\r\ne')).toEqual([]);
  });
});

describe('names outside Latin-1 on the invoice PDF', () => {
  it('prints Turkish and Vietnamese names whole (pdftotext reads them back)', async () => {
    const document = simpleInvoice({
      customer: customer({ companyName: turkish, address: `Chez ${vietnamese}, 12 phố Hàng Bạc` }),
      title: `Rénovation ${vietnamese}`,
    });
    const text = plain(await pdfText(await invoicePdfOf(document)));
    expect(text).toContain(turkish);
    expect(text).toContain(`Chez ${vietnamese}, 12 phố Hàng Bạc`);
    expect(text).toContain(`Objet : Rénovation ${vietnamese}`);
  });

  it('draws a replacement mark for CJK and Arabic, and says which characters it replaced', async () => {
    const document = simpleInvoice({ customer: customer({ companyName: '山田建設 شركة' }) });
    const writer = await layInvoice(document);
    expect([...writer.replaced]).toEqual(unprintableCharacters('山田建設 شركة'));
    const text = plain(await pdfText(await writer.pdf.save()));
    // Each character is a visible mark (a « ? » on a diamond), not a gap: 4 then 4 of them.
    expect(text).toMatch(/\? ?\? ?\? ?\? \? ?\? ?\? ?\?/);
  });

  it('embeds Be Vietnam Pro only for a document that needs it', async () => {
    const fontsOf = async (bytes: Uint8Array) => {
      const { PDFDocument, PDFDict, PDFName } = await import('pdf-lib');
      const pdf = await PDFDocument.load(bytes);
      const names = new Set<string>();
      for (const [, object] of pdf.context.enumerateIndirectObjects())
        if (object instanceof PDFDict && String(object.get(PDFName.of('Type'))) === '/Font')
          names.add(String(object.get(PDFName.of('BaseFont'))));
      return [...names];
    };
    const french = await fontsOf(await invoicePdfOf(simpleInvoice()));
    expect(french.every((name) => name.includes('Poppins'))).toBe(true);
    const withVietnamese = await fontsOf(
      await invoicePdfOf(simpleInvoice({ customer: customer({ companyName: vietnamese }) })),
    );
    expect(withVietnamese.some((name) => name.includes('BeVietnamPro'))).toBe(true);
  });
});
