import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  agedBucketOf,
  changeRate,
  conversionRate,
  daysBetween,
  daysSalesOutstanding,
  monthsOf,
  periodDays,
  periodOf,
  periodTooLong,
  previousPeriod,
} from './reporting';

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('reporting periods', () => {
  it('the month, the quarter, the fiscal year of a day', () => {
    expect(periodOf('month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf('quarter', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodOf('fiscalYear', '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    const july = { start: '2025-07-01', end: '2026-06-30' };
    expect(periodOf('fiscalYear', '2026-11-27', july)).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(periodOf('fiscalYear', '2026-03-02', july)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    // A fiscal year closing at the end of February keeps the month's last day.
    const march = { start: '2023-03-01', end: '2024-02-29' };
    expect(periodOf('fiscalYear', '2025-06-01', march)).toEqual({ from: '2025-03-01', to: '2026-02-28' });
  });

  it('the previous period: whole months before whole months, else as many days before', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(previousPeriod({ from: '2026-03-10', to: '2026-03-19' })).toEqual({
      from: '2026-02-28',
      to: '2026-03-09',
    });
  });

  it('property: the previous period ends the day before and never overlaps; days periods keep their length', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (from, length) => {
        const period = { from, to: addDays(from, length) };
        const previous = previousPeriod(period);
        expect(daysBetween(previous.to, period.from)).toBe(1);
        expect(previous.from <= previous.to).toBe(true);
        if (from.slice(8) !== '01') expect(periodDays(previous)).toBe(periodDays(period));
      }),
    );
  });

  it('property: a day lies in its month, quarter and fiscal year; the months of a period cover it', () => {
    fc.assert(
      fc.property(day, day, (today, anyDay) => {
        const start = `${anyDay.slice(0, 8)}01`;
        const fiscal = { start, end: monthsEnd(start) };
        for (const kind of ['month', 'quarter', 'fiscalYear'] as const) {
          const period = periodOf(kind, today, fiscal);
          expect(period.from <= today && today <= period.to, `${kind} ${today}`).toBe(true);
          expect(monthsOf(period)[0]).toBe(period.from.slice(0, 7));
          expect(monthsOf(period).at(-1)).toBe(period.to.slice(0, 7));
        }
      }),
    );
  });

  it('a period longer than ten years is refused', () => {
    expect(periodTooLong({ from: '2016-01-01', to: '2025-12-31' })).toBe(false);
    expect(periodTooLong({ from: '2016-01-01', to: '2026-01-01' })).toBe(true);
  });
});

/** A fiscal year of twelve whole months opening at the month of `start` (the settings' shape). */
function monthsEnd(start: string): string {
  const y = Number(start.slice(0, 4));
  const m = Number(start.slice(5, 7));
  return addDays(`${String(y + 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`, -1);
}

describe('reporting rules', () => {
  it('aged receivables: due today is not late; 30, 60, 90 days close their columns', () => {
    expect(agedBucketOf('2026-11-27', '2026-11-27')).toBe('notDue');
    expect(agedBucketOf('2026-12-10', '2026-11-27')).toBe('notDue');
    expect(agedBucketOf('2026-11-26', '2026-11-27')).toBe('late1To30');
    expect(agedBucketOf(addDays('2026-11-27', -30), '2026-11-27')).toBe('late1To30');
    expect(agedBucketOf(addDays('2026-11-27', -31), '2026-11-27')).toBe('late31To60');
    expect(agedBucketOf(addDays('2026-11-27', -60), '2026-11-27')).toBe('late31To60');
    expect(agedBucketOf(addDays('2026-11-27', -90), '2026-11-27')).toBe('late61To90');
    expect(agedBucketOf(addDays('2026-11-27', -91), '2026-11-27')).toBe('lateOver90');
  });

  it('property: the later the due date, the younger its bucket', () => {
    const order = ['lateOver90', 'late61To90', 'late31To60', 'late1To30', 'notDue'];
    fc.assert(
      fc.property(day, day, day, (a, b, today) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(order.indexOf(agedBucketOf(early, today))).toBeLessThanOrEqual(
          order.indexOf(agedBucketOf(late, today)),
        );
      }),
    );
  });

  it('days sales outstanding, conversion and change rates', () => {
    expect(daysSalesOutstanding(50_000, 100_000, 30)).toBe(15);
    expect(daysSalesOutstanding(50_000, 0, 30)).toBeNull();
    expect(daysSalesOutstanding(-5, 100, 30)).toBe(0);
    expect(conversionRate(1, 3)).toBe(3333);
    expect(conversionRate(0, 0)).toBeNull();
    expect(changeRate(150, 100)).toBe(5000);
    expect(changeRate(50, -100)).toBe(15_000);
    expect(changeRate(5, 0)).toBeNull();
  });

  it('property: days sales outstanding lies between 0 and the period when less is owed than was invoiced', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 3660 }),
        (invoiced, owed, days) => {
          const dso = daysSalesOutstanding(Math.min(owed, invoiced), invoiced, days)!;
          expect(dso).toBeGreaterThanOrEqual(0);
          expect(dso).toBeLessThanOrEqual(days);
        },
      ),
    );
  });
});
