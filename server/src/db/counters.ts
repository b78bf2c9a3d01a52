/**
 * The one locked counter behind every number series of a company: invoices, credit notes (when they
 * have their own sequence), quotes, customer codes and the FEC's entry numbers. A series is a row of
 * `numbering_counters` (company, series name, period: the year for a series that restarts yearly,
 * else ''), holding the last number taken.
 *
 * Everything runs in the caller's transaction: the statement that takes a number is an
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` on that row, which creates the row on the series'
 * first number and otherwise locks it until the transaction ends. Concurrent documents therefore
 * queue on the row and get consecutive numbers, and a transaction that fails after taking its
 * number rolls the counter back with the document (gapless). Formats (FA-2026-00001, DE-…, the
 * customer code's prefix and digits) are the domain's: this module deals in integers only.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from './database.js';
import { numberingCounters } from './schema.js';

/** The stored names (`creditNote` is a credit note's own sequence, when the settings give one). */
export type SeriesName = 'invoice' | 'creditNote' | 'quote' | 'customer' | 'accounting_entry';

export interface Series {
  name: SeriesName;
  /** The year for a series that restarts yearly, else '' (the default). */
  period?: string;
}

export interface CounterState {
  /** The last number taken (0 before the first). */
  last: number;
  /** Date of the last document numbered (a series in date order), or null. */
  lastDate: string | null;
}

const key = [numberingCounters.companyId, numberingCounters.sequence, numberingCounters.period];

function rowOf(companyId: number, series: Series) {
  return { companyId, sequence: series.name, period: series.period ?? '' };
}

function whereRow(companyId: number, series: Series) {
  return and(
    eq(numberingCounters.companyId, companyId),
    eq(numberingCounters.sequence, series.name),
    eq(numberingCounters.period, series.period ?? ''),
  );
}

/**
 * Takes the next `count` numbers (1 by default) of the series and returns the first of them. With
 * `date`, the series' last date becomes the later of the two. The row stays locked until the
 * caller's transaction ends: call it once every check that could refuse the document has passed.
 */
export async function takeNumbers(
  tx: Tx,
  companyId: number,
  series: Series,
  { count = 1, date }: { count?: number; date?: string } = {},
): Promise<number> {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`count must be a positive integer: ${count}`);
  const [row] = await tx
    .insert(numberingCounters)
    .values({ ...rowOf(companyId, series), lastNumber: count, lastDate: date ?? null })
    .onConflictDoUpdate({
      target: key,
      set: {
        lastNumber: sql`${numberingCounters.lastNumber} + ${count}`,
        ...(date ? { lastDate: sql`greatest(${numberingCounters.lastDate}, ${date}::date)` } : {}),
      },
    })
    .returning({ last: numberingCounters.lastNumber });
  return row!.last - count + 1;
}

/** Takes the next number of the series (see takeNumbers). */
export function takeNext(tx: Tx, companyId: number, series: Series, date?: string): Promise<number> {
  return takeNumbers(tx, companyId, series, date ? { date } : {});
}

/**
 * Locks the series' row (created at 0 if new) and reads it, before a rule decides whether a number
 * may be taken (an invoice may not be dated before the last one validated). Nobody else takes a
 * number of the series until the caller's transaction ends.
 */
export async function lockSeries(tx: Tx, companyId: number, series: Series): Promise<CounterState> {
  const [row] = await tx
    .insert(numberingCounters)
    .values(rowOf(companyId, series))
    // A no-op update: it takes the row lock and returns the row in the one statement.
    .onConflictDoUpdate({ target: key, set: { lastNumber: sql`${numberingCounters.lastNumber}` } })
    .returning({ last: numberingCounters.lastNumber, lastDate: numberingCounters.lastDate });
  return row!;
}

/** The series' state without locking it (what a settings screen shows as the next number). */
export async function readSeries(tx: Tx, companyId: number, series: Series): Promise<CounterState> {
  const [row] = await tx
    .select({ last: numberingCounters.lastNumber, lastDate: numberingCounters.lastDate })
    .from(numberingCounters)
    .where(whereRow(companyId, series));
  return row ?? { last: 0, lastDate: null };
}

/** Keeps the series' last date when a document keeps a number it already had (re-validation). */
export async function noteSeriesDate(tx: Tx, companyId: number, series: Series, date: string): Promise<void> {
  await tx
    .update(numberingCounters)
    .set({ lastDate: sql`greatest(${numberingCounters.lastDate}, ${date}::date)` })
    .where(whereRow(companyId, series));
}

/** Sets the number the series gives next (the customer codes' « prochaine valeur » setting). */
export async function setNextNumber(tx: Tx, companyId: number, series: Series, next: number): Promise<void> {
  if (!Number.isInteger(next) || next < 1) throw new RangeError(`next must be a positive integer: ${next}`);
  await tx
    .insert(numberingCounters)
    .values({ ...rowOf(companyId, series), lastNumber: next - 1 })
    .onConflictDoUpdate({ target: key, set: { lastNumber: next - 1 } });
}
