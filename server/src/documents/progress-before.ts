/**
 * The progress of each quote line before a progress statement or final invoice, so that the CII XML
 * can state the quantity the statement bills (BT-129: the period's share of the quote quantity)
 * instead of « 1 × the line's amount ». An invoice line keeps only the cumulative progress after it;
 * the progress before is the domain's rule (`previousProgress`: the last standing statement of the
 * quote created before it), read again from the quote's invoices. For a credit note, the invoice it
 * cancels: its lines are that invoice's lines.
 */
import type { Tx } from '../db/database.js';
import { previousProgress } from '../domain/index.js';
import { type InvoiceRow, invoicesOfQuote, loadInvoice, loadQuote } from '../invoicing/load.js';

const billsProgress = (kind: InvoiceRow['kind']) => kind === 'progress' || kind === 'final';

/** Quote line id → its cumulative progress (10000 = 100 %) before the invoice; null for other kinds. */
export async function progressBefore(
  tx: Tx,
  companyId: number,
  invoice: InvoiceRow,
): Promise<Map<number, number> | null> {
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
  return new Map(previousProgress(quote.context, prior).map((p) => [p.lineId, p.percent]));
}
