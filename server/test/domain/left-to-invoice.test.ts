/**
 * « Reste à facturer » (issue 26): only accepted quotes leave something to invoice, never below 0,
 * and the sum over several quotes is the sum of each quote's part.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leftToInvoiceCents, type QuoteToInvoice, quoteLeftToInvoice } from '../../src/domain/index.js';

const cents = fc.integer({ min: -10_000_000, max: 10_000_000 });
const quote: fc.Arbitrary<QuoteToInvoice> = fc.record({
  status: fc.constantFrom('draft', 'sent', 'accepted', 'refused'),
  totalExclTaxCents: fc.integer({ min: 0, max: 10_000_000 }),
  invoicedExclTaxCents: cents,
});

describe('leftToInvoiceCents', () => {
  it('an accepted quote leaves its total less what its invoices bill', () => {
    expect(
      quoteLeftToInvoice({ status: 'accepted', totalExclTaxCents: 100_000, invoicedExclTaxCents: 30_000 }),
    ).toBe(70_000);
    // A cancelled invoice's credit note frees its part again.
    expect(
      quoteLeftToInvoice({ status: 'accepted', totalExclTaxCents: 100_000, invoicedExclTaxCents: 0 }),
    ).toBe(100_000);
  });

  it('a quote that is not accepted leaves nothing to invoice, whatever its amounts', () => {
    fc.assert(
      fc.property(quote, (q) => {
        if (q.status !== 'accepted') expect(quoteLeftToInvoice(q)).toBe(0);
      }),
    );
  });

  it('is never negative and never more than the accepted totals', () => {
    fc.assert(
      fc.property(fc.array(quote, { maxLength: 8 }), (quotes) => {
        const left = leftToInvoiceCents(quotes);
        const accepted = quotes
          .filter((q) => q.status === 'accepted')
          .reduce((sum, q) => sum + q.totalExclTaxCents, 0);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(accepted);
      }),
    );
  });

  it('adds up: two lists together leave what each leaves', () => {
    fc.assert(
      fc.property(fc.array(quote, { maxLength: 5 }), fc.array(quote, { maxLength: 5 }), (a, b) => {
        expect(leftToInvoiceCents([...a, ...b])).toBe(leftToInvoiceCents(a) + leftToInvoiceCents(b));
      }),
    );
  });

  it('invoicing more never leaves more', () => {
    fc.assert(
      fc.property(quote, fc.integer({ min: 0, max: 1_000_000 }), (q, more) => {
        const after = { ...q, invoicedExclTaxCents: q.invoicedExclTaxCents + more };
        expect(quoteLeftToInvoice(after)).toBeLessThanOrEqual(quoteLeftToInvoice(q));
      }),
    );
  });
});
