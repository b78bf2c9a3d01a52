/**
 * Numbers and dates as the documents write them: French for the PDF (1 234,56 €, 31/01/2026), and
 * the dot-decimal, two-digit forms the CII XML requires. Integer arithmetic only: a cent never goes
 * through a float.
 */

/** Cents → units, `mark`, two decimals, a minus sign when negative; no thousands separator. */
export function centsWith(mark: '.' | ',', cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}${mark}${String(abs % 100).padStart(2, '0')}`;
}

/** Cents → "1234.56" (CII amounts). */
export const xmlAmount = (cents: number) => centsWith('.', cents);

/** A scaled integer → its decimal text without trailing zeros ("12.5", "3"). */
export function xmlDecimal(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const scale = 10 ** decimals;
  const fraction = String(abs % scale)
    .padStart(decimals, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.trunc(abs / scale)}${fraction ? `.${fraction}` : ''}`;
}

/** Basis points → percent for the XML ("20", "5.5"). */
export const xmlPercent = (basisPoints: number) => xmlDecimal(basisPoints, 2);

/** yyyy-MM-dd → yyyyMMdd (CII date format 102). */
export const xmlDate = (isoDate: string) => isoDate.replaceAll('-', '');

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

/** Cents → "1 234,56 €" (narrow no-break spaces, as French typography writes them). */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${groupThousands(String(Math.trunc(abs / 100)))},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/** A scaled integer → French decimal with at least `min` decimals ("12,50"). */
export function frenchDecimal(value: number, decimals: number, min = 0): string {
  const [whole, fraction = ''] = xmlDecimal(value, decimals).split('.');
  const padded = fraction.padEnd(min, '0');
  const sign = whole!.startsWith('-') ? '-' : '';
  return `${sign}${groupThousands(whole!.replace('-', ''))}${padded ? `,${padded}` : ''}`;
}

/** Basis points → "5,5 %". */
export const frenchPercent = (basisPoints: number) => `${frenchDecimal(basisPoints, 2)}\u00a0%`;

/** yyyy-MM-dd → dd/MM/yyyy: the contract's, as the screens write a day. */
export { frenchDay as frenchDate } from '../../../src/contract/paymentTerms.js';
