import { describe, expect, it } from 'vitest';
import { parsePercent, percentText, steppedPercent } from './percent';

describe('a chapter progress as typed', () => {
  it('reads French and English decimals, a % sign, and refuses what is not 0–100 % to the hundredth', () => {
    expect(parsePercent('40')).toBe(4_000);
    expect(parsePercent(' 42,5 % ')).toBe(4_250);
    expect(parsePercent('42.25')).toBe(4_225);
    expect(parsePercent('')).toBeNull();
    expect(parsePercent('100')).toBe(10_000);
    for (const bad of ['101', '-1', '42,125', 'abc', '4O']) expect(parsePercent(bad)).toBe(false);
  });

  it('shows basis points back as typed, and steps by 5 % within 0–100 %', () => {
    expect([percentText(4_250), percentText(10_000), percentText(1)]).toEqual(['42,5', '100', '0,01']);
    expect(steppedPercent('42,5', 1)).toBe('47,5');
    expect(steppedPercent('', 1)).toBe('5');
    expect(steppedPercent('98', 1)).toBe('100');
    expect(steppedPercent('3', -1)).toBe('0');
  });
});
