import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  fitsPrecision,
  mulDivRound,
  parseFixed4,
  percentOf,
  roundDiv,
} from '../../src/domain/index.js';

describe('rounding', () => {
  it('rounds half away from zero, so negative amounts mirror positive ones', () => {
    expect(roundDiv(5n, 10n)).toBe(1n);
    expect(roundDiv(-5n, 10n)).toBe(-1n);
    expect(roundDiv(15n, 10n)).toBe(2n);
    expect(roundDiv(14n, 10n)).toBe(1n);
    expect(roundDiv(-14n, 10n)).toBe(-1n);
    expect(roundDiv(5n, -10n)).toBe(-1n);
  });

  it('takes a rate of an amount to the cent (VAT 5,5 % of 0,10 € is 0,55 c → 1 c; 20 % of 1,25 €)', () => {
    expect(percentOf(10, 550)).toBe(1);
    expect(percentOf(9, 550)).toBe(0);
    expect(percentOf(125, 2000)).toBe(25);
    expect(percentOf(-10, 550)).toBe(-1);
  });

  it('multiplies beyond 2^53 exactly before dividing', () => {
    // 9 000 000 000 000 × 3 / 7 overflows double precision on the product.
    expect(mulDivRound(9_000_000_000_000, 3, 7)).toBe(3_857_142_857_143);
    expect(() => mulDivRound(0.5, 1, 1)).toThrow(RangeError);
  });

  it('negates exactly: round(−x) = −round(x)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, rate) => {
          expect(percentOf(-cents, rate)).toBe(-percentOf(cents, rate) || 0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('allocate', () => {
  it('splits by weight, the cents left going to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [50, 30, 20])).toEqual([500, 300, 200]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(() => allocate(1, [0, 0])).toThrow(RangeError);
  });

  it('never loses nor makes a cent, and each share is within a cent of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e10, max: 1e10 }),
        fc
          .array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 8 })
          .filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const shares = allocate(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          shares.forEach((share, i) => {
            expect(Math.abs(share - (total * (weights[i] ?? 0)) / sum)).toBeLessThan(1);
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('quantities and unit prices', () => {
  it('reads French decimals within the precision setting', () => {
    expect(parseFixed4('12,5', 2)).toBe(125_000);
    expect(parseFixed4('12.50', 2)).toBe(125_000);
    expect(parseFixed4('1 234,56', 2)).toBe(12_345_600);
    expect(parseFixed4('-3', 0)).toBe(-30_000);
    expect(parseFixed4('0,125', 2)).toBeNull();
    expect(parseFixed4('0,125', 3)).toBe(1_250);
    expect(parseFixed4('0,00001', 4)).toBeNull();
    expect(parseFixed4('douze', 2)).toBeNull();
    expect(parseFixed4('', 2)).toBeNull();
  });

  it('checks a value against a precision', () => {
    expect(fitsPrecision(125_000, 2)).toBe(true);
    expect(fitsPrecision(1_250, 2)).toBe(false);
    expect(fitsPrecision(1_250, 3)).toBe(true);
    expect(fitsPrecision(10_000, 0)).toBe(true);
    expect(fitsPrecision(15_000, 0)).toBe(false);
  });
});
