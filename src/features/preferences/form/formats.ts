/**
 * What a settings field holds on screen (text, as typed, French decimals) and in the API (cents,
 * basis points, thousandths, ISO dates). A value that does not read says its field code.
 */
import type { FieldCode } from '../../../contract/fields';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'password'
  | 'money'
  | 'percent'
  | 'coefficient'
  | 'integer'
  | 'date'
  | 'checkbox'
  /** One of the field's `options`, by its value as text ('' for none). */
  | 'select';

/** Decimals kept per kind, and the API unit's factor (cents, basis points, thousandths). */
const decimals: Partial<Record<FieldKind, number>> = { money: 2, percent: 2, coefficient: 3, integer: 0 };

const frenchNumber = (value: number, places: number) =>
  new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: 0,
    maximumFractionDigits: places,
    useGrouping: false,
  })
    .format(value)
    .replace(/\u00a0|\u202f/g, ' ');

/** The API value as the form shows it. */
export function toScreen(kind: FieldKind, value: unknown): string | boolean {
  if (kind === 'checkbox') return Boolean(value);
  if (value === null || value === undefined) return '';
  const places = decimals[kind];
  if (places !== undefined && typeof value === 'number') return frenchNumber(value / 10 ** places, places);
  if (kind === 'date' && typeof value === 'string') {
    const [year, month, day] = value.split('-');
    return `${day}/${month}/${year}`;
  }
  return String(value);
}

export type Parsed = { value: unknown } | { code: FieldCode };

/** The typed value in the API's unit, or the field code of what is wrong with it. */
export function fromScreen(kind: FieldKind, typed: string | boolean): Parsed {
  if (kind === 'checkbox') return { value: Boolean(typed) };
  if (kind === 'select') return { value: String(typed) };
  const text = String(typed).trim();
  const places = decimals[kind];
  if (places !== undefined) {
    if (text === '') return { code: 'required' };
    const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
    const pattern = places === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:\\.\\d{1,${places}})?$`);
    if (!pattern.test(plain)) return { code: 'number' };
    const [whole = '0', fraction = ''] = plain.split('.');
    // Integer arithmetic on the digits: 0,07 € is 7 cents, never 7.000000001.
    return { value: Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0') || 0) };
  }
  if (kind === 'date') {
    if (text === '') return { value: null };
    const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
    if (!match) return { code: 'date' };
    const [, day, month, year] = match;
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1)
      return { code: 'date' };
    return { value: `${year}-${month}-${day}` };
  }
  return { value: kind === 'password' ? String(typed) : text };
}

/** A figure in cents as a French amount, euro symbol on the right (spec section 9). */
export const formatEuros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
