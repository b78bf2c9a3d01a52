import { format, formatDistance, isValid, parse } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { CURRENCY, DATE_FORMAT, LOCALE } from '../config/constants';

const euros = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const counts = new Intl.NumberFormat(LOCALE);

/** 10000 → "10 000" (U+202F between thousands). */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** 123456 cents → "1 234,56 €" (U+202F between thousands, U+00A0 before the symbol). */
export function formatCents(cents: number): string {
  return euros.format(cents / 100);
}

/** A date or ISO string → "dd/MM/yyyy". */
export function formatDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return format(date, DATE_FORMAT, { locale: fr });
}

/**
 * "il y a 5 minutes", "dans 2 jours". date-fns writes « moins d’une minute » with the typographic
 * apostrophe; the product writes the spec's straight one everywhere.
 */
export function formatRelative(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return formatDistance(date, now, { addSuffix: true, locale: fr }).replaceAll('’', "'");
}

/** Reads a "dd/MM/yyyy" text typed by a user; null when it is not a real date in that format. */
export function parseFrenchDate(text: string): Date | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text.trim())) return null;
  const date = parse(text.trim(), DATE_FORMAT, new Date(), { locale: fr });
  return isValid(date) ? date : null;
}

/** An API date "yyyy-MM-dd" → "dd/MM/yyyy", read as a calendar day (no time-zone shift). */
export function formatIsoDate(iso: string): string {
  return formatDate(parse(iso, 'yyyy-MM-dd', new Date()));
}

/** A day → the API's "yyyy-MM-dd". */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}
