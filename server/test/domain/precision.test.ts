import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitsPrecision,
  lineAtPrecision,
  lineHt,
  quoteTotals,
  roundToPrecision,
} from '../../src/domain/index.js';
import { line, quote } from './fixtures.js';

const runs = { numRuns: 1000 };
const decimals = fc.integer({ min: 0, max: 4 });
const fixed4 = fc.integer({ min: -1e12, max: 1e12 });

describe('precision settings: quantities and unit prices rounded as entered', () => {
  it('rounds half away from zero to the setting: 1,555 → 1,56 at 2, → 2 at 0; −1,555 → −1,56', () => {
    expect(roundToPrecision(15_550, 2)).toBe(15_600);
    expect(roundToPrecision(15_549, 2)).toBe(15_500);
    expect(roundToPrecision(15_550, 0)).toBe(20_000);
    expect(roundToPrecision(-15_550, 2)).toBe(-15_600);
    expect(roundToPrecision(15_555, 4)).toBe(15_555);
    expect(roundToPrecision(-4_000, 0)).toBe(0);
    expect(Object.is(roundToPrecision(-4_000, 0), -0)).toBe(false);
  });

  it('the result fits the setting, lies within half a step, and rounding again changes nothing', () => {
    fc.assert(
      fc.property(fixed4, decimals, (value, d) => {
        const rounded = roundToPrecision(value, d);
        const step = 10 ** (4 - d);
        expect(fitsPrecision(rounded, d)).toBe(true);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(step / 2);
        expect(roundToPrecision(rounded, d)).toBe(rounded);
      }),
      runs,
    );
  });

  it('mirrors negative values exactly (credit notes), and a value that fits is kept', () => {
    fc.assert(
      fc.property(fixed4, decimals, (value, d) => {
        expect(roundToPrecision(-value, d)).toBe(-roundToPrecision(value, d) || 0);
        if (fitsPrecision(value, d)) expect(roundToPrecision(value, d)).toBe(value);
      }),
      runs,
    );
  });

  it("a line's HT is computed on its kept quantity and unit price: the setting changes the totals", () => {
    const entered = line(1, 1.555, 10.005);
    const atTwo = lineAtPrecision(entered, { quantityPrecision: 2, unitPricePrecision: 2 });
    const atZero = lineAtPrecision(entered, { quantityPrecision: 0, unitPricePrecision: 0 });
    expect([atTwo.quantity, atTwo.unitPrice]).toEqual([15_600, 100_100]);
    expect(lineHt(atTwo.quantity, atTwo.unitPrice)).toBe(1_562);
    expect([atZero.quantity, atZero.unitPrice]).toEqual([20_000, 100_000]);
    expect(quoteTotals(quote([atZero])).ht).toBe(2_000);
    expect(quoteTotals(quote([atTwo])).ht).toBe(1_562);
    expect(atTwo).toMatchObject({ id: 1, vatRate: 2000 });
  });
});
