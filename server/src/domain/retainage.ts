/**
 * Retenue de garantie: at most 5 % of each invoice's TTC, withheld from what the customer pays now
 * and released one year after the job's works reception.
 */
import { allowed, type DomainResult, refuse } from './errors.js';
import { type Bp, type Cents, percentOf, sumCents } from './money.js';

/** 5 %, the legal ceiling (loi du 16 juillet 1971). */
export const MAX_RETAINAGE_RATE: Bp = 500;

export function isValidRetainageRate(rate: Bp): boolean {
  return Number.isInteger(rate) && rate >= 0 && rate <= MAX_RETAINAGE_RATE;
}

/** The retainage withheld on an invoice: rate × TTC, rounded half up to the cent. */
export function retainageOf(ttc: Cents, rate: Bp): Cents {
  return percentOf(ttc, rate);
}

/**
 * When the retainage is released: the works-reception date plus one year (29 February → 28 February),
 * or null while the job has no reception date. Dates are ISO yyyy-MM-dd.
 */
export function retainageReleaseDate(receptionDate: string | null): string | null {
  if (!receptionDate) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(receptionDate);
  if (!match) throw new RangeError(`not an ISO date: ${receptionDate}`);
  const [, y, m, d] = match;
  const year = Number(y) + 1;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === '02' && d === '29' && !leap ? '28' : d;
  return `${String(year).padStart(4, '0')}-${m}-${day}`;
}

/**
 * The job's reception date (hence the retainage's release date) may be removed only while no
 * retainage of the job has been paid: `retainagePaid` lists each invoice's retainage payments.
 */
export function checkClearReceptionDate(retainagePaid: readonly Cents[]): DomainResult<void> {
  return retainagePaid.some((paid) => paid !== 0) ? refuse('retainage_already_paid') : allowed;
}

/** Retainage still to be paid on an invoice. */
export function retainageBalance(retainage: Cents, payments: readonly Cents[]): Cents {
  return retainage - sumCents(payments);
}
