/**
 * Quote operations. Quote preparation itself is a platform page; the API keeps quotes so that
 * invoices can be made from them: create with lines in chapters, edit (lines only while no invoice
 * uses the quote). Totals come from the domain (each line rounded, VAT per rate on the sum).
 */
import { and, eq } from 'drizzle-orm';
import { takeNext } from '../db/counters.js';
import type { Tx } from '../db/database.js';
import { invoices, quoteLines, quotes } from '../db/schema.js';
import { formatInvoiceNumber, lineHt, quoteSequence, quoteTotals, sequencePeriod } from '../domain/index.js';
import { takeEditLock } from './edit-locks.js';
import type { Actor, LineInput } from './invoices.js';
import {
  lineAtPrecisions,
  loadJob,
  precisionsOf,
  priceToFixed4,
  quantityToFixed4,
  quoteContext,
  vatRatesOf,
} from './load.js';
import { done, fail, type Outcome, staleVersion } from './outcome.js';

/** Quote numbers: their own sequence per company and year (domain/numbering.ts), DE-2026-00001. */
async function nextQuoteNumber(tx: Tx, companyId: number, date: string): Promise<string> {
  const sequence = quoteSequence(date);
  const n = await takeNext(tx, companyId, { name: sequence.name, period: sequencePeriod(sequence) });
  return formatInvoiceNumber(sequence.pattern, n, date);
}

/**
 * The lines as stored: quantity and unit price at the document settings' precisions, the rate's
 * snapshot and the rounded total; unknown VAT rates → 422.
 */
async function quoteLineRows(tx: Tx, companyId: number, entered: LineInput[]) {
  const [rates, precisions] = await Promise.all([vatRatesOf(tx, companyId), precisionsOf(tx, companyId)]);
  const lines = entered.map((line) => lineAtPrecisions(line, precisions));
  const fields: Record<string, string> = {};
  lines.forEach((line, i) => {
    if (!rates.has(line.vatRateId)) fields[`lines.${i}.vatRateId`] = 'invalid';
  });
  if (Object.keys(fields).length > 0) return fail('validation', fields);
  return done(
    lines.map((line, position) => ({
      ...line,
      position,
      vatBasisPoints: rates.get(line.vatRateId)!.rateBasisPoints,
      totalExclTaxCents: lineHt(quantityToFixed4(line.quantityMilli), priceToFixed4(line.unitPriceCents)),
    })),
  );
}

function totalsColumns(
  rows: {
    id: number;
    chapter: string;
    quantityMilli: number;
    unitPriceCents: number;
    vatBasisPoints: number;
  }[],
  reverseCharge: boolean,
) {
  const totals = quoteTotals(quoteContext(rows, 0, reverseCharge));
  return { totalExclTaxCents: totals.ht, totalVatCents: totals.vat, totalInclTaxCents: totals.ttc };
}

export interface CreateQuoteInput {
  businessJobId: number;
  title: string;
  date: string;
  status: 'draft' | 'sent' | 'accepted' | 'refused';
  /** Autoliquidation: no VAT on the quote nor on its invoices. */
  reverseCharge?: boolean | undefined;
  lines: LineInput[];
}

export async function createQuote(
  tx: Tx,
  companyId: number,
  input: CreateQuoteInput,
): Promise<Outcome<number>> {
  const job = await loadJob(tx, companyId, input.businessJobId);
  if (!job) return fail('not_found');
  const rows = await quoteLineRows(tx, companyId, input.lines);
  if (!rows.ok) return rows;
  const [quote] = await tx
    .insert(quotes)
    .values({
      companyId,
      businessJobId: job.id,
      customerId: job.customerId,
      number: await nextQuoteNumber(tx, companyId, input.date),
      title: input.title,
      date: input.date,
      status: input.status,
      reverseCharge: input.reverseCharge ?? false,
      ...totalsColumns(
        rows.value.map((r, i) => ({ ...r, id: i + 1 })),
        input.reverseCharge ?? false,
      ),
    })
    .returning({ id: quotes.id });
  await tx.insert(quoteLines).values(rows.value.map((r) => ({ ...r, companyId, quoteId: quote!.id })));
  return done(quote!.id);
}

export interface EditQuoteInput {
  title?: string | undefined;
  date?: string | undefined;
  status?: CreateQuoteInput['status'] | undefined;
  reverseCharge?: boolean | undefined;
  lines?: LineInput[] | undefined;
}

export async function editQuote(
  tx: Tx,
  companyId: number,
  id: number,
  input: EditQuoteInput,
  actor: Actor,
): Promise<Outcome<number>> {
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)))
    .for('update');
  if (!quote) return fail('not_found');
  if (actor.sessionId !== null) {
    const locked = await takeEditLock(tx, companyId, 'quote', id, actor.sessionId);
    if (!locked.ok) return fail(locked.key);
  }
  if (actor.version !== undefined && staleVersion(quote.version, actor.version)) return fail('stale_version');
  let totals = {};
  const reverseCharge = input.reverseCharge ?? quote.reverseCharge;
  if (input.lines || reverseCharge !== quote.reverseCharge) {
    // Invoices are computed from the quote's lines and VAT regime: once one exists, they are what was invoiced.
    const used = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.quoteId, id)))
      .limit(1);
    if (used.length > 0) return fail('quote_invoiced');
  }
  if (input.lines) {
    const rows = await quoteLineRows(tx, companyId, input.lines);
    if (!rows.ok) return rows;
    await tx.delete(quoteLines).where(and(eq(quoteLines.companyId, companyId), eq(quoteLines.quoteId, id)));
    await tx.insert(quoteLines).values(rows.value.map((r) => ({ ...r, companyId, quoteId: id })));
    totals = totalsColumns(
      rows.value.map((r, i) => ({ ...r, id: i + 1 })),
      reverseCharge,
    );
  } else if (reverseCharge !== quote.reverseCharge) {
    const stored = await tx
      .select()
      .from(quoteLines)
      .where(and(eq(quoteLines.companyId, companyId), eq(quoteLines.quoteId, id)));
    totals = totalsColumns(stored, reverseCharge);
  }
  await tx
    .update(quotes)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.date !== undefined ? { date: input.date } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      reverseCharge,
      ...totals,
      version: quote.version + 1,
    })
    .where(eq(quotes.id, id));
  return done(id);
}
