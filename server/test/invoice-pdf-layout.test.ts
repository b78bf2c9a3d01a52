/**
 * The invoice PDF's layout (issues 18 and 19): every text field at the longest the contract
 * accepts stays on the page and overlaps nothing (the writer's record of every line drawn, checked
 * box against box); a long title no longer runs into the seller's name; a progress statement
 * reads as an « état de situation »; a final invoice names the deposits it deducts and is a
 * « Facture de solde » only after deposits or statements.
 */
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../src/documents/invoice-data.js';
import { invoicePdfOf } from '../src/documents/invoice-document.js';
import { layInvoice, type Writer } from '../src/documents/invoice-pdf.js';
import { documentTitle } from '../src/documents/mentions.js';
import { pdfText } from './support/factur-x-validators.js';
import { longestDocument, progressStatement, settings, simpleInvoice } from './support/invoice-documents.js';

const pageWidth = 595.28;
const pageHeight = 841.89;
const margin = 42;
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** The ink box of a drawn line: from a descender under the baseline to the cap height above it. */
const boxOf = (line: Writer['drawn'][number]) => ({
  left: line.x,
  right: line.x + line.width,
  bottom: line.y - 0.2 * line.size,
  top: line.y + 0.72 * line.size,
});

/** Every pair of lines on a page whose boxes overlap (by more than a quarter point), and lines off the page. */
function layoutFaults(writer: Writer): string[] {
  const faults: string[] = [];
  const byPage = new Map<number, Writer['drawn']>();
  for (const line of writer.drawn) {
    const box = boxOf(line);
    if (box.left < 30 || box.right > pageWidth - 30 || box.bottom < 20 || box.top > pageHeight - 30)
      faults.push(`off the page (p. ${line.page + 1}): ${line.text.slice(0, 40)} ${JSON.stringify(box)}`);
    byPage.set(line.page, [...(byPage.get(line.page) ?? []), line]);
  }
  const slack = 0.25;
  for (const [page, lines] of byPage) {
    const boxes = lines.map(boxOf);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (
          a.left < b.right - slack &&
          b.left < a.right - slack &&
          a.bottom < b.top - slack &&
          b.bottom < a.top - slack
        )
          faults.push(
            `overlap (p. ${page + 1}): « ${lines[i]!.text.slice(0, 30)} » / « ${lines[j]!.text.slice(0, 30)} »`,
          );
      }
  }
  return faults;
}

describe('every text field at its longest', () => {
  const cases: [string, () => InvoiceDocument][] = [
    ['an invoice, words', () => longestDocument(simpleInvoice())],
    ['an invoice, unbroken letters', () => longestDocument(simpleInvoice(), 'WMWMwm', false)],
    ['a progress statement, words', () => longestDocument(progressStatement())],
    ['a progress statement, unbroken letters', () => longestDocument(progressStatement(), 'WMWMwm', false)],
    [
      'a draft credit note, unbroken Vietnamese',
      () =>
        longestDocument(simpleInvoice({ kind: 'credit_note', draft: true, number: null }), 'ỄĐƯỢCỨ', false),
    ],
  ];
  for (const [name, make] of cases)
    it(`${name}: nothing leaves the page, nothing overlaps`, async () => {
      const writer = await layInvoice(make());
      expect(writer.drawn.length).toBeGreaterThan(100);
      expect(layoutFaults(writer)).toEqual([]);
    }, 60_000);

  it('a long invoice: every page of lines repeats the table header, no chapter title ends a page', async () => {
    const base = simpleInvoice();
    const lines = Array.from({ length: 90 }, (_, i) => ({
      ...base.lines[0]!,
      position: i,
      // A chapter every other line, and rows of 1 to 5 lines: some chapter opens near a page's end.
      chapter: `Lot ${Math.floor(i / 2) + 1}`,
      label: `Poste ${i + 1} : fourniture et pose selon descriptif, y compris façon et accessoires`.repeat(
        (i % 5) + 1,
      ),
    }));
    const writer = await layInvoice({ ...base, lines });
    expect(layoutFaults(writer)).toEqual([]);
    const pages = Math.max(...writer.drawn.map((line) => line.page)) + 1;
    expect(pages).toBeGreaterThan(3);
    for (let page = 0; page < pages; page++) {
      const drawn = writer.drawn.filter((line) => line.page === page);
      if (drawn.some((line) => line.text.startsWith('Poste ')))
        expect(drawn.some((line) => line.text === 'Désignation')).toBe(true);
      // The lowest line of the body (above the footer) is never a chapter's title.
      const body = drawn.filter((line) => line.y > margin + writer.footerHeight);
      const lowest = body.reduce((low, line) => (line.y < low.y ? line : low));
      expect(lowest.text.startsWith('Lot ')).toBe(false);
    }
  });

  it('the check does catch an overlap (the test can fail)', async () => {
    const writer = await layInvoice(simpleInvoice());
    const first = writer.drawn[0]!;
    writer.drawn.push({ ...first, x: first.x + 2 });
    expect(layoutFaults(writer).length).toBeGreaterThan(0);
  });

  it('a 44- and a 93-character title stay in the right column, clear of the seller', async () => {
    for (const length of [44, 93]) {
      const title = 'Facture de travaux de rénovation énergétique complète et de mise aux normes'
        .repeat(2)
        .slice(0, length);
      const writer = await layInvoice(simpleInvoice({ settings: settings({ invoiceTitle: title }) }));
      expect(layoutFaults(writer)).toEqual([]);
      const firstPage = writer.drawn.filter((line) => line.page === 0);
      const titleLines = firstPage.filter((line) => line.size === 15);
      expect(titleLines.map((line) => line.text).join(' ')).toBe(title.toUpperCase());
      const seller = firstPage.find((line) => line.text === 'Martin Rénovation')!;
      for (const line of titleLines) expect(line.x).toBeGreaterThan(seller.x + seller.width);
    }
  });
});

describe('a progress statement (état de situation)', () => {
  it('gives its number, and per line the contract, the cumulative progress and amount, the previous and this amount', async () => {
    const text = plain(await pdfText(await invoicePdfOf(progressStatement()), { layout: true }));
    expect(text).toContain('SITUATION DE TRAVAUX');
    expect(text).toContain('Situation n° 2');
    // Walls: 10 000 € on the contract, 70 % done (7 000 €), 4 000 € billed before, 3 000 € now.
    expect(text).toContain(
      plain('Murs porteurs en blocs béton 10 000,00 € 70 % 7 000,00 € 4 000,00 € 3 000,00 €'),
    );
    expect(text).toContain(plain('Dalle du rez-de-chaussée 5 000,00 € 30 % 1 500,00 € 0,00 € 1 500,00 €'));
    // A line not started yet is on the statement too.
    expect(text).toMatch(/Charpente et couverture 5 000,00 € 0 ?% 0,00 € 0,00 € 0,00 €/);
    // The cumulative percentage no longer stands beside the increment's amount.
    expect(text).not.toContain('Avancement cumulé :');
  });

  it('recaps the contract, the cumulated works, previous statements, this one, deposits, retainage and net to pay', async () => {
    const document = progressStatement();
    const text = plain(await pdfText(await invoicePdfOf(document), { layout: true }));
    for (const row of [
      'Montant du marché HT 20 000,00 €',
      'Travaux réalisés à ce jour HT (cumul) 8 500,00 €',
      'Situation précédente HT (n° 1) -4 000,00 €',
      'Montant de cette situation HT 4 500,00 €',
      'Acomptes déduits HT -1 350,00 €',
      "Facture d'acompte n° FA-2026-00018 du 20/01/2026",
      'Total HT 3 150,00 €',
      'Total TTC 3 780,00 €',
      'Retenue de garantie (5 %) -189,00 €',
      'Net à payer 3 591,00 €',
    ])
      expect(text).toContain(plain(row));
  });
});

describe('a final invoice', () => {
  const final = (overrides: Partial<InvoiceDocument>) =>
    progressStatement({ kind: 'final', statement: null, ...overrides });

  it('is a « Facture de solde » after deposits or statements, a « Facture » alone', () => {
    expect(documentTitle(final({ deposits: [], previousStatements: 0 }))).toBe('Facture');
    expect(documentTitle(final({ previousStatements: 0 }))).toBe('Facture de solde');
    expect(documentTitle(final({ deposits: [], previousStatements: 2 }))).toBe('Facture de solde');
    // A document frozen before the series was recorded keeps the title it printed.
    expect(documentTitle(final({ deposits: undefined, previousStatements: undefined }))).toBe(
      'Facture de solde',
    );
  });

  it('names the deposit invoices it deducts, by number and date', async () => {
    const text = plain(
      await pdfText(
        await invoicePdfOf(
          final({
            deposits: [
              { number: 'FA-2026-00018', date: '2026-01-20', ht: 300_000, ttc: 360_000 },
              { number: 'FA-2026-00021', date: '2026-02-03', ht: 300_000, ttc: 360_000 },
            ],
            previousStatements: 0,
          }),
        ),
        { layout: true },
      ),
    );
    expect(text).toContain('FACTURE DE SOLDE');
    expect(text).toContain(plain("Facture d'acompte n° FA-2026-00018 du 20/01/2026"));
    expect(text).toContain(plain("Facture d'acompte n° FA-2026-00021 du 03/02/2026"));
  });
});
