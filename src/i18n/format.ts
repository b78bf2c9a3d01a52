import { formatDistance } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { formatIsoDate, parseFrenchDate as parseFrenchDay } from '../contract/format';

/**
 * Money, counts and API days are the contract's formats (src/contract/format.ts: the server's pages,
 * PDF, CSV and mails write the same); this file adds what only a browser has: its own clock and
 * time zone.
 */
export { formatCents, formatCount, formatIsoDate } from '../contract/format';

/** A day of the browser's calendar → the API's "yyyy-MM-dd". */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date or ISO timestamp → "dd/MM/yyyy", the day it is in the browser's time zone. */
export function formatDate(value: Date | string): string {
  return formatIsoDate(toIsoDate(typeof value === 'string' ? new Date(value) : value));
}

/**
 * "il y a 5 minutes", "dans 2 jours". date-fns writes « moins d’une minute » with the typographic
 * apostrophe; the product writes the spec's straight one everywhere.
 */
export function formatRelative(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return formatDistance(date, now, { addSuffix: true, locale: fr }).replaceAll('’', "'");
}

/**
 * A "dd/MM/yyyy" text typed by a user → that day at the browser's midnight; null when it is not a
 * real day (the contract's `parseFrenchDate`, which gives the API's yyyy-MM-dd, decides). Kept for
 * the package's API and the callers that want a Date.
 */
export function parseFrenchDate(text: string): Date | null {
  const iso = parseFrenchDay(text);
  if (!iso) return null;
  const date = new Date(2000, Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  date.setFullYear(Number(iso.slice(0, 4)));
  return date;
}
