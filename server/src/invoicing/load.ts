/**
 * Database rows → the shapes the invoicing domain reasons on (server/src/domain/types.ts), and the
 * few shared loads of the invoicing routes. The database keeps the API's units (quantities in
 * thousandths, unit prices in cents); the domain counts both in Fixed4 (10^-4), hence the factors.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import {
  businessJobs,
  customers,
  documentSettings,
  invoices,
  payments,
  quoteLines,
  quotes,
  users,
  vatRates,
} from '../db/schema.js';
import {
  type InvoiceAmounts,
  type InvoiceKind,
  type LineProgress,
  lineAtPrecision,
  type Precisions,
  type QuoteContext,
  type QuoteInvoice,
} from '../domain/index.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type JobRow = typeof businessJobs.$inferSelect;
export type ApiKind = InvoiceRow['kind'];

/** thousandths → Fixed4 */
export const quantityToFixed4 = (quantityMilli: number) => quantityMilli * 10;
/** cents → Fixed4 euros */
export const priceToFixed4 = (unitPriceCents: number) => unitPriceCents * 100;

/**
 * A line as entered, its quantity and unit price rounded to the document settings' precisions (in
 * Fixed4 by the domain, then back: rounding to fewer decimals than the unit holds stays exact).
 */
export function lineAtPrecisions<Line extends { quantityMilli: number; unitPriceCents: number }>(
  line: Line,
  precisions: Precisions,
): Line {
  const kept = lineAtPrecision(
    { quantity: quantityToFixed4(line.quantityMilli), unitPrice: priceToFixed4(line.unitPriceCents) },
    precisions,
  );
  return {
    ...line,
    quantityMilli: Math.round(kept.quantity / 10),
    unitPriceCents: Math.round(kept.unitPrice / 100),
  };
}

/** The company's quantity and unit price precisions (document settings; 2 and 2 without a row). */
export async function precisionsOf(tx: Tx, companyId: number): Promise<Precisions> {
  const [row] = await tx
    .select({
      quantityPrecision: documentSettings.quantityPrecision,
      unitPricePrecision: documentSettings.unitPricePrecision,
    })
    .from(documentSettings)
    .where(eq(documentSettings.companyId, companyId));
  return row ?? { quantityPrecision: 2, unitPricePrecision: 2 };
}

/** The spec's invoice type (the domain's kind) of each API kind. */
export const typeOfKind = (kind: ApiKind): InvoiceKind =>
  kind === 'deposit' ? 'factureAcompte' : kind === 'credit_note' ? 'factureAvoir' : 'facture';

/** A professional is named by its company, a private customer by first and last name. */
export const customerName = sql<string>`coalesce(nullif(${customers.companyName}, ''), trim(${customers.firstName} || ' ' || ${customers.lastName}))`;

/** Chapters are numbered by first appearance in the quote, so lines of one chapter share an id. */
export function chapterIds(lines: readonly { chapter: string }[]): Map<string, number> {
  const ids = new Map<string, number>();
  for (const line of lines) if (line.chapter && !ids.has(line.chapter)) ids.set(line.chapter, ids.size + 1);
  return ids;
}

/**
 * What a quote's context reads of its lines (a stored row, or a line about to be stored). A stored
 * row always has its `discountCents` (0 without a discount); a line about to be stored may leave it
 * out when the quote has no discount.
 */
export type QuoteLineFigures = Pick<
  QuoteLineRow,
  'id' | 'chapter' | 'quantityMilli' | 'unitPriceCents' | 'vatBasisPoints'
> &
  Partial<Pick<QuoteLineRow, 'discountCents'>>;

export function quoteContext(
  lines: readonly QuoteLineFigures[],
  retainageRate: number,
  reverseCharge: boolean,
): QuoteContext {
  const chapters = chapterIds(lines);
  return {
    lines: lines.map((line) => ({
      id: line.id,
      chapterId: chapters.get(line.chapter) ?? null,
      quantity: quantityToFixed4(line.quantityMilli),
      unitPrice: priceToFixed4(line.unitPriceCents),
      vatRate: line.vatBasisPoints,
      // Its share of the global discount: the quote's invoices bill the line net of it.
      discount: line.discountCents ?? 0,
    })),
    reverseCharge,
    retainageRate,
  };
}

export function toQuoteInvoice(row: InvoiceRow, retainagePaid: number): QuoteInvoice {
  return {
    id: row.id,
    kind: typeOfKind(row.kind),
    status: row.status === 'VALIDATED' ? 'VALIDEE' : 'PROVISOIRE',
    createdOrder: row.id,
    date: row.date,
    number: row.number,
    correctsInvoiceId: row.creditedInvoiceId,
    amounts: row.amounts as InvoiceAmounts,
    progress: (row.progress as LineProgress[]) ?? [],
    retainagePaid,
  };
}

/** Retainage payments per invoice. */
export async function retainagePaidOf(tx: Tx, companyId: number, invoiceIds: number[]) {
  const paid = new Map<number, number>();
  if (invoiceIds.length === 0) return paid;
  const rows = await tx
    .select({ invoiceId: payments.invoiceId, sum: sql<number>`sum(${payments.amountCents})::int` })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        inArray(payments.invoiceId, invoiceIds),
        eq(payments.isRetainage, true),
      ),
    )
    .groupBy(payments.invoiceId);
  for (const row of rows) paid.set(row.invoiceId, Number(row.sum));
  return paid;
}

/** Every invoice of a quote, oldest first, as rows and as the domain sees them. */
export async function invoicesOfQuote(tx: Tx, companyId: number, quoteId: number) {
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.quoteId, quoteId)))
    .orderBy(asc(invoices.id));
  const paid = await retainagePaidOf(
    tx,
    companyId,
    rows.map((r) => r.id),
  );
  return { rows, domain: rows.map((row) => toQuoteInvoice(row, paid.get(row.id) ?? 0)) };
}

/** A quote of the company with its lines and job; `lock` takes the quote row until commit. */
export async function loadQuote(tx: Tx, companyId: number, quoteId: number, lock = false) {
  const query = tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId)));
  const [quote] = lock ? await query.for('update') : await query;
  if (!quote) return null;
  const [lines, [job]] = await Promise.all([
    tx
      .select()
      .from(quoteLines)
      .where(and(eq(quoteLines.companyId, companyId), eq(quoteLines.quoteId, quoteId)))
      .orderBy(asc(quoteLines.position), asc(quoteLines.id)),
    tx
      .select()
      .from(businessJobs)
      .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, quote.businessJobId))),
  ]);
  return {
    quote,
    lines,
    job: job!,
    context: quoteContext(lines, job!.retainageBasisPoints, quote.reverseCharge),
  };
}

export async function loadJob(tx: Tx, companyId: number, jobId: number, lock = false) {
  const query = tx
    .select()
    .from(businessJobs)
    .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, jobId)));
  const [job] = lock ? await query.for('update') : await query;
  return job ?? null;
}

export async function loadInvoice(tx: Tx, companyId: number, invoiceId: number, lock = false) {
  const query = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function customerExists(tx: Tx, companyId: number, customerId: number) {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  return rows.length > 0;
}

/** A user of the company (a job's owner must be one). */
export async function userOfCompany(tx: Tx, companyId: number, userId: number) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return rows.length > 0;
}

/** The company's VAT rates by id (for lines naming a rate). */
export async function vatRatesOf(tx: Tx, companyId: number) {
  const rows = await tx.select().from(vatRates).where(eq(vatRates.companyId, companyId));
  return new Map(rows.map((r) => [r.id, r]));
}
