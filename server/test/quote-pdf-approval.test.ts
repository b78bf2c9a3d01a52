/**
 * The quote PDF's « Bon pour accord » box never stands alone on a page: whatever the number of
 * lines, it is on the page of the totals (the end of the quote moves to a new page together), and
 * when the end is taller than a page, it comes right under the totals. Built without a database.
 */
import { describe, expect, it } from 'vitest';
import { quotePdfOf } from '../src/documents/quote-document.js';
import { layQuote } from '../src/documents/quote-pdf.js';
import { pdfText } from './support/factur-x-validators.js';
import { quoteDocument } from './support/quote-documents.js';

const line = {
  kind: 'priced' as const,
  designation: 'Carrelage grès cérame 60 × 60, pose droite, joints époxy',
  unit: 'm²',
  quantityMilli: 1_000,
  unitPriceCents: 4_500,
  vatRateId: 2,
  vatRate: 1000,
};
const withLines = (count: number) =>
  quoteDocument({
    items: [{ kind: 'chapter', title: 'Sols', items: Array.from({ length: count }, () => line) }],
  });

const pageOf = (w: Awaited<ReturnType<typeof layQuote>>, text: string) =>
  w.drawn.find((d) => d.text === text)?.page;

describe('the « Bon pour accord » box', () => {
  it('is on the page of the totals, for every number of lines from 1 to 70', async () => {
    const pagesSeen = new Set<number>();
    for (let count = 1; count <= 70; count += 1) {
      const w = await layQuote(withLines(count));
      const box = pageOf(w, 'Bon pour accord');
      expect(box, `${count} lines`).toBeDefined();
      expect(pageOf(w, 'Total TTC'), `${count} lines`).toBe(box);
      pagesSeen.add(w.pages.length);
    }
    // The sweep crossed page ends (where a box alone would have been possible).
    expect(pagesSeen.size).toBeGreaterThan(2);
    // 70 layouts, all CPU: about 3 s alone, past the suite's 30 s on a 2-core box that also builds
    // (a fresh clone's CI with `npm run build` looping beside it).
  }, 120_000);

  it('comes right under the totals when the end of the quote is taller than a page', async () => {
    const long = 'Règlement à réception de chaque situation de travaux, par virement. '.repeat(120);
    const w = await layQuote({ ...withLines(12), paymentTerms: long });
    const box = pageOf(w, 'Bon pour accord');
    expect(pageOf(w, 'Total TTC')).toBe(box);
    expect(w.drawn.filter((d) => d.page === box && d.text.startsWith('Règlement')).length).toBeLessThan(60);
  });

  it('reads back with pdftotext: the box and the totals share a page', async () => {
    for (const count of [18, 19, 20, 21, 22, 23, 24, 25, 26]) {
      const pages = (await pdfText(await quotePdfOf(withLines(count)))).split('\f');
      const box = pages.findIndex((p) => p.includes('Bon pour accord\n') || /Bon pour accord\s*$/m.test(p));
      expect(box, `${count} lines`).toBeGreaterThanOrEqual(0);
      expect(pages[box], `${count} lines`).toContain('Total TTC');
    }
  });
});
