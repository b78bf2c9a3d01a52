/**
 * What a customer still owes on an invoice, to the cent: its TTC minus the deposits it deducts (already
 * out of `ttc`), its retainage, the credit notes correcting it and the payments received. The payments
 * issue calls it; the retainage has its own balance (`retainageBalance`).
 */
import { type Cents, sumCents } from './money.js';
import type { InvoiceAmounts } from './types.js';

export interface BalanceInput {
  amounts: InvoiceAmounts;
  /** Credit notes whose corrected invoice is this one (negative amounts). */
  creditNotes: readonly InvoiceAmounts[];
  /** Payments received on the invoice (retainage payments excluded). */
  payments: readonly Cents[];
}

/** due + credit notes' due (negative) − payments; a credit note of an unpaid invoice leaves 0. */
export function invoiceBalance({ amounts, creditNotes, payments }: BalanceInput): Cents {
  return amounts.due + sumCents(creditNotes.map((c) => c.due)) - sumCents(payments);
}
