/**
 * Invoicing a quote with a global discount: every line is billed net of its share of the discount
 * (lines.ts `lineContractHt`), by the deposits, the progress statements and the final invoice alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  depositBases,
  depositInvoice,
  discountedLineAmounts,
  type InvoiceAmounts,
  invoicedByRate,
  isFullyInvoiced,
  lineHt,
  percentOf,
  pricedLines,
  progressStatement,
  type QuoteContent,
  type QuoteContext,
  type QuoteLine,
  quoteAmounts,
  quoteBases,
  quoteLineHt,
  quoteTotals,
} from '../../src/domain/index.js';
import { line, QuoteBook, quote, unwrap } from './fixtures.js';

const pick = (a: InvoiceAmounts) => ({
  grossHt: a.grossHt,
  depositHt: a.depositHt,
  ht: a.ht,
  vat: a.vat,
  ttc: a.ttc,
});

const discounted = (l: QuoteLine, discount: number): QuoteLine => ({ ...l, discount });

describe('a discounted quote: 30 % deposit, a 50 % statement, the final invoice', () => {
  // 10 × 100,00 € at 20 % and 1 × 500,00 € at 10 %: 1 500,00 € HT; a 10 % discount (150,00 €) split
  // as 100,00 € and 50,00 €. Net: 900,00 € at 20 % (VAT 180,00 €), 450,00 € at 10 % (VAT 45,00 €).
  const q = quote([discounted(line(1, 10, 100, 2000), 10_000), discounted(line(2, 1, 500, 1000), 5_000)]);
  const book = new QuoteBook(q);
  const deposit = book.deposit({ percent: 3000 });
  const half = book.allLinesTo(5000);
  const final = book.allLinesTo(10_000);

  it('has the net totals the customer accepted', () => {
    expect(quoteTotals(q)).toMatchObject({ ht: 135_000, vat: 22_500, ttc: 157_500 });
  });

  it('bills the deposit as 30 % of the net bases', () => {
    expect(pick(deposit.amounts)).toEqual({
      grossHt: 40_500,
      depositHt: 0,
      ht: 40_500,
      vat: 6_750,
      ttc: 47_250,
    });
    expect(deposit.amounts.byRate.map((r) => [r.vatRate, r.ht])).toEqual([
      [2000, 27_000],
      [1000, 13_500],
    ]);
  });

  it('bills 50 % of each line net of its discount, and deducts 50 % of the deposit', () => {
    // 50 % of 900,00 € and of 450,00 €; 30 % of that deducted; VAT 20 % of 315,00 € and 10 % of 157,50 €.
    expect(pick(half.amounts)).toEqual({
      grossHt: 67_500,
      depositHt: 20_250,
      ht: 47_250,
      vat: 7_875,
      ttc: 55_125,
    });
  });

  it('leaves the rest to the final invoice: the quote is billed exactly its net total', () => {
    expect(pick(final.amounts)).toEqual({
      grossHt: 67_500,
      depositHt: 20_250,
      ht: 47_250,
      vat: 7_875,
      ttc: 55_125,
    });
    expect(invoicedByRate(book.invoices)).toEqual(quoteTotals(q).byRate);
    expect(book.invoices.reduce((s, i) => s + i.amounts.ttc, 0)).toBe(157_500);
  });

  it('is fully invoiced at its net bases, not before', () => {
    expect(isFullyInvoiced(q, book.invoices.slice(0, 2))).toBe(false);
    expect(isFullyInvoiced(q, book.invoices)).toBe(true);
    // Another statement would bill beyond the net quote: nothing is left to progress.
    expect(progressStatement(q, book.invoices, { lines: [{ lineId: 1, percent: 10_000 }] })).toEqual({
      ok: false,
      key: 'invalid_invoice_parameters',
    });
  });

  it('refuses a deposit above the net total', () => {
    expect(depositInvoice(q, [], { amountHt: 135_001 })).toEqual({
      ok: false,
      key: 'amount_higher_than_vat',
    });
    expect(unwrap(depositInvoice(q, [], { amountHt: 135_000 })).ht).toBe(135_000);
  });
});

// Random quotes with random discount shares (0 up to the line's HT, as `discountedLineAmounts` gives).
const vatRate = fc.constantFrom(2000, 1000, 550, 210, 850, 0);
const lineArb = fc.record({
  quantity: fc.integer({ min: 1, max: 5_000_000 }),
  unitPrice: fc.integer({ min: 0, max: 50_000_000 }),
  vatRate,
  chapter: fc.integer({ min: 1, max: 3 }),
  discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
});
const discountedQuoteArb: fc.Arbitrary<QuoteContext> = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
    reverseCharge: fc.boolean(),
    retainageRate: fc.integer({ min: 0, max: 500 }),
  })
  .map(({ lines, reverseCharge, retainageRate }) => ({
    lines: lines.map((l, i) => {
      const ht = lineHt(l.quantity, l.unitPrice);
      return {
        id: i + 1,
        chapterId: l.chapter,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        vatRate: l.vatRate,
        discount: ht > 0 ? Math.floor(ht * l.discountShare) : 0,
      };
    }),
    reverseCharge,
    retainageRate,
  }))
  .filter((q) => netBases(q).some((b) => b.ht > 0));

/** The quote's net bases per rate, computed here without the domain's `quoteBases`. */
function netBases(q: QuoteContext): { vatRate: number; ht: number }[] {
  const byRate = new Map<number, number>();
  for (const l of q.lines)
    byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + lineHt(l.quantity, l.unitPrice) - (l.discount ?? 0));
  return [...byRate.entries()].sort(([a], [b]) => b - a).map(([vatRate, ht]) => ({ vatRate, ht }));
}

const withoutDiscount = (q: QuoteContext): QuoteContext => ({
  ...q,
  lines: q.lines.map(({ discount: _, ...l }) => l),
});

const stepsArb = fc.array(
  fc.record({
    percents: fc.array(fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant(10_000)), {
      minLength: 8,
      maxLength: 8,
    }),
    cancel: fc.boolean(),
  }),
  { maxLength: 4 },
);

/** A deposit (or none), rising statements (some cancelled by a credit note), then the final invoice. */
function runHistory(
  q: QuoteContext,
  deposit: number | null,
  steps: readonly { percents: number[]; cancel: boolean }[],
): QuoteBook {
  const book = new QuoteBook(q);
  if (deposit !== null) book.deposit({ percent: deposit });
  const current = new Map(q.lines.map((l) => [l.id, 0]));
  for (const step of steps) {
    const request = q.lines.map((l, i) => ({
      lineId: l.id,
      percent: Math.max(current.get(l.id) ?? 0, step.percents[i] ?? 0),
    }));
    const result = progressStatement(q, book.invoices, { lines: request });
    if (!result.ok) continue;
    const invoice = book.store('facture', result.value.amounts, { progress: result.value.progress });
    if (step.cancel) book.creditNote(invoice);
    else for (const p of request) current.set(p.lineId, p.percent);
  }
  if ([...current.values()].some((percent) => percent < 10_000)) book.allLinesTo(10_000);
  return book;
}

describe('the discount in every invoice of the quote', () => {
  it('statements up to 100 % and the final invoice add up to the net total, per VAT rate', () => {
    fc.assert(
      fc.property(
        discountedQuoteArb,
        fc.option(fc.integer({ min: 1, max: 10_000 })),
        stepsArb,
        (q, deposit, steps) => {
          const book = runHistory(q, deposit, steps);
          const net = netBases(q);
          const invoiced = invoicedByRate(book.invoices);
          for (const base of net) {
            const at = invoiced.find((r) => r.vatRate === base.vatRate) ?? { ht: 0, vat: 0 };
            expect(at.ht).toBe(base.ht);
            expect(at.vat).toBe(q.reverseCharge ? 0 : percentOf(base.ht, base.vatRate));
          }
          expect(book.invoices.reduce((s, i) => s + i.amounts.ttc, 0)).toBe(quoteTotals(q).ttc);
          expect(isFullyInvoiced(q, book.invoices)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a statement bills, per line, p % of the line net of its discount (cumulative rounding)', () => {
    fc.assert(
      fc.property(
        discountedQuoteArb,
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (q, first, more) => {
          const second = Math.min(10_000, first + more);
          const book = new QuoteBook(q);
          const before = progressStatement(q, [], {
            lines: q.lines.map((l) => ({ lineId: l.id, percent: first })),
          });
          if (!before.ok) return;
          book.store('facture', before.value.amounts, { progress: before.value.progress });
          const after = progressStatement(q, book.invoices, {
            lines: q.lines.map((l) => ({ lineId: l.id, percent: second })),
          });
          for (const [statement, from, to] of [
            [before, 0, first],
            [after, first, second],
          ] as const) {
            if (!statement.ok) continue;
            for (const l of statement.value.lines) {
              const source = q.lines.find((s) => s.id === l.lineId)!;
              const net = lineHt(source.quantity, source.unitPrice) - (source.discount ?? 0);
              expect(l.lineHt).toBe(net);
              expect(l.thisHt).toBe(percentOf(net, to) - percentOf(net, from));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a deposit of d % is, at each rate, d % of the net base rounded to the cent', () => {
    fc.assert(
      fc.property(discountedQuoteArb, fc.integer({ min: 1, max: 10_000 }), (q, percent) => {
        const bases = depositBases(q, { percent });
        if (netBases(q).reduce((s, b) => s + b.ht, 0) <= 0) {
          expect(bases.ok).toBe(false);
          return;
        }
        expect(unwrap(bases)).toEqual(
          netBases(q).map((b) => ({ vatRate: b.vatRate, ht: percentOf(b.ht, percent) })),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('a discount of 0 gives exactly the figures of a quote without one', () => {
    fc.assert(
      fc.property(
        discountedQuoteArb,
        fc.option(fc.integer({ min: 1, max: 10_000 })),
        stepsArb,
        (random, deposit, steps) => {
          const zero: QuoteContext = { ...random, lines: random.lines.map((l) => ({ ...l, discount: 0 })) };
          const none = withoutDiscount(random);
          expect(quoteBases(zero)).toEqual(quoteBases(none));
          // Today's rule: each line's HT, round(quantity × unit price).
          expect(quoteTotals(none).ht).toBe(
            none.lines.reduce((s, l) => s + lineHt(l.quantity, l.unitPrice), 0),
          );
          if (!quoteBases(none).some((b) => b.ht > 0)) return;
          expect(runHistory(zero, deposit, steps).invoices).toEqual(
            runHistory(none, deposit, steps).invoices,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

// The quote's own rule (quoteContent.ts): the discount per rate, then per line. Invoicing its lines
// with the shares `discountedLineAmounts` gives bills exactly the totals the quote announced.
const contentArb: fc.Arbitrary<QuoteContent> = fc.record({
  items: fc.array(
    fc.record({
      kind: fc.constantFrom('priced' as const, 'priced' as const, 'option' as const),
      designation: fc.constant('Ligne'),
      unit: fc.constant('m²'),
      quantityMilli: fc.integer({ min: 1, max: 500_000 }),
      unitPriceCents: fc.integer({ min: 0, max: 5_000_000 }),
      vatRateId: fc.constant(1),
      vatRate,
    }),
    { minLength: 1, maxLength: 8 },
  ),
  discountRate: fc.integer({ min: 0, max: 10_000 }),
  depositRate: fc.integer({ min: 0, max: 10_000 }),
  reverseCharge: fc.boolean(),
});

function contextOf(content: QuoteContent): QuoteContext {
  const priced = pricedLines(content.items).filter((l) => l.line.kind === 'priced');
  const nets = discountedLineAmounts(content);
  return {
    lines: priced.map(({ line: l }, i) => ({
      id: i + 1,
      chapterId: null,
      quantity: l.quantityMilli * 10,
      unitPrice: l.unitPriceCents * 100,
      vatRate: l.vatRate,
      discount: quoteLineHt(l) - nets[i]!.ht,
    })),
    reverseCharge: content.reverseCharge,
    retainageRate: 0,
  };
}

describe('what the quote announced is what its invoices bill', () => {
  it('deposit at the quote’s rate, a 50 % statement and the final invoice: the quote’s totals', () => {
    fc.assert(
      fc.property(contentArb, (content) => {
        const amounts = quoteAmounts(content);
        const q = contextOf(content);
        expect(quoteTotals(q)).toMatchObject({ ht: amounts.ht, vat: amounts.vat, ttc: amounts.ttc });
        if (amounts.ht <= 0) return;
        const book = new QuoteBook(q);
        if (content.depositRate > 0) {
          const deposit = book.deposit({ percent: content.depositRate });
          expect({ ht: deposit.amounts.ht, vat: deposit.amounts.vat, ttc: deposit.amounts.ttc }).toEqual({
            ht: amounts.deposit.ht,
            vat: amounts.deposit.vat,
            ttc: amounts.deposit.ttc,
          });
        }
        book.allLinesTo(5000);
        book.allLinesTo(10_000);
        expect(book.invoices.reduce((s, i) => s + i.amounts.ht, 0)).toBe(amounts.ht);
        expect(book.invoices.reduce((s, i) => s + i.amounts.ttc, 0)).toBe(amounts.ttc);
        expect(isFullyInvoiced(q, book.invoices)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
