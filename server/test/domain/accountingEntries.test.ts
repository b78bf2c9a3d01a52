/** Property tests: every export entry balances; the VAT collected on a payment adds up to it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collectedVat,
  paymentEntryLines,
  type RatePart,
  type SalesAccounts,
  salesEntryLines,
} from '../../src/domain/accountingEntries.js';

const accounts: SalesAccounts = {
  customer: '411000',
  retainage: '411700',
  salesFor: (rate) => ({ account: `706${rate}`, label: 'Ventes' }),
  vatFor: (rate) => ({ account: `4457${rate}`, label: 'TVA' }),
};
const customer = { code: '00001', name: 'Client' };
const cents = fc.integer({ min: -50_000_000, max: 50_000_000 });
const part: fc.Arbitrary<RatePart> = fc.record({
  vatRate: fc.constantFrom(0, 550, 1000, 2000),
  ht: cents,
  vat: fc.integer({ min: -10_000_000, max: 10_000_000 }),
});
const total = (lines: { debit: number; credit: number }[], side: 'debit' | 'credit') =>
  lines.reduce((sum, l) => sum + l[side], 0);

describe('accounting entries', () => {
  it('a sales entry balances, with non-negative sides and one side per line', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), cents, (byRate, retainage) => {
        const lines = salesEntryLines({ byRate, retainage }, customer, accounts);
        expect(total(lines, 'debit')).toBe(total(lines, 'credit'));
        for (const l of lines) {
          expect(l.debit >= 0 && l.credit >= 0).toBe(true);
          expect((l.debit === 0) !== (l.credit === 0)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a credit note mirrors its invoice: debits and credits swap', () => {
    const byRate = [{ vatRate: 2000, ht: 10_000, vat: 2_000 }];
    const invoice = salesEntryLines({ byRate, retainage: 600 }, customer, accounts);
    const credit = salesEntryLines(
      { byRate: [{ vatRate: 2000, ht: -10_000, vat: -2_000 }], retainage: -600 },
      customer,
      accounts,
    );
    expect(credit.map((l) => [l.account, l.debit, l.credit])).toEqual(
      invoice.map((l) => [l.account, l.credit, l.debit]),
    );
    expect(invoice.map((l) => [l.account, l.debit, l.credit])).toEqual([
      ['411000', 11_400, 0],
      ['411700', 600, 0],
      ['7062000', 0, 10_000],
      ['44572000', 0, 2_000],
    ]);
  });

  it('a payment entry balances and credits the retainage account when it pays the retainage back', () => {
    fc.assert(
      fc.property(cents, fc.boolean(), (amount, isRetainage) => {
        const lines = paymentEntryLines(
          { amount, isRetainage },
          customer,
          { account: '512', label: 'B' },
          accounts,
        );
        expect(total(lines, 'debit')).toBe(total(lines, 'credit'));
        if (amount !== 0) expect(lines[1]!.account).toBe(isRetainage ? '411700' : '411000');
      }),
      { numRuns: 1000 },
    );
  });

  it('the VAT collected on a payment: base plus VAT per rate add up to the amount, to the cent', () => {
    const positive = fc.record({
      vatRate: fc.constantFrom(0, 550, 1000, 2000),
      ht: fc.integer({ min: 0, max: 50_000_000 }),
      vat: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(positive, { minLength: 1, maxLength: 4 }), cents, (byRate, amount) => {
        const parts = collectedVat(amount, byRate);
        expect(parts.reduce((sum, p) => sum + p.base + p.vat, 0)).toBe(amount);
      }),
      { numRuns: 1000 },
    );
    // 1 200,00 € paid on a 20 % invoice of 1 000,00 € HT: 200,00 € of VAT collected.
    expect(collectedVat(120_000, [{ vatRate: 2000, ht: 100_000, vat: 20_000 }])).toEqual([
      { vatRate: 2000, base: 100_000, vat: 20_000 },
    ]);
    // Half paid on a two-rate invoice: each rate collects half of its VAT.
    expect(
      collectedVat(63_000, [
        { vatRate: 2000, ht: 50_000, vat: 10_000 },
        { vatRate: 1000, ht: 60_000, vat: 6_000 },
      ]),
    ).toEqual([
      { vatRate: 2000, base: 25_000, vat: 5_000 },
      { vatRate: 1000, base: 30_000, vat: 3_000 },
    ]);
  });
});
