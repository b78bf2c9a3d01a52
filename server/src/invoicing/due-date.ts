/**
 * An invoice's due date from its payment deadline rule (spec section 5: « X jours », « fin de mois »,
 * « décalage au jour X du mois », « date »). Not in server/src/domain yet: kept here, pure, until the
 * domain takes it.
 */
export interface PaymentDeadline {
  rule: 'days' | 'endOfMonth' | 'dayOfMonth' | 'date';
  value: number | string;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * days: the invoice date + X days; endOfMonth: the end of the month of (date + X days); dayOfMonth:
 * the next day X of a month on or after the invoice date (the month's last day when shorter);
 * date: that date (never before the invoice date).
 */
export function dueDateOf(invoiceDate: string, deadline: PaymentDeadline): string {
  const start = utc(invoiceDate);
  if (deadline.rule === 'date') {
    const fixed = String(deadline.value);
    return /^\d{4}-\d{2}-\d{2}$/.test(fixed) && fixed > invoiceDate ? fixed : invoiceDate;
  }
  const n = typeof deadline.value === 'number' ? deadline.value : Number(deadline.value) || 0;
  if (deadline.rule === 'days') return iso(new Date(start.getTime() + n * 86_400_000));
  if (deadline.rule === 'endOfMonth') {
    const shifted = new Date(start.getTime() + n * 86_400_000);
    const year = shifted.getUTCFullYear();
    const month = shifted.getUTCMonth();
    return iso(new Date(Date.UTC(year, month, lastDayOf(year, month))));
  }
  // dayOfMonth: day X (1–31) of this month if not passed yet, else of the next month.
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
