/**
 * Reporting (issue 24, « Suivi d'activité » figures): the periods the screen offers, the previous
 * period it compares with, and the small rules the figures follow (aged receivables buckets, days
 * sales outstanding, quote conversion). Pure functions, shared by the server (which answers the
 * figures) and the element (which picks the period): the two never disagree on a period's bounds.
 * Dates are ISO days (yyyy-MM-dd), computed on the calendar, never on a time zone.
 */
import { z } from 'zod';
import { lazy } from './lazy.js';
import { type Bp, type Cents, FULL_PERCENT, mulDivRound } from './money.js';

export interface Period {
  /** First day, included. */
  from: string;
  /** Last day, included. */
  to: string;
}

/** What the period picker offers: the month, the quarter, the fiscal year, or two typed days. */
export const periodKinds = ['month', 'quarter', 'fiscalYear', 'custom'] as const;
export type PeriodKind = (typeof periodKinds)[number];

/** The longest period the reporting answers (its monthly series stays short). */
export const MAX_REPORTING_MONTHS = 120;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const parts = (day: string) =>
  [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))] as const;
/** Days in a month (m: 1–12). */
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const dayNumber = (day: string) => {
  const [y, m, d] = parts(day);
  return Date.UTC(y, m - 1, d) / 86_400_000;
};
const fromDayNumber = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** `day` moved by whole days. */
export const addDays = (day: string, days: number) => fromDayNumber(dayNumber(day) + days);

/** Whole days from `from` to `to` (0 the same day; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** A period's length in days, both ends counted. */
export const periodDays = (period: Period) => daysBetween(period.from, period.to) + 1;

/** The first day of the month `months` after (or before) the month of `day`. */
function monthStart(day: string, months = 0): string {
  const [y, m] = parts(day);
  const index = y * 12 + (m - 1) + months;
  return iso(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** The last day of the month of `day`. */
const monthEnd = (day: string) => {
  const [y, m] = parts(day);
  return iso(y, m, daysInMonth(y, m));
};

/** The months a period touches, as yyyy-MM, in order (the series' x axis). */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  for (let start = monthStart(period.from); start <= period.to; start = monthStart(start, 1)) {
    months.push(start.slice(0, 7));
  }
  return months;
}

/** Whether a period is made of whole calendar months (it opens on a 1st and closes on a month's end). */
export const isWholeMonths = (period: Period) =>
  period.from.slice(8) === '01' && period.to === monthEnd(period.to) && period.from <= period.to;

/**
 * The period just before, of the same length: as many whole months before when the period is whole
 * months (March is compared with February, a quarter with the quarter before, a fiscal year with
 * the one before), else as many days just before.
 */
export function previousPeriod(period: Period): Period {
  if (isWholeMonths(period)) {
    const months = monthsOf(period).length;
    const from = monthStart(period.from, -months);
    return { from, to: addDays(period.from, -1) };
  }
  const days = periodDays(period);
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
}

/**
 * The fiscal year that holds `today`, from the « Comptabilité » settings' start and end (any year:
 * the same opening day shifted by whole years). Without settings, the calendar year.
 */
export function fiscalYearOf(
  today: string,
  fiscalYear: { start: string | null; end: string | null },
): Period {
  const { start, end } = fiscalYear;
  const [ty] = parts(today);
  if (!start || !end || end < start) return { from: iso(ty, 1, 1), to: iso(ty, 12, 31) };
  const [, sm, sd] = parts(start);
  const length = daysBetween(start, end);
  // Opening in this calendar year or the one before: the latest opening not after today.
  const openingIn = (year: number) => iso(year, sm, Math.min(sd, daysInMonth(year, sm)));
  const from = openingIn(ty) <= today ? openingIn(ty) : openingIn(ty - 1);
  // The same number of whole months as the settings' year when it is whole months, else of days.
  const settingsYear = { from: start, to: end };
  const to = isWholeMonths(settingsYear)
    ? addDays(monthStart(from, monthsOf(settingsYear).length), -1)
    : addDays(from, length);
  return { from, to };
}

/** The period of a kind that holds `today` (a custom period is the one typed). */
export function periodOf(
  kind: Exclude<PeriodKind, 'custom'>,
  today: string,
  fiscalYear: { start: string | null; end: string | null } = { start: null, end: null },
): Period {
  if (kind === 'month') return { from: monthStart(today), to: monthEnd(today) };
  if (kind === 'quarter') {
    const [y, m] = parts(today);
    const first = Math.floor((m - 1) / 3) * 3 + 1;
    const from = iso(y, first, 1);
    return { from, to: monthEnd(monthStart(from, 2)) };
  }
  return fiscalYearOf(today, fiscalYear);
}

/** Whether the API answers a period: in order and no longer than MAX_REPORTING_MONTHS months. */
export const periodTooLong = (period: Period) => monthsOf(period).length > MAX_REPORTING_MONTHS;

// ----------------------------------------------------------------------------- aged receivables

/** The aged receivables' columns: not yet due, then by days past the due date. */
export const agedBuckets = ['notDue', 'late1To30', 'late31To60', 'late61To90', 'lateOver90'] as const;
export type AgedBucket = (typeof agedBuckets)[number];

/** The bucket of an amount due on `dueDate`, seen on `today` (due today is not yet late). */
export function agedBucketOf(dueDate: string, today: string): AgedBucket {
  const late = daysBetween(dueDate, today);
  if (late <= 0) return 'notDue';
  if (late <= 30) return 'late1To30';
  if (late <= 60) return 'late31To60';
  if (late <= 90) return 'late61To90';
  return 'lateOver90';
}

// ---------------------------------------------------------------------------------- ratios

/**
 * Days sales outstanding (délai moyen de paiement clients): what is still owed over what was
 * invoiced incl. VAT, times the period's days, rounded to the day. Null when nothing was invoiced.
 */
export function daysSalesOutstanding(
  outstanding: Cents,
  invoicedInclTax: Cents,
  days: number,
): number | null {
  if (invoicedInclTax <= 0) return null;
  return mulDivRound(Math.max(0, outstanding), days, invoicedInclTax);
}

/** accepted / sent in basis points (10 000 = every quote sent was accepted); null when none was sent. */
export function conversionRate(accepted: number, sent: number): Bp | null {
  if (sent <= 0) return null;
  return mulDivRound(accepted, FULL_PERCENT, sent);
}

/** (value − previous) / |previous| in basis points; null when the previous period had nothing. */
export function changeRate(value: number, previous: number): Bp | null {
  if (previous === 0) return null;
  return mulDivRound(value - previous, FULL_PERCENT, Math.abs(previous));
}

/*
 * The answers of `…/reporting/*`, as the server declares them (server/src/routes/reporting.ts
 * names them for the OpenAPI document) and the client parses them (src/api/reporting.ts).
 * Money in integer cents, rates in basis points, days yyyy-MM-dd.
 */

const int = () => z.number().int();

const periodSchema = lazy(() => z.object({ from: z.string(), to: z.string() }));

const summaryFigures = lazy(() =>
  z.object({
    /** « Mes factures »' totals, validated invoices dated in the period, credit notes deducted. */
    invoicedExclTaxCents: int(),
    invoicedVatCents: int(),
    invoicedInclTaxCents: int(),
    invoiceCount: int(),
    /** The credit notes' part of the above (negative). */
    creditNotesInclTaxCents: int(),
    /** « Règlements reçus »' total, payments dated in the period. */
    receivedCents: int(),
    /** « Règlements en attente »' total, invoices dated in the period (released retainages included). */
    outstandingCents: int(),
    /** The same, lines past their due date only. */
    overdueCents: int(),
    /** outstanding / invoiced TTC × days of the period; null when nothing was invoiced. */
    daysSalesOutstanding: int().nullable(),
  }),
);

export const reportingSummarySchema = lazy(() =>
  summaryFigures.extend({
    period: periodSchema,
    previous: summaryFigures.extend({ period: periodSchema }),
  }),
);

export const reportingSeriesSchema = lazy(() =>
  z.object({
    period: periodSchema,
    months: z.array(
      z.object({
        month: z.string().describe('yyyy-MM'),
        invoicedExclTaxCents: int(),
        invoicedInclTaxCents: int(),
        receivedCents: int(),
      }),
    ),
    receivables: z.object({
      buckets: z.array(z.object({ bucket: z.enum(agedBuckets), cents: int(), count: int() })),
      retainageDueCents: int(),
      retainageHeldCents: int(),
    }),
    quotes: z.object({
      sent: int(),
      accepted: int(),
      refused: int(),
      pending: int(),
      sentExclTaxCents: int(),
      acceptedExclTaxCents: int(),
      refusedExclTaxCents: int(),
      pendingExclTaxCents: int(),
      conversionRateBasisPoints: int().nullable(),
    }),
    topCustomers: z.array(
      z.object({
        customerId: int(),
        customerName: z.string(),
        invoicedExclTaxCents: int(),
        invoicedInclTaxCents: int(),
      }),
    ),
  }),
);

export const reportingMarginsSchema = lazy(() =>
  z.object({
    period: periodSchema,
    jobs: z.array(
      z.object({
        businessJobId: int(),
        businessJobName: z.string(),
        saleExclTaxCents: int(),
        costCents: int(),
        marginCents: int(),
        marginRateBasisPoints: int().nullable(),
        linesWithoutCost: int(),
      }),
    ),
  }),
);

export const reportingVatSchema = lazy(() =>
  z.object({
    period: periodSchema,
    collectedVatCents: int(),
    previous: z.object({ period: periodSchema, collectedVatCents: int() }),
  }),
);
