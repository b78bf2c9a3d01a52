/**
 * Numbers and dates as the CII XML requires them: dot decimals, yyyyMMdd. The French forms the PDF,
 * the CSV and the mails print (1 234,56 €, 31/01/2026) are src/contract/format.ts's, as the screens'.
 * Integer arithmetic only: a cent never goes through a float.
 */

/** Cents → "1234.56", "-0.05" (CII amounts: two decimals, a minus sign when negative). */
export function xmlAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

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
