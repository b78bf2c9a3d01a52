/**
 * What a customer still owes on an invoice, to the cent: its TTC minus the deposits it deducts (already
 * out of `ttc`), its retainage, the credit notes correcting it and the payments received. The payments
 * issue calls it; the retainage has its own balance (`retainageBalance`).
 *
 * `storedBalance` and `storedRetainageBalance` are the same rule on the sums an invoice row keeps
 * (`paid_cents` counts its payments and what its credit notes settle, `retainage_paid_cents` the
 * same for its retainage): recordPayment checks a payment against them, and every list, the job
 * sheet and the reporting page read them through invoicing/balances.ts, which writes these
 * functions in SQL (test/balances.test.ts compares them on the seed).
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

/** The sums an invoice row keeps with its amounts (invoices table), as the balances read them. */
export interface StoredAmounts {
  kind: string;
  /** Cancelled by a credit note (`credit_note_id`). */
  cancelled: boolean;
  totalInclTaxCents: Cents;
  retainageCents: Cents;
  /** Payments of the invoice itself plus what its partial credit notes settle. */
  paidCents: Cents;
  /** Payments of its retainage plus the retainage share its partial credit notes settle. */
  retainagePaidCents: Cents;
}

/** What a standing invoice still owes on itself: TTC − retainage − settled (may be ≤ 0 once paid). */
export const owedCents = (row: StoredAmounts): Cents =>
  row.totalInclTaxCents - row.retainageCents - row.paidCents;

/**
 * An invoice's balance (« Reste dû »): a credit note owes nothing itself (it settles the invoice it
 * corrects), a cancelled invoice is owed nothing and what was paid comes back (negative), else
 * `owedCents`. The same as `invoiceBalance`, on the kept sums.
 */
export function storedBalance(row: StoredAmounts): Cents {
  if (row.kind === 'credit_note') return 0;
  // 0 − paid: nothing paid is 0, not −0.
  if (row.cancelled) return 0 - row.paidCents;
  return owedCents(row);
}

/** Its retainage's balance, by the same rule: retainage − settled (`retainageBalance` on the kept sums). */
export function storedRetainageBalance(row: StoredAmounts): Cents {
  if (row.kind === 'credit_note') return 0;
  if (row.cancelled) return 0 - row.retainagePaidCents;
  return row.retainageCents - row.retainagePaidCents;
}

/**
 * What is left to collect on an invoice, its retainage included: what a job's « Reste à encaisser »
 * and the reporting page add up over validated invoices (their TTC, credit notes negative, minus
 * every payment received).
 */
export const toCollectCents = (row: StoredAmounts): Cents => storedBalance(row) + storedRetainageBalance(row);
