/**
 * What a settings field holds on screen (text, as typed, French decimals) and in the API (cents,
 * basis points, thousandths, ISO dates). A value that does not read says its field code.
 */
import type { FieldCode } from '../../../contract/fields';
import { formatDecimal, formatIsoDate, parseFrenchDate, parseFrenchDecimal } from '../../../contract/format';

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

/** The API value as the form shows it. */
export function toScreen(kind: FieldKind, value: unknown): string | boolean {
  if (kind === 'checkbox') return Boolean(value);
  if (value === null || value === undefined) return '';
  const places = decimals[kind];
  // As a user types it: no thousands separator, no trailing zero.
  if (places !== undefined && typeof value === 'number')
    return formatDecimal(value, places, { grouping: false });
  if (kind === 'date' && typeof value === 'string') return formatIsoDate(value);
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
    // Exact: 0,07 € is 7 cents, never 7.000000001. Settings are never negative.
    const value = parseFrenchDecimal(text, places);
    return value === null || /[-\u2212]/.test(text) ? { code: 'number' } : { value };
  }
  if (kind === 'date') {
    if (text === '') return { value: null };
    const iso = parseFrenchDate(text);
    return iso === null ? { code: 'date' } : { value: iso };
  }
  return { value: kind === 'password' ? String(typed) : text };
}
