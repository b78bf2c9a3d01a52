/**
 * Invoice numbers. A PROVISOIRE invoice has none; validation gives the next number of the company's
 * sequence, gapless and in date order. The pattern comes from the numbering settings: literal text
 * with {AAAA} (year), {AA} (two-digit year), {MM} (month) and one counter {N…} padded to as many
 * digits as N's. A pattern showing the year restarts its counter each year. Credit notes share the
 * invoices' sequence unless the settings give them their own pattern. The locked counter row
 * (company, sequence, year) is the server's.
 */
import { type DomainResult, ok, refuse } from './errors.js';
import type { InvoiceKind } from './types.js';

export interface NumberingSettings {
  invoicePattern: string;
  /** Null: credit notes are numbered in the invoices' sequence. */
  creditNotePattern: string | null;
}

export const defaultNumbering: NumberingSettings = {
  invoicePattern: 'FA-{AAAA}-{NNNNN}',
  creditNotePattern: null,
};
/** Offered when a company gives credit notes their own sequence. */
export const defaultCreditNotePattern = 'AV-{AAAA}-{NNNNN}';

type Part = { literal: string } | { token: 'AAAA' | 'AA' | 'MM' } | { counterWidth: number };

export interface NumberPattern {
  parts: Part[];
  /** The counter restarts every year. */
  yearly: boolean;
}

/** Parses a pattern; refused ('invalid_number_pattern') without exactly one counter or with an unknown {token}. */
export function parseNumberPattern(pattern: string): DomainResult<NumberPattern> {
  const parts: Part[] = [];
  let counters = 0;
  for (const piece of pattern.split(/(\{[^{}]*\})/)) {
    if (piece === '') continue;
    if (!piece.startsWith('{')) {
      if (/[{}]/.test(piece)) return refuse('invalid_number_pattern');
      parts.push({ literal: piece });
      continue;
    }
    const token = piece.slice(1, -1);
    if (token === 'AAAA' || token === 'AA' || token === 'MM') parts.push({ token });
    else if (/^N{1,10}$/.test(token)) {
      counters += 1;
      parts.push({ counterWidth: token.length });
    } else return refuse('invalid_number_pattern');
  }
  if (counters !== 1) return refuse('invalid_number_pattern');
  return ok({ parts, yearly: parts.some((p) => 'token' in p && p.token !== 'MM') });
}

export type SequenceName = 'invoice' | 'creditNote' | 'quote';

export interface Sequence {
  name: SequenceName;
  /** The counter row's year (the invoice date's), or null for a pattern without the year. */
  year: number | null;
  pattern: string;
}

/** Which counter a validated invoice of this kind and date takes its number from. */
export function sequenceFor(kind: InvoiceKind, settings: NumberingSettings, invoiceDate: string): Sequence {
  const own = kind === 'factureAvoir' && settings.creditNotePattern !== null;
  const pattern = own ? (settings.creditNotePattern as string) : settings.invoicePattern;
  const parsed = parseNumberPattern(pattern);
  const yearly = parsed.ok ? parsed.value.yearly : true;
  return { name: own ? 'creditNote' : 'invoice', year: yearly ? yearOf(invoiceDate) : null, pattern };
}

/** Quote numbers: their own sequence per company and year, DE-2026-00001. */
export const quoteNumberPattern = 'DE-{AAAA}-{NNNNN}';

/** The sequence a quote dated `quoteDate` takes its number from. */
export function quoteSequence(quoteDate: string): Sequence {
  return { name: 'quote', year: yearOf(quoteDate), pattern: quoteNumberPattern };
}

/** The counter row's period of a sequence: its year, or '' for a sequence that never restarts. */
export function sequencePeriod(sequence: Sequence): string {
  return sequence.year === null ? '' : String(sequence.year);
}

/** The number for counter `counter` (1, 2, …) on an invoice dated `invoiceDate` (ISO). */
export function formatInvoiceNumber(pattern: string, counter: number, invoiceDate: string): string {
  const parsed = parseNumberPattern(pattern);
  if (!parsed.ok) throw new RangeError(`invalid number pattern: ${pattern}`);
  const year = String(yearOf(invoiceDate)).padStart(4, '0');
  return parsed.value.parts
    .map((part) => {
      if ('literal' in part) return part.literal;
      if ('counterWidth' in part) return String(counter).padStart(part.counterWidth, '0');
      if (part.token === 'AAAA') return year;
      if (part.token === 'AA') return year.slice(-2);
      return invoiceDate.slice(5, 7);
    })
    .join('');
}

function yearOf(isoDate: string): number {
  const year = Number(isoDate.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || !Number.isInteger(year)) {
    throw new RangeError(`not an ISO date: ${isoDate}`);
  }
  return year;
}
