import { describe, expect, it } from 'vitest';
import {
  checkClearReceptionDate,
  isValidRetainageRate,
  retainageBalance,
  retainageOf,
  retainageReleaseDate,
} from '../../src/domain/index.js';

describe('retenue de garantie', () => {
  it('is at most 5 %', () => {
    expect(isValidRetainageRate(0)).toBe(true);
    expect(isValidRetainageRate(500)).toBe(true);
    expect(isValidRetainageRate(501)).toBe(false);
    expect(isValidRetainageRate(-1)).toBe(false);
    expect(isValidRetainageRate(250.5)).toBe(false);
  });

  it('is a percentage of the TTC, rounded half up to the cent, negated on credit notes', () => {
    expect(retainageOf(33_600, 500)).toBe(1_680);
    expect(retainageOf(1_010, 500)).toBe(51); // 50,5 c
    expect(retainageOf(-1_010, 500)).toBe(-51);
    expect(retainageOf(1_009, 500)).toBe(50);
  });

  it('is released one year after the works reception, and not before there is one', () => {
    expect(retainageReleaseDate('2026-06-30')).toBe('2027-06-30');
    expect(retainageReleaseDate('2028-02-29')).toBe('2029-02-28');
    expect(retainageReleaseDate('2027-02-28')).toBe('2028-02-28');
    expect(retainageReleaseDate(null)).toBeNull();
    expect(() => retainageReleaseDate('30/06/2026')).toThrow(RangeError);
  });

  it('keeps its release date once paid: the reception date can no longer be removed', () => {
    expect(checkClearReceptionDate([0, 0])).toEqual({ ok: true, value: undefined });
    expect(checkClearReceptionDate([0, 1_680])).toEqual({ ok: false, key: 'retainage_already_paid' });
  });

  it('has its own balance', () => {
    expect(retainageBalance(1_680, [1_000])).toBe(680);
    expect(retainageBalance(1_680, [1_000, 680])).toBe(0);
  });
});
