/**
 * The progress of each quote line before a progress statement or final invoice, so that the CII XML
 * can state the quantity the statement bills (BT-129: the period's share of the quote quantity)
 * instead of « 1 × the line's amount ». An invoice line keeps only the cumulative progress after it;
 * the progress before is the domain's rule (`previousProgress`: the last standing statement of the
 * quote created before it), read again from the quote's invoices. For a credit note, the invoice it
 * cancels: its lines are that invoice's lines. With it, each quote line's share of the quote's global
 * discount (`quote_lines.discount_cents`): the statement bills the line net of it, which the XML
 * states as a line allowance (BG-27).
 */
import type { Tx } from '../db/database.js';
import { previousProgress } from '../domain/index.js';
import { type InvoiceRow, invoicesOfQuote, loadInvoice, loadQuote } from '../invoicing/load.js';

const billsProgress = (kind: InvoiceRow['kind']) => kind === 'progress' || kind === 'final';

/** What a statement's line knows of its quote line. */
export interface QuoteLineBefore {
  /** Cumulative progress (10000 = 100 %) before the invoice. */
  percent: number;
  /** The quote line's share of the quote's global discount (0 without one). */
  discountCents: number;
}

/** Quote line id → its progress before the invoice and its discount share; null for other kinds. */
export async function progressBefore(
  tx: Tx,
  companyId: number,
  invoice: InvoiceRow,
): Promise<Map<number, QuoteLineBefore> | null> {
  const billed =
    invoice.kind === 'credit_note' && invoice.creditedInvoiceId !== null
      ? await loadInvoice(tx, companyId, invoice.creditedInvoiceId)
      : invoice;
  if (!billed || !billsProgress(billed.kind) || billed.quoteId === null) return null;
  const [quote, quoteInvoices] = await Promise.all([
    loadQuote(tx, companyId, billed.quoteId),
    invoicesOfQuote(tx, companyId, billed.quoteId),
  ]);
  if (!quote) return null;
  // The quote's invoices as they stood when this one was made: those created before it.
  const prior = quoteInvoices.domain.filter((other) => other.createdOrder < billed.id);
  const discounts = new Map(quote.lines.map((line) => [line.id, line.discountCents]));
  return new Map(
    previousProgress(quote.context, prior).map((p) => [
      p.lineId,
      { percent: p.percent, discountCents: discounts.get(p.lineId) ?? 0 },
    ]),
  );
}
