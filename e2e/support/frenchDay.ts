import { todayInFrance } from '../../server/src/invoicing/today';

/**
 * Today in France, as a local date at noon: the server dates and checks invoices on French days
 * (invoicing/today.ts), so a test dating an invoice « today » from the machine's own calendar was
 * refused between 23:00 and midnight UTC, when France is already on the next day. Noon, so that a
 * day added or taken stays on the neighbouring calendar day.
 */
export function frenchToday(): Date {
  const [year, month, day] = todayInFrance().split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 12);
}
