/**
 * A customer's figures for its sheet (issue 26, item 8): what it owes, what is overdue, what was
 * invoiced and paid, what its accepted quotes still leave to invoice. The sheet lists the jobs,
 * quotes, invoices and payments themselves through the existing lists filtered on the customer
 * (`?customerId=`): these figures are the same rules as theirs, so they reconcile with them
 * (test/customer-overview.test.ts):
 * - the balances are balances.ts's SQL of domain/balance.ts (`toCollect`, `retainageBalance`),
 *   summed over validated invoices, as the job sheet sums them;
 * - « En retard » is the invoices list's `overdue=true` filter and « Reste dû » column
 *   (balances.ts `overdue` and `balance`), so it equals that list's balance total;
 * - « Reste à facturer » is domain/leftToInvoice.ts on its quotes' latest revisions.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { customers, invoices, payments, quotes } from '../db/schema.js';
import { leftToInvoiceCents } from '../domain/index.js';
import { balance, invoiceTable, overdue, retainageBalance, toCollect } from './balances.js';
import { invoicedOfQuote } from './views.js';

export interface CustomerOverview {
  /** « Reste à encaisser »: validated invoices' TTC (credit notes negative) less every payment. */
  balanceCents: number;
  /** Of which retainage still held (released or not yet). */
  retainageHeldCents: number;
  /** « En retard »: what invoices past their due date still owe (retainage apart). */
  overdueCents: number;
  /** Validated invoices' TTC, credit notes negative. */
  invoicedInclTaxCents: number;
  /** Every payment received on its invoices, retainage payments included. */
  paidCents: number;
  /** « Reste à facturer » (excl. VAT) on its accepted quotes. */
  toInvoiceExclTaxCents: number;
}

/** The customer's figures, or null when the company has no such customer (404 for the route). */
export async function customerOverview(
  tx: Tx,
  companyId: number,
  customerId: number,
  today: string,
): Promise<CustomerOverview | null> {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  if (!customer) return null;
  const validated = and(
    eq(invoices.companyId, companyId),
    eq(invoices.customerId, customerId),
    eq(invoices.status, 'VALIDATED'),
  );
  const [[sums], [paid], acceptedQuotes] = await Promise.all([
    tx
      .select({
        invoiced: sql<number>`coalesce(sum(${invoices.totalInclTaxCents}), 0)::bigint`,
        toCollect: sql<number>`coalesce(sum(${toCollect(invoiceTable)}), 0)::bigint`,
        retainage: sql<number>`coalesce(sum(${retainageBalance(invoiceTable)}), 0)::bigint`,
        overdue: sql<number>`coalesce(sum(${balance(invoiceTable)}) filter (where ${overdue(invoiceTable, today)}), 0)::bigint`,
      })
      .from(invoices)
      .where(validated),
    tx
      .select({ all: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint` })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(payments.companyId, companyId), eq(invoices.customerId, customerId))),
    tx
      .select({
        status: quotes.status,
        totalExclTaxCents: quotes.totalExclTaxCents,
        invoicedExclTaxCents: invoicedOfQuote,
      })
      .from(quotes)
      .where(
        and(
          eq(quotes.companyId, companyId),
          eq(quotes.customerId, customerId),
          eq(quotes.latest, true),
          eq(quotes.status, 'accepted'),
        ),
      ),
  ]);
  return {
    balanceCents: Number(sums!.toCollect),
    retainageHeldCents: Number(sums!.retainage),
    overdueCents: Number(sums!.overdue),
    invoicedInclTaxCents: Number(sums!.invoiced),
    paidCents: Number(paid!.all),
    toInvoiceExclTaxCents: leftToInvoiceCents(
      acceptedQuotes.map((q) => ({ ...q, invoicedExclTaxCents: Number(q.invoicedExclTaxCents) })),
    ),
  };
}
