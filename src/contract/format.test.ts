import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCount,
  formatCsvAmount,
  formatCsvPercent,
  formatDecimal,
  formatIsoDate,
  formatPercent,
  formatQuantity,
  parseCents,
  parseFrenchDate,
  parseFrenchDecimal,
  pdfSpaces,
} from './format';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const safeInteger = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('money', () => {
  it('writes euros as French typography does: U+202F between thousands, U+00A0 before €', () => {
    expect(formatCents(123456)).toBe('1\u202f234,56\u00a0€');
    expect(formatCents(-5000)).toBe('-50,00\u00a0€');
    expect(formatCents(0)).toBe('0,00\u00a0€');
    expect(formatCents(7)).toBe('0,07\u00a0€');
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('90\u202f071\u202f992\u202f547\u202f409,91\u00a0€');
  });

  it('writes what Intl.NumberFormat fr-FR writes, wherever a float still holds the cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }).filter(Boolean), (cents) => {
        expect(formatCents(cents)).toBe(euros.format(cents / 100));
      }),
    );
  });

  it('rounds to fewer decimals half away from zero (the unit price precision)', () => {
    expect(formatCents(1250, 0)).toBe('13\u00a0€');
    expect(formatCents(-1250, 0)).toBe('-13\u00a0€');
    expect(formatCents(1249, 1)).toBe('12,5\u00a0€');
    expect(formatCents(-4, 0)).toBe('0\u00a0€');
  });

  it('reads back every amount it writes, over the whole safe range, negative ones included', () => {
    fc.assert(
      fc.property(safeInteger, (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents);
        expect(parseFrenchDecimal(formatCsvAmount(cents), 2)).toBe(cents);
        expect(parseFrenchDecimal(pdfSpaces(formatCents(cents)).replace(/\u00a0€$/, ''), 2)).toBe(cents);
      }),
    );
  });

  it('writes the CSV and FEC amount with a comma and without grouping', () => {
    expect(formatCsvAmount(1234567)).toBe('12345,67');
    expect(formatCsvAmount(-5)).toBe('-0,05');
    expect(formatCsvAmount(0)).toBe('0,00');
    expect(formatCsvPercent(2000)).toBe('20,00 %');
    fc.assert(
      fc.property(safeInteger, (cents) => {
        expect(formatCsvAmount(cents)).toMatch(/^-?\d+,\d\d$/);
      }),
    );
  });

  it('prints the PDF without U+202F, which its fonts lack', () => {
    expect(pdfSpaces(formatCents(123456))).toBe('1\u00a0234,56\u00a0€');
  });
});

describe('percentages, quantities, counts', () => {
  it('writes basis points as a percentage with only the decimals it needs', () => {
    expect(formatPercent(2000)).toBe('20\u00a0%');
    expect(formatPercent(550)).toBe('5,5\u00a0%');
    expect(formatPercent(-1)).toBe('-0,01\u00a0%');
  });

  it('writes thousandths with at least the precision decimals, and a count with thousands', () => {
    expect(formatQuantity(12500)).toBe('12,5');
    expect(formatQuantity(12500, 2)).toBe('12,50');
    expect(formatQuantity(1234567, 2)).toBe('1\u202f234,567');
    expect(formatCount(10000)).toBe('10\u202f000');
    expect(formatDecimal(123450, 2, { grouping: false })).toBe('1234,5');
    expect(formatDecimal(12_500, 3, { decimals: 0 })).toBe('13');
    expect(formatDecimal(12_499, 3, { decimals: 0 })).toBe('12');
    expect(formatDecimal(12_500, 3, { decimals: 2 })).toBe('12,50');
    expect(formatDecimal(-1_005, 3, { decimals: 3 })).toBe('-1,005');
  });

  it('reads back every quantity and percentage it writes, grouped or not', () => {
    fc.assert(
      fc.property(safeInteger, fc.integer({ min: 0, max: 3 }), fc.boolean(), (value, min, grouping) => {
        expect(parseFrenchDecimal(formatQuantity(value, min), 3)).toBe(value);
        expect(parseFrenchDecimal(formatDecimal(value, 3, { grouping }), 3)).toBe(value);
        expect(parseFrenchDecimal(formatPercent(value).replace(/\u00a0%$/, ''), 2)).toBe(value);
      }),
    );
  });
});

describe('French decimals as typed', () => {
  it('reads them exactly, without float error', () => {
    expect(parseFrenchDecimal('1 234,56', 2)).toBe(123456);
    expect(parseFrenchDecimal('0,07', 2)).toBe(7);
    expect(parseFrenchDecimal('1.1', 2)).toBe(110);
    expect(parseFrenchDecimal('  -3,5 ', 2)).toBe(-350);
    expect(parseFrenchDecimal('−3,5', 2)).toBe(-350);
    expect(parseFrenchDecimal('-0', 2)).toBe(0);
    expect(Object.is(parseFrenchDecimal('-0', 2), -0)).toBe(false);
    expect(parseFrenchDecimal('1,50', 1)).toBe(15);
    expect(parseFrenchDecimal('12,', 2)).toBe(1200);
    expect(parseCents('12 €')).toBe(1200);
  });

  it('refuses what is not one, too many decimals, and what no safe integer holds', () => {
    for (const text of ['', ' ', 'douze', '1,2,3', '1e3', ',5', '--1', '1-', '0x10', 'Infinity', '1,555'])
      expect(parseFrenchDecimal(text, 2)).toBeNull();
    expect(parseFrenchDecimal('90071992547409,92', 2)).toBeNull();
    expect(parseFrenchDecimal('9'.repeat(80), 0)).toBeNull();
  });

  it('never throws on garbage, and whatever it accepts is a safe integer', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.integer({ min: 0, max: 4 }), (text, scale) => {
        const value = parseFrenchDecimal(text, scale);
        expect(value === null || Number.isSafeInteger(value)).toBe(true);
        const cents = parseCents(text);
        expect(cents === null || Number.isSafeInteger(cents)).toBe(true);
      }),
    );
    expect(parseFrenchDecimal(undefined as unknown as string, 2)).toBeNull();
  });
});

describe('days', () => {
  it('writes an API day as dd/MM/yyyy, as written (no time zone)', () => {
    expect(formatIsoDate('2026-01-05')).toBe('05/01/2026');
    expect(formatIsoDate('2026-11-22T23:30:00Z')).toBe('22/11/2026');
    expect(formatIsoDate('')).toBe('');
  });

  it('reads only real days', () => {
    expect(parseFrenchDate('29/02/2024')).toBe('2024-02-29');
    expect(parseFrenchDate(' 05/01/2026 ')).toBe('2026-01-05');
    for (const text of ['29/02/2026', '29/02/1900', '31/04/2026', '00/01/2026', '01/13/2026', '01/01/0000'])
      expect(parseFrenchDate(text)).toBeNull();
    expect(parseFrenchDate('29/02/2000')).toBe('2000-02-29');
    for (const text of ['2026-02-01', '1/2/2026', '01/02/26', '01-02-2026', ''])
      expect(parseFrenchDate(text)).toBeNull();
  });

  it('reads back every day it writes from 1900 to 2100, and agrees with the calendar', () => {
    const first = Date.UTC(1900, 0, 1);
    const last = Date.UTC(2100, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (last - first) / 86_400_000 }), (offset) => {
        const iso = new Date(first + offset * 86_400_000).toISOString().slice(0, 10);
        expect(parseFrenchDate(formatIsoDate(iso))).toBe(iso);
      }),
    );
  });

  it('refuses every impossible day, and never throws on garbage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 39 }),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 1900, max: 2100 }),
        (day, month, year) => {
          const text = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
          const real = new Date(Date.UTC(year, month - 1, day));
          const exists = month >= 1 && real.getUTCMonth() === month - 1 && real.getUTCDate() === day;
          expect(parseFrenchDate(text) !== null).toBe(exists);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const iso = parseFrenchDate(text);
        expect(iso === null || /^\d{4}-\d{2}-\d{2}$/.test(iso)).toBe(true);
      }),
    );
  });
});
