/**
 * An invoice's due date from its payment deadline rule (spec section 5: « X jours », « fin de mois »,
 * « décalage au jour X du mois », « date »). Dates are ISO yyyy-MM-dd, computed in UTC (calendar days,
 * no time zone drift).
 */
export interface PaymentDeadline {
  rule: 'days' | 'endOfMonth' | 'dayOfMonth' | 'date';
  /** Days for days and endOfMonth, the day of the month for dayOfMonth, an ISO date for date. */
  value: number | string;
}

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * days: the invoice date + X days; endOfMonth: the last day of the month of (invoice date + X days);
 * dayOfMonth: the first day X (1–31, the month's last day when shorter) on or after the invoice date;
 * date: that date, never before the invoice date.
 */
export function dueDateOf(invoiceDate: string, deadline: PaymentDeadline): string {
  const start = utc(invoiceDate);
  if (Number.isNaN(start.getTime())) throw new RangeError(`not an ISO date: ${invoiceDate}`);
  if (deadline.rule === 'date') {
    const fixed = String(deadline.value);
    return /^\d{4}-\d{2}-\d{2}$/.test(fixed) && fixed > invoiceDate ? fixed : invoiceDate;
  }
  const n = typeof deadline.value === 'number' ? deadline.value : Number(deadline.value) || 0;
  if (deadline.rule === 'days') return iso(new Date(start.getTime() + n * DAY_MS));
  if (deadline.rule === 'endOfMonth') {
    const shifted = new Date(start.getTime() + n * DAY_MS);
    const year = shifted.getUTCFullYear();
    const month = shifted.getUTCMonth();
    return iso(new Date(Date.UTC(year, month, lastDayOf(year, month))));
  }
  const day = Math.min(Math.max(Math.trunc(n), 1), 31);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth();
  if (Math.min(day, lastDayOf(year, month)) < start.getUTCDate()) {
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return iso(new Date(Date.UTC(year, month, Math.min(day, lastDayOf(year, month)))));
}
