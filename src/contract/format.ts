/**
 * The product's French formats, written once: money, percentages, quantities and days as the
 * screens, the server's pages, the PDF, the CSV and FEC exports and the mails write them, and
 * French decimals and dd/MM/yyyy days as a user types them. Integer arithmetic only (a cent never
 * goes through a float), so « 0,07 » is 7 cents and 90 071 992 547 409,91 € prints to the cent.
 * Pure TypeScript: no DOM, no Node API (the server imports this file by a relative path).
 *
 * Spaces: French typography, as `Intl.NumberFormat('fr-FR')` writes it: a narrow no-break space
 * (U+202F) between thousands, a no-break space (U+00A0) before « € » and « % ». The documents'
 * fonts (Poppins in the invoice PDF, standard Helvetica in the cheque slip) have no U+202F: every
 * PDF writes it as U+00A0 through `pdfSpaces`, the one place that decides it.
 */

/** Between groups of thousands. */
export const THOUSANDS_SPACE = '\u202f';
/** Before « € » and « % ». */
export const UNIT_SPACE = '\u00a0';

/** "1234567" → "1 234 567" (U+202F). */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SPACE);

export interface DecimalOptions {
  /** Exactly this many decimals, rounded half away from zero (never cut). */
  decimals?: number;
  /** At least this many decimals (zeros added); without `decimals`, trailing zeros beyond it are dropped. */
  minDecimals?: number;
  /** Thousands separated by U+202F (default); false for what a user types and for CSV cells. */
  grouping?: boolean;
}

/**
 * `value`, an integer of 10^-`scale` units, as a French decimal: 123450 at scale 2 → "1 234,5";
 * `{ decimals: 2 }` → "1 234,50"; `{ grouping: false }` → "1234,5". A minus sign when negative
 * (never "-0").
 */
export function formatDecimal(value: number, scale: number, options: DecimalOptions = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const { grouping = true } = options;
  let magnitude = Math.abs(Math.trunc(value));
  let places = scale;
  if (options.decimals !== undefined && options.decimals < scale) {
    // Rounded half away from zero on the integer (BigInt: 2 × a safe integer may not be one).
    places = Math.max(Math.trunc(options.decimals), 0);
    const step = 10n ** BigInt(scale - places);
    magnitude = Number((2n * BigInt(magnitude) + step) / (2n * step));
  }
  // Digits as text: exact for every safe integer, and no float ever divides a cent.
  const text = String(magnitude).padStart(places + 1, '0');
  const whole = text.slice(0, text.length - places);
  let fraction = text.slice(text.length - places);
  if (options.decimals === undefined) {
    const min = Math.min(Math.max(options.minDecimals ?? 0, 0), places);
    fraction = fraction.replace(/0+$/, '').padEnd(min, '0');
  }
  const sign = value < 0 && magnitude !== 0 ? '-' : '';
  return `${sign}${grouping ? groupThousands(whole) : whole}${fraction ? `,${fraction}` : ''}`;
}

/** 10000 → "10 000". */
export const formatCount = (value: number) => formatDecimal(value, 0);

/**
 * Integer cents → "1 234,56 €" (U+202F between thousands, U+00A0 before the symbol), exactly what
 * `Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })` writes (minus "-0,00 €").
 * `decimals`: fewer decimals, rounded (the unit price precision setting: "12 €", "12,5 €").
 */
export function formatCents(cents: number, decimals = 2): string {
  return `${formatDecimal(cents, 2, { decimals })}${UNIT_SPACE}€`;
}

/** Basis points → "20 %", "5,5 %" (decimals only as needed; U+00A0 before the sign). */
export const formatPercent = (basisPoints: number) => `${formatDecimal(basisPoints, 2)}${UNIT_SPACE}%`;

/** Thousandths → "12,5", or with at least `minDecimals` decimals ("12,50"; the quantity precision). */
export const formatQuantity = (quantityMilli: number, minDecimals = 0) =>
  formatDecimal(quantityMilli, 3, { minDecimals });

/**
 * The CSV's and the FEC's amount: cents → "1234,56", "-0,05": a decimal comma, two decimals, no
 * thousands separator and no symbol, so French Excel reads a number and the FEC's `Debit` and
 * `Credit` columns are what article A47 A-1 of the LPF asks (comma decimal, no grouping).
 */
export const formatCsvAmount = (cents: number) => formatDecimal(cents, 2, { decimals: 2, grouping: false });

/** The CSV's and the journals' rate: 2000 basis points → "20,00 %" (plain space: a cell's text). */
export const formatCsvPercent = (basisPoints: number) => `${formatCsvAmount(basisPoints)} %`;

/** Text as a PDF prints it: U+202F (which none of the documents' fonts has) as U+00A0. */
export const pdfSpaces = (text: string) => text.replaceAll(THOUSANDS_SPACE, UNIT_SPACE);

/** Spaces a user may type (or paste) between thousands, before or after a number. */
const spaces = /[\s\u00a0\u202f]/g;

/**
 * A French decimal as typed → an integer of 10^-`scale` units, exactly: "1 234,56" at scale 2 →
 * 123456. A comma or a point, spaces anywhere (« 1 234 »), a minus sign (- or −); at most `scale`
 * significant decimals ("1,50" is fine at scale 1, "1,55" is not). Null for anything else, or
 * beyond the safe integers; never throws.
 */
export function parseFrenchDecimal(text: string, scale: number): number | null {
  if (typeof text !== 'string' || text.length > 64) return null;
  const match = /^([-\u2212]?)(\d+)(?:[.,](\d*))?$/.exec(text.replace(spaces, ''));
  if (!match) return null;
  const [, sign, whole = '', decimals = ''] = match;
  const significant = decimals.replace(/0+$/, '');
  if (significant.length > scale) return null;
  const magnitude = BigInt(whole) * 10n ** BigInt(scale) + BigInt(significant.padEnd(scale, '0') || '0');
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const value = Number(magnitude);
  return sign && value !== 0 ? -value : value;
}

/** An amount as typed → integer cents ("1 234,56", "12 €", "-3,5"); null when it does not read. */
export const parseCents = (text: string) =>
  typeof text === 'string' ? parseFrenchDecimal(text.replace(/€\s*$/, ''), 2) : null;

/**
 * An API day yyyy-MM-dd (or a timestamp beginning with one) → dd/MM/yyyy, as written: no time zone
 * can move it. Sliced, not parsed: the exports write it for every cell of 100 000 rows. '' for ''.
 */
export function formatIsoDate(iso: string): string {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
}

const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/**
 * A day typed dd/MM/yyyy (spaces around it ignored) → yyyy-MM-dd; null when it is not that
 * pattern or not a real day (31/04, 29/02 of a common year, year 0000). Never throws.
 */
export function parseFrenchDate(text: string): string | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, dd = '', mm = '', yyyy = ''] = match;
  const [day, month, year] = [Number(dd), Number(mm), Number(yyyy)];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${yyyy}-${mm}-${dd}`;
}
