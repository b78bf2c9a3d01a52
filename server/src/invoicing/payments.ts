/**
 * The payments area (issue 11): what is still owed (invoices and released retainages), what was
 * received, and the batch actions of spec section 4. Lists filter, sort, page and add up in SQL;
 * payments are written and deleted only through `recordPayment` / `deletePayment`
 * (invoicing/invoices.ts), which hold the rules.
 */
import type { z } from '@hono/zod-openapi';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Database, readStatement, rowsOf, statementsByShape, type Tx } from '../db/database.js';
import { containing } from '../db/like.js';
import type { ErrorKey } from '../http/errors.js';
import type {
  BatchPayResultSchema,
  OutstandingQuery,
  OutstandingSchema,
  PayRowSchema,
  ReceivedQuery,
  ReceivedSchema,
} from '../schemas/payments.js';
import {
  invoiceAlias,
  overdue,
  owed,
  paymentBalance,
  retainageOwed,
  standing as standingOf,
} from './balances.js';
import { deletePayment, recordPayment } from './invoices.js';
import { pageWithTotals, plannedOnce, todayValue, value } from './list-totals.js';

type Outstanding = z.infer<typeof OutstandingSchema>;
type Received = z.infer<typeof ReceivedSchema>;
type Row = Record<string, unknown>;

const join = (parts: SQL[], separator: string) => sql.join(parts, sql.raw(separator));

/** The invoices as these statements name them (`i`), and their balances (balances.ts, the one formula). */
const i = invoiceAlias('i');
/** An invoice that may still be owed: validated, not a credit note, not cancelled by one. */
const standing = standingOf(i);
/** What the customer still owes on the invoice itself (the partial index invoices_outstanding_idx). */
const invoiceBalance = owed(i);
/**
 * When a retainage is released: the job's works reception (its job as `j`) + 1 year (29 February →
 * 28 February). The reporting's aged receivables read it too (reporting/figures.ts).
 */
export const releaseDate = sql`(j.delivery_date + interval '1 year')::date`;
/** What the customer still owes on the invoice's retainage (`retainage_paid_cents`, kept with paid_cents). */
const retainageBalance = retainageOwed(i);
/**
 * A received payment's « Reste dû »: what the invoice's own screen says (views.ts `balance`). A
 * credit note cancelled it, so nothing is owed any more and what was paid comes back (negative),
 * on the invoice as on its retainage (the credit note negates the retainage too).
 */
const receivedBalance = paymentBalance(i, sql`p.is_retainage`);
const customerName = sql`coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name))`;

/**
 * The outstanding list's search: the invoices that may make an outstanding line (standing, with a
 * balance owed or a retainage held) whose number, customer's name or job's name contains what was
 * typed, found by `bo_outstanding_search` (migrations 0022, 0055) through trigram indexes (under
 * row-level security the planner may not use an index for `ilike`, so the function runs as the
 * owner and fences the tenant itself, as `bo_invoice_search` of 0018). It answers their rows with
 * the columns the lines read, so both kinds of line are read `from found i` instead of looking
 * each invoice up again. Run once per statement.
 */
const foundOutstanding = (pattern: Placeholder) =>
  sql`with found as materialized (select * from bo_outstanding_search(${pattern})) `;

const outstandingSorts = {
  dueDate: sql`l.due_date`,
  date: sql`l.date`,
  number: sql`l.number`,
  customer: sql`lower(${customerName})`,
  balance: sql`l.balance`,
} as const;

/** What changes the text of the outstanding list's statements (not the filters' values). */
type OutstandingShape = {
  search: boolean;
  customerId: boolean;
  businessJobId: boolean;
  from: boolean;
  to: boolean;
  overdue: boolean | undefined;
  sort: keyof typeof outstandingSorts;
  order: 'asc' | 'desc';
};

/** The outstanding list's page and totals statements, built once per shape. */
const outstandingStatements = statementsByShape((shape: OutstandingShape) => {
  const search = shape.search ? foundOutstanding(value('pattern')) : sql``;
  const today = sql`${todayValue}::date`;
  const invoiceFilters = [
    sql`i.company_id = ${value('companyId')}`,
    // What the search found is standing already (bo_outstanding_search has the same conditions).
    shape.search ? null : standing,
    shape.customerId ? sql`i.customer_id = ${value('customerId')}` : null,
    shape.businessJobId ? sql`i.business_job_id = ${value('businessJobId')}` : null,
    shape.from ? sql`i.date >= ${value('from')}::date` : null,
    shape.to ? sql`i.date <= ${value('to')}::date` : null,
  ].filter((part): part is SQL => part !== null);
  const outer = [
    shape.overdue === true ? sql`l.due_date < ${today}` : null,
    shape.overdue === false ? sql`l.due_date >= ${today}` : null,
  ].filter((part): part is SQL => part !== null);
  const where = outer.length > 0 ? sql`where ${join(outer, ' and ')}` : sql``;
  const direction = sql.raw(shape.order);
  const order = sql`${outstandingSorts[shape.sort]} ${direction}, l.invoice_id ${direction}, l.is_retainage`;
  // Both kinds of line read the invoices, or with a search the rows it found (the same columns).
  // Their columns have the same types (integer balances, both from the invoice's kept amounts), so
  // PostgreSQL flattens their union into the query above it and reads only the columns it uses:
  // the totals of what is owed then read invoices_outstanding_idx alone (it carries the amounts).
  // With a bigint sum it planned the union apart and read every owed invoice's row (18 ms of the
  // 20 at 100 000 payments).
  const invoices = shape.search ? sql`found i` : sql`invoices i`;
  const invoiceLines = sql`
      select i.id as invoice_id, false as is_retainage, i.number, i.date, i.due_date, i.customer_id,
        i.business_job_id, i.total_incl_tax_cents as total, ${invoiceBalance} as balance
      from ${invoices}
      where ${join(invoiceFilters, ' and ')} and ${invoiceBalance} > 0`;
  // The released retainages still owed.
  const retainageLines = sql`
      select i.id as invoice_id, true as is_retainage, i.number, i.date, ${releaseDate} as due_date,
        i.customer_id, i.business_job_id, i.retainage_cents as total, ${retainageBalance} as balance
      from ${invoices} join business_jobs j on j.id = i.business_job_id
      where ${join(invoiceFilters, ' and ')} and i.retainage_cents > 0
        and j.delivery_date is not null and ${releaseDate} <= ${today}
        and ${retainageBalance} > 0`;
  // Each kind of line ordered and cut to the page's end (`upTo`: offset + limit) on its own (the
  // invoices read in the order of invoices_outstanding_idx or _balance_idx), then both merged and
  // the page cut: the whole set is never sorted, and only the rows kept are named. Only the
  // customer sort names them first.
  const byName = shape.sort === 'customer' ? sql`left join customers c on c.id = l.customer_id` : sql``;
  const firstOf = (part: SQL) =>
    sql`(select l.*, ${outstandingSorts[shape.sort]} as sort_key from (${part}) l ${byName} ${where}
      order by ${order} limit ${value('upTo')})`;
  // Above the kinds of line, the sort key is a column (the customer's name is not joined there).
  const merged = sql`l.sort_key ${direction}, l.invoice_id ${direction}, l.is_retainage`;
  return {
    page: readStatement(
      sql`${search}
        select l.invoice_id, l.is_retainage, l.number, l.date::text as date, l.due_date::text as due_date,
          l.customer_id, l.business_job_id, l.total, l.balance, ${customerName} as customer_name,
          bj.name as business_job_name, (l.due_date < ${today}) as overdue
        from (select l.* from (${firstOf(invoiceLines)} union all ${firstOf(retainageLines)}) l
          order by ${merged} limit ${value('limit')} offset ${value('offset')}) l
          left join customers c on c.id = l.customer_id
          left join business_jobs bj on bj.id = l.business_job_id
        order by ${merged}`,
      plannedOnce(shape),
    ),
    totals: readStatement(
      sql`${search}select count(*) as hits, coalesce(sum(l.balance), 0) as total_cents
        from (${invoiceLines} union all ${retainageLines}) l ${where}`,
    ),
  };
});

export async function listOutstanding(
  db: Database,
  companyId: number,
  query: z.output<typeof OutstandingQuery>,
  today: string,
): Promise<{ data: Outstanding[]; info: { hits?: number; totalCents?: number } }> {
  const statements = outstandingStatements({
    search: Boolean(query.q),
    customerId: Boolean(query.customerId),
    businessJobId: Boolean(query.businessJobId),
    from: Boolean(query.from),
    to: Boolean(query.to),
    overdue: query.overdue,
    sort: query.sort,
    order: query.order === 'asc' ? 'asc' : 'desc',
  });
  const values = {
    ...query,
    companyId,
    today,
    pattern: query.q ? containing(query.q) : null,
    upTo: query.offset + query.limit,
  };
  const page = async () =>
    (await db.tenantRead<Row>(companyId, statements.page, values)).map(
      (r): Outstanding => ({
        key: `${r.is_retainage ? 'retainage' : 'invoice'}-${r.invoice_id}`,
        ...lineOf(r),
        dueDate: isoDate(r.due_date),
        totalInclTaxCents: Number(r.total),
        balanceCents: Number(r.balance),
        overdue: Boolean(r.overdue),
      }),
    );
  const totals = async () => {
    const [info] = await db.tenantRead<Row>(companyId, statements.totals, values);
    return { hits: Number(info!.hits), totalCents: Number(info!.total_cents) };
  };
  return pageWithTotals(query, {
    page,
    totals,
    ofPage: (data) => ({ hits: data.length, totalCents: sumOf(data, (row) => row.balanceCents) }),
  });
}

const sumOf = <T>(rows: T[], amount: (row: T) => number) => rows.reduce((sum, row) => sum + amount(row), 0);

const receivedSorts = {
  paidOn: sql`p.paid_on`,
  amount: sql`p.amount_cents`,
  number: sql`i.number`,
  customer: sql`lower(${customerName})`,
  mode: sql`p.mode`,
} as const;

/** What changes the text of the received list's statements (not the filters' values). */
type ReceivedShape = {
  from: boolean;
  to: boolean;
  mode: boolean;
  bankId: boolean;
  search: boolean;
  customerId: boolean;
  businessJobId: boolean;
  overdue: boolean | undefined;
  sort: keyof typeof receivedSorts;
  order: 'asc' | 'desc';
};

/** The received list's page and totals statements, built once per shape. */
const receivedStatements = statementsByShape((shape: ReceivedShape) => {
  // Filters on the payment itself (payments_list_idx and the indexes of migration 0018 serve them,
  // the totals from the index alone).
  const own = [
    sql`p.company_id = ${value('companyId')}`,
    shape.from ? sql`p.paid_on >= ${value('from')}::date` : null,
    shape.to ? sql`p.paid_on <= ${value('to')}::date` : null,
    shape.mode ? sql`p.mode = ${value('mode')}` : null,
    shape.bankId ? sql`p.bank_id = ${value('bankId')}` : null,
    // The invoice's number, customer or job, or the payment's own comment, cheque number, drawer
    // (bo_payment_search, migrations 0018 and 0055: through their trigram indexes).
    shape.search ? sql`p.id in (select bo_payment_search(${value('pattern')}))` : null,
  ].filter((part): part is SQL => part !== null);
  // Filters that need the invoice.
  const invoiceWhere = [
    shape.customerId ? sql`i.customer_id = ${value('customerId')}` : null,
    shape.businessJobId ? sql`i.business_job_id = ${value('businessJobId')}` : null,
    // A cancelled invoice is never overdue (views.ts `overdue` on its balance, as above).
    shape.overdue === true ? overdue(i, todayValue) : null,
    shape.overdue === false ? sql`not ${overdue(i, todayValue)}` : null,
  ].filter((part): part is SQL => part !== null);
  const where = join([...own, ...invoiceWhere], ' and ');
  const direction = sql.raw(shape.order);
  const order = sql`${receivedSorts[shape.sort]} ${direction}, p.id ${direction}`;
  // The page's ids first, joining only what the filters and the sort need (the default order reads
  // payments_list_idx alone, however deep the page); then the 50 rows are read and named.
  const needsInvoice = invoiceWhere.length > 0 || shape.sort === 'number' || shape.sort === 'customer';
  const invoiceJoin = needsInvoice ? sql`join invoices i on i.id = p.invoice_id` : sql``;
  const customerJoin = shape.sort === 'customer' ? sql`left join customers c on c.id = i.customer_id` : sql``;
  // Overdue, nothing narrowing the payments themselves: what the overdue invoices received, added
  // up from invoices_unpaid_idx alone (`payment_count`, `paid_cents` and `retainage_paid_cents`,
  // kept by recordPayment and deletePayment), instead of joining every payment of the company to
  // them (40 000 overdue invoices and 100 000 payments: 12 ms merged, 17 hashed, 4 this way).
  const fromInvoices = shape.overdue === true && own.length === 1;
  return {
    page: readStatement(
      sql`
      select p.id, p.invoice_id, p.is_retainage, i.number, i.date::text as date,
        i.due_date::text as due_date, i.customer_id, i.business_job_id, ${customerName} as customer_name,
        bj.name as business_job_name, ${receivedBalance} as balance, p.amount_cents,
        p.paid_on::text as paid_on, p.mode, p.bank_id, b.name as bank_name, p.comment, p.cheque_number,
        p.drawer
      from (select p.id from payments p ${invoiceJoin} ${customerJoin} where ${where}
          order by ${order} limit ${value('limit')} offset ${value('offset')}) k
        join payments p on p.id = k.id
        join invoices i on i.id = p.invoice_id
        left join customers c on c.id = i.customer_id
        left join business_jobs bj on bj.id = i.business_job_id
        left join banks b on b.id = p.bank_id
      order by ${order}`,
      plannedOnce(shape),
    ),
    totals: readStatement(
      fromInvoices
        ? sql`select coalesce(sum(i.payment_count), 0) as hits,
            coalesce(sum(i.paid_cents::bigint + i.retainage_paid_cents), 0) as total_cents
          from invoices i where i.company_id = ${value('companyId')} and ${join(invoiceWhere, ' and ')}`
        : sql`select count(*) as hits, coalesce(sum(p.amount_cents), 0) as total_cents
          from payments p ${invoiceWhere.length > 0 ? sql`join invoices i on i.id = p.invoice_id` : sql``}
          where ${where}`,
    ),
  };
});

export async function listReceived(
  db: Database,
  companyId: number,
  query: z.output<typeof ReceivedQuery>,
  today: string,
): Promise<{ data: Received[]; info: { hits?: number; totalCents?: number } }> {
  const statements = receivedStatements({
    from: Boolean(query.from),
    to: Boolean(query.to),
    mode: Boolean(query.mode),
    bankId: Boolean(query.bankId),
    search: Boolean(query.q),
    customerId: Boolean(query.customerId),
    businessJobId: Boolean(query.businessJobId),
    overdue: query.overdue,
    sort: query.sort,
    order: query.order === 'asc' ? 'asc' : 'desc',
  });
  const values = { ...query, companyId, today, pattern: query.q ? containing(query.q) : null };
  const page = async () =>
    (await db.tenantRead<Row>(companyId, statements.page, values)).map(
      (r): Received => ({
        id: Number(r.id),
        ...lineOf(r),
        dueDate: isoDate(r.due_date),
        balanceCents: Number(r.balance),
        amountCents: Number(r.amount_cents),
        paidOn: isoDate(r.paid_on),
        mode: r.mode as Received['mode'],
        bankId: r.bank_id === null ? null : Number(r.bank_id),
        bankName: (r.bank_name as string | null) ?? null,
        comment: r.comment as string,
        chequeNumber: (r.cheque_number as string | null) ?? null,
        drawer: (r.drawer as string | null) ?? null,
      }),
    );
  const totals = async () => {
    const [info] = await db.tenantRead<Row>(companyId, statements.totals, values);
    return { hits: Number(info!.hits), totalCents: Number(info!.total_cents) };
  };
  return pageWithTotals(query, {
    page,
    totals,
    ofPage: (data) => ({ hits: data.length, totalCents: sumOf(data, (row) => row.amountCents) }),
  });
}

function lineOf(r: Row) {
  return {
    invoiceId: Number(r.invoice_id),
    invoiceNumber: (r.number as string | null) ?? null,
    invoiceDate: isoDate(r.date),
    customerId: Number(r.customer_id),
    customerName: (r.customer_name as string | null) ?? '',
    businessJobId: r.business_job_id === null ? null : Number(r.business_job_id),
    businessJobName: (r.business_job_name as string | null) ?? null,
    isRetainage: Boolean(r.is_retainage),
  };
}

/** A raw `date` column: pg gives a string (its date parser is set to keep text) or a Date. */
function isoDate(value: unknown): string {
  if (value instanceof Date) {
    const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 10);
  }
  return String(value).slice(0, 10);
}

// --------------------------------------------------------------------------------------- batches

type PayRow = z.output<typeof PayRowSchema>;
type BatchPayResult = z.infer<typeof BatchPayResultSchema>;

/**
 * Runs one row under a savepoint: a row that fails (a refusal writes nothing; an unexpected
 * database error is rolled back to here) never takes the others with it.
 */
async function eachRow<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`savepoint batch_row`);
  try {
    const value = await work();
    await tx.execute(sql`release savepoint batch_row`);
    return value;
  } catch (error) {
    await tx.execute(sql`rollback to savepoint batch_row`);
    throw error;
  }
}

/**
 * Pays each row through `recordPayment`, in invoice order (so two batches naming the same invoices
 * lock them in the same order and never deadlock), and reports the failed rows with their reason
 * and the summary of spec section 8 (`batch_invoices_not_paid`, the invoices named by number).
 */
export async function batchPay(
  tx: Tx,
  companyId: number,
  rows: PayRow[],
  userId: number | null = null,
): Promise<BatchPayResult> {
  const order = rows.map((row, index) => ({ row, index })).sort((a, b) => a.row.invoiceId - b.row.invoiceId);
  const results: ({ paymentId: number } | { key: ErrorKey })[] = [];
  for (const { row, index } of order) {
    try {
      const outcome = await eachRow(tx, () => recordPayment(tx, companyId, row, userId));
      results[index] = outcome.ok ? { paymentId: outcome.value } : { key: outcome.key };
    } catch {
      results[index] = { key: 'internal_error' };
    }
  }
  const failedIds = rows.filter((_, i) => 'key' in results[i]!).map((row) => row.invoiceId);
  const numbers = await invoiceNumbers(tx, companyId, failedIds);
  const paid: BatchPayResult['data']['paid'] = [];
  const failed: BatchPayResult['data']['failed'] = [];
  rows.forEach((row, i) => {
    const result = results[i]!;
    const isRetainage = row.isRetainage ?? false;
    if ('paymentId' in result)
      paid.push({ invoiceId: row.invoiceId, isRetainage, paymentId: result.paymentId });
    else
      failed.push({
        invoiceId: row.invoiceId,
        isRetainage,
        invoiceNumber: numbers.get(row.invoiceId) ?? null,
        key: result.key,
      });
  });
  return {
    data: { paid, failed },
    errors:
      failed.length > 0
        ? [
            {
              key: 'batch_invoices_not_paid',
              items: failed.map((f) => f.invoiceNumber ?? `n° ${f.invoiceId}`),
            },
          ]
        : [],
  };
}

async function invoiceNumbers(tx: Tx, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string | null>();
  const rows = rowsOf(
    await tx.execute(
      sql`select id, number from invoices where company_id = ${companyId} and id in (${join(
        ids.map((id) => sql`${id}`),
        ', ',
      )})`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), (r.number as string | null) ?? null]));
}

/**
 * Deletes each payment through `deletePayment`. The failed rows are summed up as spec section 8
 * says: those that no longer exist (`batch_payments_not_found`) and those that could not be
 * deleted for another reason (`batch_payments_not_deleted`), each list naming the payments.
 */
export async function batchDelete(tx: Tx, companyId: number, ids: number[], userId: number | null = null) {
  const unique = [...new Set(ids)];
  const deleted: number[] = [];
  const failed: { id: number; key: ErrorKey }[] = [];
  for (const id of [...unique].sort((a, b) => a - b)) {
    try {
      const outcome = await eachRow(tx, () => deletePayment(tx, companyId, id, userId));
      if (outcome.ok) deleted.push(id);
      else failed.push({ id, key: outcome.key });
    } catch {
      failed.push({ id, key: 'batch_payments_not_deleted' });
    }
  }
  const notFound = failed.filter((f) => f.key === 'payment_not_found').map((f) => `n° ${f.id}`);
  const notDeleted = failed.filter((f) => f.key !== 'payment_not_found').map((f) => `n° ${f.id}`);
  const errors: { key: ErrorKey; items: string[] }[] = [];
  if (notFound.length > 0) errors.push({ key: 'batch_payments_not_found', items: notFound });
  if (notDeleted.length > 0) errors.push({ key: 'batch_payments_not_deleted', items: notDeleted });
  return { data: { deleted, failed }, errors };
}
