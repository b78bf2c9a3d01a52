import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCount,
  formatDate,
  formatIsoDate,
  formatRelative,
  parseFrenchDate,
  toIsoDate,
} from './format';

describe('French formats', () => {
  it('writes euros with the symbol on the right, U+202F between thousands and U+00A0 before €', () => {
    expect(formatCents(123456)).toBe('1\u202f234,56\u00a0€');
    expect(formatCents(-5000)).toBe('-50,00\u00a0€');
    expect(formatCents(0)).toBe('0,00\u00a0€');
  });

  it('writes dates as dd/MM/yyyy', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(formatDate('2026-11-22T10:00:00')).toBe('22/11/2026');
  });

  it('writes relative times in French', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(formatRelative('2026-11-22T09:55:00Z', now)).toBe('il y a 5 minutes');
    expect(formatRelative('2026-11-20T10:00:00Z', now)).toBe('il y a 2 jours');
    expect(formatRelative('2026-11-24T10:00:00Z', now)).toBe('dans 2 jours');
  });

  it('reads only real dd/MM/yyyy dates', () => {
    expect(parseFrenchDate('29/02/2024')?.getDate()).toBe(29);
    expect(parseFrenchDate('29/02/2026')).toBeNull();
    expect(parseFrenchDate('2026-02-01')).toBeNull();
    expect(parseFrenchDate('1/2/2026')).toBeNull();
  });

  it('writes counts with French thousands and API days both ways, with no time-zone shift', () => {
    expect(formatCount(10000)).toBe('10\u202f000');
    expect(formatIsoDate('2026-01-05')).toBe('05/01/2026');
    expect(toIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
