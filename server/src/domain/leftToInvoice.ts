/**
 * « Reste à facturer »: what the accepted quotes still leave to invoice, excl. VAT. A job's sheet
 * and a customer's sheet add it up over their quotes (issue 26, item 8); the invoicing home's
 * « À facturer » card lists the same quotes (those whose invoices bill less than their total).
 *
 * Only an accepted quote is invoiced (quoteLifecycle.ts); its invoices, drafts included, count as
 * `isFullyInvoiced` counts them (credit notes negative, so a cancelled invoice frees its part again).
 * A quote invoiced beyond its total (rounding of progress statements) leaves nothing, never a
 * negative amount that would hide another quote's remainder; credit notes beyond its invoices never
 * leave more than the quote's total.
 */
import { type Cents, sumCents } from './money.js';

export interface QuoteToInvoice {
  /** The stored status of its latest revision (`accepted` is the only one invoiced). */
  status: string;
  totalExclTaxCents: Cents;
  /** Σ its invoices' totals excl. VAT (credit notes negative). */
  invoicedExclTaxCents: Cents;
}

/** What one quote still leaves to invoice: 0 unless accepted, between 0 and its total. */
export function quoteLeftToInvoice(quote: QuoteToInvoice): Cents {
  if (quote.status !== 'accepted') return 0;
  const left = quote.totalExclTaxCents - quote.invoicedExclTaxCents;
  return Math.min(quote.totalExclTaxCents, Math.max(0, left));
}

/** Σ over the quotes of what each still leaves to invoice. */
export const leftToInvoiceCents = (quotes: readonly QuoteToInvoice[]): Cents =>
  sumCents(quotes.map(quoteLeftToInvoice));
