/**
 * Partial credit notes (issue 18): at most what remains credit-able of the invoice at each VAT rate,
 * the remaining VAT taken exactly when a rate is closed, and the cancelling credit note taking
 * exactly what the partial ones left. Amounts from the quote book (real invoices of a quote).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountsAddUp,
  type CreditLine,
  creditableByRate,
  creditNoteAmounts,
  type InvoiceAmounts,
  invoiceBalance,
  partialCreditNote,
  remainderCreditNote,
} from '../../src/domain/index.js';
import { line, QuoteBook, quote, unwrap } from './fixtures.js';

const refused = (key: string) => ({ ok: false, key });

/** A final invoice of 100,00 € HT at 20 % (120,00 € TTC) and 100,00 € HT at 5,5 %, 5 % retained. */
function invoice(retainageRate = 500, reverseCharge = false): InvoiceAmounts {
  const book = new QuoteBook(
    quote([line(1, 1, 100, 2000), line(2, 1, 100, 550)], { retainageRate, reverseCharge }),
  );
  return book.allLinesTo(10_000).amounts;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('a partial credit note', () => {
  it('credits 30,00 € HT at 20 %: 36,00 € TTC, its 5 % of retainage, the balance drops by its due', () => {
    const amounts = invoice();
    const credit = unwrap(
      partialCreditNote({
        invoice: amounts,
        credits: [],
        lines: [{ vatRate: 2000, ht: 3000 }],
        retainageRate: 500,
      }),
    );
    expect(credit.byRate).toEqual([{ vatRate: 2000, grossHt: -3000, depositHt: 0, ht: -3000, vat: -600 }]);
    expect([credit.ttc, credit.retainage, credit.due]).toEqual([-3600, -180, -3420]);
    expect(amountsAddUp(credit)).toBe(true);
    const before = invoiceBalance({ amounts, creditNotes: [], payments: [] });
    expect(invoiceBalance({ amounts, creditNotes: [credit], payments: [] })).toBe(before - 3420);
  });

  it('refuses more than what remains at a rate, a rate the invoice does not bill, a line not positive', () => {
    const amounts = invoice();
    const first = unwrap(
      partialCreditNote({
        invoice: amounts,
        credits: [],
        lines: [{ vatRate: 2000, ht: 9000 }],
        retainageRate: 500,
      }),
    );
    const input = { invoice: amounts, credits: [first], retainageRate: 500 };
    expect(partialCreditNote({ ...input, lines: [{ vatRate: 2000, ht: 1001 }] })).toEqual(
      refused('credit_note_exceeds_invoice'),
    );
    expect(partialCreditNote({ ...input, lines: [{ vatRate: 2000, ht: 1000 }] }).ok).toBe(true);
    expect(partialCreditNote({ ...input, lines: [{ vatRate: 1000, ht: 100 }] })).toEqual(
      refused('invalid_invoice_parameters'),
    );
    expect(partialCreditNote({ ...input, lines: [{ vatRate: 550, ht: 0 }] })).toEqual(
      refused('invalid_invoice_parameters'),
    );
    expect(partialCreditNote({ ...input, lines: [] })).toEqual(refused('invalid_invoice_parameters'));
  });

  it('has no VAT on a reverse-charge invoice', () => {
    const amounts = invoice(0, true);
    const credit = unwrap(
      partialCreditNote({
        invoice: amounts,
        credits: [],
        lines: [{ vatRate: 550, ht: 5000 }],
        retainageRate: 0,
      }),
    );
    expect([credit.vat, credit.ttc, credit.due]).toEqual([0, -5000, -5000]);
  });

  it('never exceeds the invoice per rate, and pieces that close every rate add up to it to the cent', () => {
    const rates = [2000, 1000, 550];
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom(0, 500),
        fc.boolean(),
        // Each step asks some cents at one rate; refused steps are skipped.
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 60_000 })), {
          maxLength: 12,
        }),
        (unitPrices, retainageRate, reverseCharge, steps) => {
          const book = new QuoteBook(
            quote(
              rates.map((rate, i) => line(i + 1, 1, unitPrices[i]! / 100, rate)),
              { retainageRate, reverseCharge },
            ),
          );
          const amounts = book.allLinesTo(10_000).amounts;
          const credits: InvoiceAmounts[] = [];
          const issue = (lines: CreditLine[]) => {
            const result = partialCreditNote({ invoice: amounts, credits, lines, retainageRate });
            if (result.ok) credits.push(result.value);
            return result;
          };
          for (const [rate, ht] of steps) issue([{ vatRate: rates[rate]!, ht }]);
          // Whatever was issued: within the invoice at every rate, and each note adds up.
          for (const r of amounts.byRate) {
            const taken = credits.flatMap((c) => c.byRate.filter((x) => x.vatRate === r.vatRate));
            expect(-sum(taken.map((x) => x.ht))).toBeLessThanOrEqual(r.ht);
            expect(-sum(taken.map((x) => x.vat))).toBeLessThanOrEqual(r.vat);
          }
          expect(credits.every(amountsAddUp)).toBe(true);
          expect(-sum(credits.map((c) => c.retainage))).toBeLessThanOrEqual(amounts.retainage);
          // Then the cancelling credit note takes exactly what remains: together they negate it.
          const rest = remainderCreditNote(amounts, credits);
          expect(amountsAddUp(rest)).toBe(true);
          const all = [...credits, rest];
          expect(sum(all.map((c) => c.ttc))).toBe(0 - amounts.ttc);
          expect(sum(all.map((c) => c.retainage))).toBe(0 - amounts.retainage);
          expect(invoiceBalance({ amounts, creditNotes: all, payments: [] })).toBe(0);
          for (const r of amounts.byRate) {
            const at = all.flatMap((c) => c.byRate.filter((x) => x.vatRate === r.vatRate));
            expect(sum(at.map((x) => x.ht))).toBe(0 - r.ht);
            expect(sum(at.map((x) => x.vat))).toBe(0 - r.vat);
          }
          expect(creditableByRate(amounts, all).every((r) => r.ht === 0 && r.vat === 0)).toBe(true);
        },
      ),
    );
  });

  it('a cancellation without partial credit notes is the exact negation, as before', () => {
    const amounts = invoice();
    expect(remainderCreditNote(amounts, [])).toEqual(creditNoteAmounts(amounts));
  });
});
