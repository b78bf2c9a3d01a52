import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  depositBases,
  depositInvoice,
  type InvoiceAmounts,
  invoicedByRate,
  lineHt,
  progressStatement,
  type QuoteContext,
  quoteTotals,
} from '../../src/domain/index.js';
import { line, QuoteBook, quote } from './fixtures.js';

const pick = (a: InvoiceAmounts) => ({
  grossHt: a.grossHt,
  depositHt: a.depositHt,
  ht: a.ht,
  vat: a.vat,
  ttc: a.ttc,
});

describe('the e2e scenario: 30 % deposit, statements at 40 % and 75 %, final invoice', () => {
  // One line, 10 × 100,00 € at 20 %: 1 000,00 € HT, 200,00 € VAT, 1 200,00 € TTC; 5 % retainage.
  const book = new QuoteBook(quote([line(1, 10, 100)], { retainageRate: 500 }));
  const deposit = book.deposit({ percent: 3000 });
  const first = book.allLinesTo(4000);
  const second = book.allLinesTo(7500);
  const final = book.allLinesTo(10_000);

  it('bills the deposit at 30 % of the quote', () => {
    expect(pick(deposit.amounts)).toEqual({
      grossHt: 30_000,
      depositHt: 0,
      ht: 30_000,
      vat: 6_000,
      ttc: 36_000,
    });
    expect(deposit.amounts.retainage).toBe(1_800);
    expect(deposit.amounts.due).toBe(34_200);
  });

  it('deducts the deposit in proportion to each statement, the rest on the final invoice', () => {
    // 40 %: 400 billed, 30 % of it (120) deducted; 75 %: 350 billed, 105 deducted; final: 250, 75.
    expect(pick(first.amounts)).toEqual({
      grossHt: 40_000,
      depositHt: 12_000,
      ht: 28_000,
      vat: 5_600,
      ttc: 33_600,
    });
    expect(first.amounts.depositTtc).toBe(14_400);
    expect(pick(second.amounts)).toEqual({
      grossHt: 35_000,
      depositHt: 10_500,
      ht: 24_500,
      vat: 4_900,
      ttc: 29_400,
    });
    expect(pick(final.amounts)).toEqual({
      grossHt: 25_000,
      depositHt: 7_500,
      ht: 17_500,
      vat: 3_500,
      ttc: 21_000,
    });
    expect(final.amounts.retainage).toBe(1_050);
  });

  it('shows previous progress, this progress and the amount of this statement per line', () => {
    const preview = progressStatement(book.quote, book.invoices.slice(0, 2), {
      lines: [{ lineId: 1, percent: 7500 }],
    });
    expect(preview.ok && preview.value.lines).toEqual([
      {
        lineId: 1,
        vatRate: 2000,
        lineHt: 100_000,
        previousPercent: 4000,
        percent: 7500,
        thisPercent: 3500,
        previousHt: 40_000,
        cumulativeHt: 75_000,
        thisHt: 35_000,
      },
    ]);
    expect(preview.ok && preview.value.final).toBe(false);
  });

  it('adds up to the quote exactly', () => {
    expect(book.invoices.reduce((s, i) => s + i.amounts.ttc, 0)).toBe(120_000);
  });

  it('refuses to bill past 100 % or to go back', () => {
    expect(progressStatement(book.quote, book.invoices, { lines: [{ lineId: 1, percent: 10_000 }] })).toEqual(
      {
        ok: false,
        key: 'invalid_invoice_parameters',
      },
    );
    expect(
      progressStatement(book.quote, book.invoices.slice(0, 3), { lines: [{ lineId: 1, percent: 5000 }] }),
    ).toEqual({ ok: false, key: 'invalid_invoice_parameters' });
    expect(progressStatement(book.quote, [], { lines: [{ lineId: 1, percent: 10_001 }] })).toEqual({
      ok: false,
      key: 'invalid_invoice_parameters',
    });
    expect(progressStatement(book.quote, [], { lines: [{ lineId: 9, percent: 5000 }] })).toEqual({
      ok: false,
      key: 'invalid_invoice_parameters',
    });
  });
});

describe('deposits', () => {
  const q = quote([line(1, 1, 1000, 2000), line(2, 1, 333.33, 550), line(3, 1, 0, 1000)]);

  it('splits a percentage over the quote rates, each rate rounded', () => {
    // 1 000,00 × 30 % = 300,00; 333,33 × 30 % = 99,999 → 100,00.
    expect(depositBases(q, { percent: 3000 })).toEqual({
      ok: true,
      value: [
        { vatRate: 2000, ht: 30_000 },
        { vatRate: 1000, ht: 0 },
        { vatRate: 550, ht: 10_000 },
      ],
    });
  });

  it('splits an HT amount in proportion to the quote HT per rate, to the cent', () => {
    // 500,00 € over 1 000,00 / 333,33: 375,0009… and 124,9990… → 375,00 + 125,00.
    expect(depositBases(q, { amountHt: 50_000 })).toEqual({
      ok: true,
      value: [
        { vatRate: 2000, ht: 37_500 },
        { vatRate: 550, ht: 12_500 },
      ],
    });
  });

  it('refuses an empty deposit, more than 100 % or more than the quote', () => {
    expect(depositBases(q, { percent: 0 })).toEqual({ ok: false, key: 'invalid_invoice_parameters' });
    expect(depositBases(q, { percent: 10_001 })).toEqual({ ok: false, key: 'invalid_invoice_parameters' });
    expect(depositBases(q, { amountHt: -1 })).toEqual({ ok: false, key: 'invalid_invoice_parameters' });
    expect(depositBases(q, { amountHt: 133_334 })).toEqual({ ok: false, key: 'amount_higher_than_vat' });
    expect(depositBases(quote([]), { percent: 3000 })).toEqual({
      ok: false,
      key: 'invalid_invoice_parameters',
    });
    expect(depositInvoice(q, [], { amountHt: 133_333 }).ok).toBe(true);
  });

  it('bills no VAT under reverse charge', () => {
    const amounts = depositInvoice(quote([line(1, 1, 1000)], { reverseCharge: true }), [], { percent: 3000 });
    expect(amounts.ok && pick(amounts.value)).toEqual({
      grossHt: 30_000,
      depositHt: 0,
      ht: 30_000,
      vat: 0,
      ttc: 30_000,
    });
    expect(amounts.ok && amounts.value.reverseCharge).toBe(true);
  });
});

describe('progress per chapter', () => {
  it('applies a chapter percentage to each of its lines; a line percentage wins', () => {
    const q = quote([line(1, 1, 100, 2000, 7), line(2, 1, 200, 2000, 7), line(3, 1, 300, 1000, 8)]);
    const statement = progressStatement(q, [], {
      chapters: [{ chapterId: 7, percent: 5000 }],
      lines: [{ lineId: 2, percent: 2500 }],
    });
    expect(statement.ok && statement.value.progress).toEqual([
      { lineId: 1, percent: 5000 },
      { lineId: 2, percent: 2500 },
      { lineId: 3, percent: 0 },
    ]);
    expect(statement.ok && statement.value.amounts.byRate).toEqual([
      { vatRate: 2000, grossHt: 10_000, depositHt: 0, ht: 10_000, vat: 2_000 },
      { vatRate: 1000, grossHt: 0, depositHt: 0, ht: 0, vat: 0 },
    ]);
    expect(progressStatement(q, [], { chapters: [{ chapterId: 9, percent: 5000 }] })).toEqual({
      ok: false,
      key: 'invalid_invoice_parameters',
    });
  });
});

// Random quotes and invoicing histories: deposit or not, statements at rising percentages, the final
// invoice, with cancellations by credit note along the way.
const vatRate = fc.constantFrom(2000, 1000, 550, 210, 850, 0);
const quoteArb: fc.Arbitrary<QuoteContext> = fc
  .record({
    lines: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 5_000_000 }),
        unitPrice: fc.integer({ min: 0, max: 50_000_000 }),
        vatRate,
        chapter: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    reverseCharge: fc.boolean(),
    retainageRate: fc.integer({ min: 0, max: 500 }),
  })
  .map(({ lines, reverseCharge, retainageRate }) => ({
    lines: lines.map((l, i) => ({
      id: i + 1,
      chapterId: l.chapter,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
    })),
    reverseCharge,
    retainageRate,
  }))
  .filter((q) => q.lines.some((l) => lineHt(l.quantity, l.unitPrice) > 0));

const depositArb = fc.option(
  fc.oneof(
    fc.integer({ min: 1, max: 10_000 }).map((percent) => ({ percent })),
    fc.double({ min: 0.0001, max: 1, noNaN: true }).map((share) => ({ share })),
  ),
);

/** Steps: per line cumulative percentages (random, rising), some followed by a cancellation. */
const stepsArb = fc.array(
  fc.record({
    percents: fc.array(fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant(10_000)), {
      minLength: 8,
      maxLength: 8,
    }),
    cancel: fc.boolean(),
  }),
  { maxLength: 5 },
);

function runHistory(
  q: QuoteContext,
  deposit: { percent: number } | { share: number } | null,
  steps: { percents: number[]; cancel: boolean }[],
): QuoteBook {
  const book = new QuoteBook(q);
  if (deposit) {
    const quoteHt = quoteTotals(q).ht;
    book.deposit(
      'percent' in deposit ? deposit : { amountHt: Math.max(1, Math.floor(quoteHt * deposit.share)) },
    );
  }
  const current = new Map(q.lines.map((l) => [l.id, 0]));
  for (const step of steps) {
    const request = q.lines.map((l, i) => ({
      lineId: l.id,
      percent: Math.max(current.get(l.id) ?? 0, step.percents[i] ?? 0),
    }));
    const result = progressStatement(q, book.invoices, { lines: request });
    if (!result.ok) {
      expect(result.key).toBe('invalid_invoice_parameters'); // nothing progressed
      continue;
    }
    const invoice = book.store('facture', result.value.amounts, { progress: result.value.progress });
    if (step.cancel) book.creditNote(invoice);
    else for (const p of request) current.set(p.lineId, p.percent);
  }
  // The final invoice, unless a statement already took every line to 100 %.
  if ([...current.values()].some((percent) => percent < 10_000)) book.allLinesTo(10_000);
  return book;
}

describe('no cent lost across a quote', () => {
  it('deposit + statements + final (with credit notes) add up to the quote exactly, per rate', () => {
    fc.assert(
      fc.property(quoteArb, depositArb, stepsArb, (q, deposit, steps) => {
        const book = runHistory(q, deposit, steps);
        const totals = quoteTotals(q);
        const invoiced = invoicedByRate(book.invoices).filter((r) => r.ht !== 0 || r.vat !== 0);
        expect(invoiced).toEqual(totals.byRate.filter((r) => r.ht !== 0 || r.vat !== 0));
        expect(book.invoices.reduce((s, i) => s + i.amounts.ttc, 0)).toBe(totals.ttc);
        // Deductions add up to the deposits exactly, rate by rate.
        const deposits = book.invoices.filter((i) => i.kind === 'factureAcompte');
        for (const rate of totals.byRate) {
          const deducted = book.invoices.reduce(
            (s, i) => s + (i.amounts.byRate.find((r) => r.vatRate === rate.vatRate)?.depositHt ?? 0),
            0,
          );
          const deposited = deposits.reduce(
            (s, i) => s + (i.amounts.byRate.find((r) => r.vatRate === rate.vatRate)?.ht ?? 0),
            0,
          );
          expect(deducted).toBe(deposited);
        }
        for (const invoice of book.invoices) {
          const a = invoice.amounts;
          // Totals are the sums of their parts; retainage is rate × TTC to the cent.
          expect(a.ht).toBe(a.byRate.reduce((s, r) => s + r.ht, 0));
          expect(a.vat).toBe(a.byRate.reduce((s, r) => s + r.vat, 0));
          expect(a.ttc).toBe(a.ht + a.vat);
          expect(a.due).toBe(a.ttc - a.retainage);
          expect(Math.abs(a.retainage * 10_000 - a.ttc * q.retainageRate)).toBeLessThanOrEqual(5_000);
          for (const r of a.byRate) {
            expect(r.ht).toBe(r.grossHt - r.depositHt);
            if (invoice.kind !== 'factureAvoir') expect(r.ht).toBeGreaterThanOrEqual(0);
            // Each invoice's VAT stays within a cent of its own base × rate (BR-CO-17 tolerance).
            if (q.reverseCharge) expect(r.vat).toBe(0);
            else expect(Math.abs(r.vat * 10_000 - r.ht * r.vatRate)).toBeLessThanOrEqual(15_000);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});
