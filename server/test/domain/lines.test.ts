import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineHt, quoteTotals, totalsOf } from '../../src/domain/index.js';
import { line, quote } from './fixtures.js';

describe('line and per-rate totals', () => {
  it('rounds each line to the cent, then VAT per rate on the sum of its lines', () => {
    // 3 × 33,335 € = 100,005 € → 100,01 €; 7,25 × 41,17 € = 298,4825 € → 298,48 €.
    expect(lineHt(30_000, 333_350)).toBe(10_001);
    expect(lineHt(72_500, 411_700)).toBe(29_848);
    const totals = quoteTotals(
      quote([
        line(1, 3, 33.335, 550),
        line(2, 3, 33.335, 550),
        line(3, 7.25, 41.17, 2000),
        line(4, 1, 0.05, 550),
      ]),
    );
    // 5,5 %: 100,01 + 100,01 + 0,05 = 200,07 € → VAT 11,00385 → 11,00 € (not 5,50 + 5,50 + 0,00).
    expect(totals.byRate).toEqual([
      { vatRate: 2000, ht: 29_848, vat: 5_970 },
      { vatRate: 550, ht: 20_007, vat: 1_100 },
    ]);
    expect(totals).toMatchObject({ ht: 49_855, vat: 7_070, ttc: 56_925, reverseCharge: false });
  });

  it('charges no VAT under reverse charge, keeping the bases per rate and the flag', () => {
    const totals = quoteTotals(quote([line(1, 2, 100, 2000), line(2, 1, 50, 1000)], { reverseCharge: true }));
    expect(totals).toEqual({
      byRate: [
        { vatRate: 2000, ht: 20_000, vat: 0 },
        { vatRate: 1000, ht: 5_000, vat: 0 },
      ],
      ht: 25_000,
      vat: 0,
      ttc: 25_000,
      reverseCharge: true,
    });
  });

  it('totals equal the sums of their parts, and each rate VAT is its base × rate rounded half up', () => {
    const rate = fc.constantFrom(2000, 1000, 550, 210, 0, 850);
    const anyLine = fc.record({
      quantity: fc.integer({ min: -1_000_000, max: 100_000_000 }),
      unitPrice: fc.integer({ min: 0, max: 1_000_000_000 }),
      vatRate: rate,
    });
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 30 }), fc.boolean(), (lines, reverseCharge) => {
        const bases = lines.map((l) => ({ vatRate: l.vatRate, ht: lineHt(l.quantity, l.unitPrice) }));
        const totals = totalsOf(bases, reverseCharge);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        expect(totals.ht).toBe(sum(bases.map((b) => b.ht)));
        expect(totals.vat).toBe(sum(totals.byRate.map((r) => r.vat)));
        expect(totals.ttc).toBe(totals.ht + totals.vat);
        for (const r of totals.byRate) {
          expect(r.ht).toBe(sum(bases.filter((b) => b.vatRate === r.vatRate).map((b) => b.ht)));
          // Exact decimal check: |vat × 10000 − ht × rate| ≤ 5000 (half a cent), ties away from zero.
          const exact = BigInt(r.ht) * BigInt(r.vatRate);
          const diff = BigInt(r.vat) * 10_000n - exact;
          if (reverseCharge) expect(r.vat).toBe(0);
          else expect(diff >= -5000n && diff <= 5000n && !(diff === -5000n && exact > 0n)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
