import { describe, expect, it } from 'vitest';
import { addDays, mondayOf } from './api';
import { formatHours, parseHours } from './hours';

describe('hours as typed on the timesheet', () => {
  it('reads decimals with a comma or a point, and hours:minutes', () => {
    expect(parseHours('7,5')).toBe(450);
    expect(parseHours('7.25')).toBe(435);
    expect(parseHours('7:30')).toBe(450);
    expect(parseHours('7h30')).toBe(450);
    expect(parseHours(' 8 ')).toBe(480);
    expect(parseHours('8h')).toBe(480);
    expect(parseHours('')).toBeNull();
  });

  it('refuses what does not read, or more than a day', () => {
    for (const text of ['abc', '7:75', '25', '-1', '7,5,5', '100'])
      expect(parseHours(text), text).toBe(false);
    expect(parseHours('24')).toBe(1440);
  });

  it('shows minutes back as hours, and reads what it shows', () => {
    expect(formatHours(450)).toBe('7:30');
    expect(formatHours(480)).toBe('8');
    expect(formatHours(0)).toBe('');
    for (const minutes of [15, 60, 435, 1440]) expect(parseHours(formatHours(minutes))).toBe(minutes);
  });

  it('finds the Monday of a week and moves by calendar days', () => {
    expect(mondayOf('2026-11-19')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-03-30', -7)).toBe('2026-03-23');
  });
});
