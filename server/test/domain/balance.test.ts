import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteAmounts,
  type InvoiceAmounts,
  invoiceAmounts,
  invoiceBalance,
  type QuoteContext,
} from '../../src/domain/index.js';
import { line, QuoteBook, quote } from './fixtures.js';

describe('invoice balance', () => {
  it('is the TTC minus deposits deducted, retainage, credit notes and payments', () => {
    const book = new QuoteBook(quote([line(1, 10, 100)], { retainageRate: 500 }));
    book.deposit({ percent: 3000 });
    const statement = book.allLinesTo(4000).amounts;
    // 480,00 € TTC billed, 144,00 € of deposit deducted, 16,80 € retained: 319,20 € due.
    expect(statement.ttc + statement.depositTtc).toBe(48_000);
    expect(invoiceBalance({ amounts: statement, creditNotes: [], payments: [] })).toBe(31_920);
    expect(invoiceBalance({ amounts: statement, creditNotes: [], payments: [20_000, 11_920] })).toBe(0);
    expect(
      invoiceBalance({ amounts: statement, creditNotes: [creditNoteAmounts(statement)], payments: [] }),
    ).toBe(0);
  });

  it('a credit note mirrors its invoice cent for cent', () => {
    const book = new QuoteBook(
      quote([line(1, 3, 33.335, 550), line(2, 1, 10, 2000)], { retainageRate: 500 }),
    );
    const invoice = book.allLinesTo(3333).amounts;
    const credit = creditNoteAmounts(invoice);
    expect(credit.byRate.map((r) => r.ht)).toEqual(invoice.byRate.map((r) => -r.ht || 0));
    expect(credit.byRate.map((r) => r.vat)).toEqual(invoice.byRate.map((r) => -r.vat || 0));
    expect([credit.ttc, credit.retainage, credit.due]).toEqual([
      -invoice.ttc,
      -invoice.retainage,
      -invoice.due,
    ]);
    expect(creditNoteAmounts(credit)).toEqual(invoice);
  });
});

// Any invoice of any quote: random rates and bases, deducted deposits, earlier invoices, retainage.
const amountsArb: fc.Arbitrary<InvoiceAmounts> = fc
  .record({
    rates: fc.uniqueArray(fc.constantFrom(2000, 1000, 550, 210, 0), { minLength: 1, maxLength: 4 }),
    gross: fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 4, maxLength: 4 }),
    deductedShare: fc.integer({ min: 0, max: 10_000 }),
    before: fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 4, maxLength: 4 }),
    reverseCharge: fc.boolean(),
    retainageRate: fc.integer({ min: 0, max: 500 }),
  })
  .map(({ rates, gross, deductedShare, before, reverseCharge, retainageRate }) => {
    const q: QuoteContext = {
      lines: rates.map((vatRate, i) => ({
        id: i,
        chapterId: null,
        quantity: 10_000,
        unitPrice: 1e12,
        vatRate,
      })),
      reverseCharge,
      retainageRate,
    };
    const g = rates.map((vatRate, i) => ({ vatRate, ht: gross[i] ?? 0 }));
    const d = g.map((b) => ({ vatRate: b.vatRate, ht: Math.floor((b.ht * deductedShare) / 10_000) }));
    const book = new QuoteBook(q);
    book.store(
      'facture',
      invoiceAmounts(
        q,
        [],
        rates.map((vatRate, i) => ({ vatRate, ht: before[i] ?? 0 })),
        [],
      ),
    );
    return invoiceAmounts(q, book.invoices, g, d);
  });

describe('balance properties', () => {
  it('a credit note of an unpaid invoice brings its balance to exactly zero', () => {
    fc.assert(
      fc.property(amountsArb, (amounts) => {
        expect(invoiceBalance({ amounts, creditNotes: [creditNoteAmounts(amounts)], payments: [] })).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('balance = TTC − deposits deducted − retainage − credit notes − payments, to the cent', () => {
    fc.assert(
      fc.property(
        amountsArb,
        fc.array(fc.integer({ min: 0, max: 1e8 }), { maxLength: 5 }),
        fc.boolean(),
        (amounts, payments, credited) => {
          const creditNotes = credited ? [creditNoteAmounts(amounts)] : [];
          const grossTtc = amounts.ttc + amounts.depositTtc;
          const creditedDue = creditNotes.reduce((s, c) => s - c.due, 0);
          const paid = payments.reduce((s, p) => s + p, 0);
          expect(invoiceBalance({ amounts, creditNotes, payments })).toBe(
            grossTtc - amounts.depositTtc - amounts.retainage - creditedDue - paid,
          );
          expect(amounts.ttc).toBe(amounts.ht + amounts.vat);
          expect(amounts.grossHt - amounts.depositHt).toBe(amounts.ht);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
