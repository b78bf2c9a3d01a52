import { describe, expect, it } from 'vitest';
import { fromScreen, toScreen } from './formats';

describe('settings field formats', () => {
  it('reads French amounts, percentages and coefficients into integer units', () => {
    expect(fromScreen('money', '1 234,56')).toEqual({ value: 123456 });
    expect(fromScreen('money', '0,07')).toEqual({ value: 7 });
    expect(fromScreen('percent', '5,5')).toEqual({ value: 550 });
    expect(fromScreen('coefficient', '1,35')).toEqual({ value: 1350 });
    expect(fromScreen('integer', '12')).toEqual({ value: 12 });
  });

  it('says « number » for what is not one, « required » for nothing, « date » for a bad day', () => {
    expect(fromScreen('money', '12,345')).toEqual({ code: 'number' });
    expect(fromScreen('integer', '1,5')).toEqual({ code: 'number' });
    expect(fromScreen('percent', 'abc')).toEqual({ code: 'number' });
    expect(fromScreen('money', ' ')).toEqual({ code: 'required' });
    expect(fromScreen('date', '31/02/2024')).toEqual({ code: 'date' });
    expect(fromScreen('date', '2024-02-01')).toEqual({ code: 'date' });
    expect(fromScreen('date', '')).toEqual({ value: null });
    expect(fromScreen('date', '29/02/2024')).toEqual({ value: '2024-02-29' });
  });

  it('shows stored values the way they are typed, and back again', () => {
    expect(toScreen('money', 123456)).toBe('1234,56');
    expect(toScreen('percent', 550)).toBe('5,5');
    expect(toScreen('date', '2012-03-01')).toBe('01/03/2012');
    expect(toScreen('date', null)).toBe('');
    for (const [kind, value] of [
      ['money', 100_000_01],
      ['percent', 2000],
      ['coefficient', 1075],
    ] as const) {
      expect(fromScreen(kind, toScreen(kind, value) as string)).toEqual({ value });
    }
  });
});
