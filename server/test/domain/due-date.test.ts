import { describe, expect, it } from 'vitest';
import { dueDateOf } from '../../src/domain/index.js';

describe('due date from the payment deadline rule', () => {
  it('X days', () => {
    expect(dueDateOf('2026-03-01', { rule: 'days', value: 30 })).toBe('2026-03-31');
    expect(dueDateOf('2026-12-15', { rule: 'days', value: 30 })).toBe('2027-01-14');
    expect(dueDateOf('2026-03-01', { rule: 'days', value: 0 })).toBe('2026-03-01');
  });

  it('end of month, after X days', () => {
    expect(dueDateOf('2026-01-20', { rule: 'endOfMonth', value: 0 })).toBe('2026-01-31');
    expect(dueDateOf('2026-01-20', { rule: 'endOfMonth', value: 30 })).toBe('2026-02-28');
    expect(dueDateOf('2028-01-31', { rule: 'endOfMonth', value: 29 })).toBe('2028-02-29');
  });

  it('shift to day X of the month: this month if not passed, else the next; the last day when shorter', () => {
    expect(dueDateOf('2026-03-05', { rule: 'dayOfMonth', value: 10 })).toBe('2026-03-10');
    expect(dueDateOf('2026-03-10', { rule: 'dayOfMonth', value: 10 })).toBe('2026-03-10');
    expect(dueDateOf('2026-03-11', { rule: 'dayOfMonth', value: 10 })).toBe('2026-04-10');
    expect(dueDateOf('2026-01-31', { rule: 'dayOfMonth', value: 30 })).toBe('2026-02-28');
    expect(dueDateOf('2026-12-20', { rule: 'dayOfMonth', value: 5 })).toBe('2027-01-05');
  });

  it('a fixed date, never before the invoice date', () => {
    expect(dueDateOf('2026-03-01', { rule: 'date', value: '2026-04-15' })).toBe('2026-04-15');
    expect(dueDateOf('2026-03-01', { rule: 'date', value: '2026-02-15' })).toBe('2026-03-01');
    expect(dueDateOf('2026-03-01', { rule: 'date', value: 'n/a' })).toBe('2026-03-01');
  });

  it('refuses a date that is not ISO', () => {
    expect(() => dueDateOf('01/03/2026', { rule: 'days', value: 30 })).toThrow(RangeError);
  });
});
