/**
 * Invoice and credit-note numbers from the company's locked counter (db/counters.ts; the rule —
 * patterns, sequences, yearly restart — is domain/numbering.ts). Everything happens in the caller's
 * transaction: the counter row stays locked until commit, so concurrent validations queue, get
 * consecutive numbers, and a validation that fails afterwards rolls its number back (no gap).
 */
import { eq } from 'drizzle-orm';
import { lockSeries, noteSeriesDate, type Series, takeNext } from '../db/counters.js';
import type { Tx } from '../db/database.js';
import { documentSettings } from '../db/schema.js';
import {
  formatInvoiceNumber,
  type InvoiceKind,
  type NumberingSettings,
  type Sequence,
  sequenceFor,
  sequencePeriod,
} from '../domain/index.js';

export async function numberingSettingsOf(tx: Tx, companyId: number): Promise<NumberingSettings> {
  const [row] = await tx.select().from(documentSettings).where(eq(documentSettings.companyId, companyId));
  if (!row) return { invoicePattern: 'FA-{AAAA}-{NNNNN}', creditNotePattern: 'AV-{AAAA}-{NNNNN}' };
  return {
    invoicePattern: row.invoiceNumberFormat,
    creditNotePattern: row.creditNoteOwnSequence ? row.creditNoteNumberFormat : null,
  };
}

export interface LockedCounter {
  sequence: Sequence;
  /** The latest date numbered in this sequence (numbers follow dates), or null. */
  lastDate: string | null;
  /** Takes the next number for a document dated `date` (call once, after every check passed). */
  take(date: string): Promise<string>;
}

function seriesOf(sequence: Sequence): Series {
  return { name: sequence.name, period: sequencePeriod(sequence) };
}

/** Locks the counter row of the sequence a document of this kind and date belongs to. */
export async function lockCounter(
  tx: Tx,
  companyId: number,
  kind: InvoiceKind,
  date: string,
): Promise<LockedCounter> {
  const sequence = sequenceFor(kind, await numberingSettingsOf(tx, companyId), date);
  const { lastDate } = await lockSeries(tx, companyId, seriesOf(sequence));
  return {
    sequence,
    lastDate,
    async take(documentDate) {
      const n = await takeNext(tx, companyId, seriesOf(sequence), documentDate);
      return formatInvoiceNumber(sequence.pattern, n, documentDate);
    },
  };
}

/** Keeps the sequence's last date when a document keeps a number it already had (re-validation). */
export async function touchCounterDate(tx: Tx, companyId: number, counter: LockedCounter, date: string) {
  await noteSeriesDate(tx, companyId, seriesOf(counter.sequence), date);
}
