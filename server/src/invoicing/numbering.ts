/**
 * Document numbers from the company's locked counter row (the rule — patterns, sequences, yearly
 * restart — is domain/numbering.ts). Everything happens in the caller's transaction: the UPDATE locks
 * the row until commit, so concurrent validations queue, get consecutive numbers, and a validation
 * that fails afterwards rolls its number back (no gap).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { documentSettings, numberingCounters } from '../db/schema.js';
import {
  formatInvoiceNumber,
  type InvoiceKind,
  type NumberingSettings,
  type Sequence,
  sequenceFor,
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

/** Locks the counter row of the sequence a document of this kind and date belongs to. */
export async function lockCounter(
  tx: Tx,
  companyId: number,
  kind: InvoiceKind,
  date: string,
): Promise<LockedCounter> {
  const sequence = sequenceFor(kind, await numberingSettingsOf(tx, companyId), date);
  const key = {
    companyId,
    sequence: sequence.name,
    period: sequence.year === null ? '' : String(sequence.year),
  };
  await tx.insert(numberingCounters).values(key).onConflictDoNothing();
  const where = and(
    eq(numberingCounters.companyId, companyId),
    eq(numberingCounters.sequence, key.sequence),
    eq(numberingCounters.period, key.period),
  );
  const [row] = await tx.select().from(numberingCounters).where(where).for('update');
  return {
    sequence,
    lastDate: row?.lastDate ?? null,
    async take(documentDate) {
      const [next] = await tx
        .update(numberingCounters)
        .set({
          lastNumber: sql`${numberingCounters.lastNumber} + 1`,
          lastDate: sql`greatest(${numberingCounters.lastDate}, ${documentDate}::date)`,
        })
        .where(where)
        .returning({ n: numberingCounters.lastNumber });
      return formatInvoiceNumber(sequence.pattern, next!.n, documentDate);
    },
  };
}

/** Keeps the sequence's last date when a document keeps a number it already had (re-validation). */
export async function touchCounterDate(tx: Tx, companyId: number, counter: LockedCounter, date: string) {
  await tx
    .update(numberingCounters)
    .set({ lastDate: sql`greatest(${numberingCounters.lastDate}, ${date}::date)` })
    .where(
      and(
        eq(numberingCounters.companyId, companyId),
        eq(numberingCounters.sequence, counter.sequence.name),
        eq(numberingCounters.period, counter.sequence.year === null ? '' : String(counter.sequence.year)),
      ),
    );
}
