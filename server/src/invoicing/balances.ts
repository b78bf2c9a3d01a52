/**
 * The balances in SQL, written once: domain/balance.ts's `storedBalance`, `storedRetainageBalance`
 * and `toCollectCents` on an invoice row's kept sums (`paid_cents`, `retainage_paid_cents`). The
 * invoices list, the payments lists, the job sheet and the reporting page build their statements
 * from these; the partial indexes of migrations 0018 and 0022 (db/schema.ts `invoices_outstanding_idx`,
 * `_balance_idx`, `invoices_unpaid_idx`) and the function `bo_outstanding_search` repeat `owed` and
 * `standing` as written here, so that the planner can prove a query's condition implies theirs:
 * change them together, in a migration. Migration 0054's trigger keeps Mes factures' sums with
 * `balance` written out again (test/invoice-list-totals.test.ts compares them with the invoices).
 * test/balances.test.ts compares these with the domain.
 */
import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { invoices } from '../db/schema.js';

/** An invoice row's columns as a statement names them: the drizzle table, or an alias (`i`). */
export interface InvoiceColumns {
  status: SQLWrapper;
  kind: SQLWrapper;
  creditNoteId: SQLWrapper;
  dueDate: SQLWrapper;
  totalInclTaxCents: SQLWrapper;
  retainageCents: SQLWrapper;
  paidCents: SQLWrapper;
  retainagePaidCents: SQLWrapper;
}

/** The invoices table as drizzle's query builder names it. */
export const invoiceTable: InvoiceColumns = invoices;

/** The invoices read under an alias in a hand-written statement (`from invoices i`). */
export const invoiceAlias = (alias: string): InvoiceColumns => {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    status: column('status'),
    kind: column('kind'),
    creditNoteId: column('credit_note_id'),
    dueDate: column('due_date'),
    totalInclTaxCents: column('total_incl_tax_cents'),
    retainageCents: column('retainage_cents'),
    paidCents: column('paid_cents'),
    retainagePaidCents: column('retainage_paid_cents'),
  };
};

/** An invoice that may still be owed: validated, not a credit note, not cancelled by one. */
export const standing = (i: InvoiceColumns): SQL<boolean> =>
  sql`${i.status} = 'VALIDATED' and ${i.kind} <> 'credit_note' and ${i.creditNoteId} is null`;

/** domain `owedCents`: what a standing invoice still owes on itself (the indexes' expression). */
export const owed = (i: InvoiceColumns): SQL<number> =>
  sql`(${i.totalInclTaxCents} - ${i.retainageCents} - ${i.paidCents})`;

/** What a standing invoice still owes on its retainage. */
export const retainageOwed = (i: InvoiceColumns): SQL<number> =>
  sql`(${i.retainageCents} - ${i.retainagePaidCents})`;

/** domain `storedBalance`: the invoice's « Reste dû ». */
export const balance = (i: InvoiceColumns): SQL<number> => sql`(case when ${i.kind} = 'credit_note' then 0
  when ${i.creditNoteId} is not null then -${i.paidCents}
  else ${owed(i)} end)`;

/** domain `storedRetainageBalance`: its retainage's « Reste dû ». */
export const retainageBalance = (
  i: InvoiceColumns,
): SQL<number> => sql`(case when ${i.kind} = 'credit_note' then 0
  when ${i.creditNoteId} is not null then -${i.retainagePaidCents}
  else ${retainageOwed(i)} end)`;

/** A payment's « Reste dû »: its invoice's, or its invoice's retainage's for a retainage payment. */
export const paymentBalance = (i: InvoiceColumns, isRetainage: SQLWrapper): SQL<number> =>
  sql`(case when ${isRetainage} then ${retainageBalance(i)} else ${balance(i)} end)`;

/** domain `toCollectCents`: left to collect on the invoice and its retainage. */
export const toCollect = (i: InvoiceColumns): SQL<number> => sql`(${balance(i)} + ${retainageBalance(i)})`;

/**
 * Past its due date with something owed, not cancelled: written as `invoices_unpaid_idx` can serve
 * it (no CASE), and equal to « balance > 0 » for a validated invoice (a credit note owes a negative
 * amount, a cancelled invoice nothing).
 */
export const overdue = (i: InvoiceColumns, today: string | Placeholder): SQL<boolean> =>
  sql`(${i.dueDate} < ${today}::date and ${owed(i)} > 0 and ${i.creditNoteId} is null)`;
