/**
 * The rows the exports read, page by page in (date, id) order: each page is its own short tenant
 * transaction and the next one starts after the last row read (keyset), so an export of any length
 * holds one page in memory and no long transaction.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import type { RatePart } from '../domain/accountingEntries.js';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** Rows per page: large enough that round trips do not dominate, small enough to stay flat. */
export const PAGE_SIZE = 5000;

export interface Period {
  from: string;
  to: string;
}

/** The customer as the journals name it: its accounting code and its company name, or its person. */
const customerName = sql`coalesce(nullif(c.company_name, ''), trim(c.last_name || ' ' || c.first_name))`;

async function* pagesOf<T extends { day: string; id: number }>(
  db: Database,
  companyId: number,
  page: (after: SQL) => SQL,
  toRow: (row: Row) => T,
  keyDay: string,
  keyId: string,
): AsyncGenerator<T[]> {
  let last: { day: string; id: number } | null = null;
  for (;;) {
    const after: SQL = last
      ? sql`(${sql.raw(keyDay)}, ${sql.raw(keyId)}) > (${last.day}::date, ${last.id})`
      : sql`true`;
    const rows = await db.withTenant(companyId, async (tx) =>
      rowsOf(await tx.execute(page(after))).map(toRow),
    );
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_SIZE) return;
    const tail = rows[rows.length - 1]!;
    last = { day: tail.day, id: tail.id };
  }
}

export interface SalesInvoiceRow {
  id: number;
  day: string;
  number: string;
  validatedOn: string;
  kind: string;
  byRate: RatePart[];
  retainage: number;
  customerCode: string;
  customerName: string;
}

/** Validated invoices, deposits and credit notes dated in the period. */
export function salesInvoicePages(db: Database, companyId: number, period: Period) {
  return pagesOf<SalesInvoiceRow>(
    db,
    companyId,
    (after) => sql`
      select i.id, to_char(i.date, 'YYYY-MM-DD') as day, i.number, i.kind,
        to_char(coalesce(i.validated_at, i.date::timestamptz) at time zone 'Europe/Paris', 'YYYY-MM-DD') as validated_on,
        i.amounts -> 'byRate' as by_rate, i.retainage_cents, c.customer_code, ${customerName} as customer_name
      from invoices i join customers c on c.id = i.customer_id
      where i.company_id = ${companyId} and i.status = 'VALIDATED'
        and i.date between ${period.from}::date and ${period.to}::date and ${after}
      order by i.date, i.id
      limit ${PAGE_SIZE}`,
    (r) => ({
      id: Number(r.id),
      day: String(r.day),
      number: String(r.number ?? ''),
      validatedOn: String(r.validated_on),
      kind: String(r.kind),
      byRate: ratePartsOf(r.by_rate),
      retainage: Number(r.retainage_cents),
      customerCode: String(r.customer_code ?? ''),
      customerName: String(r.customer_name ?? ''),
    }),
    'i.date',
    'i.id',
  );
}

/** The stored amounts' parts (jsonb: pg parses it; some drivers leave it text). */
function ratePartsOf(value: unknown): RatePart[] {
  const parts = (typeof value === 'string' ? JSON.parse(value) : value) as RatePart[] | null;
  return (parts ?? []).map((p) => ({ vatRate: Number(p.vatRate), ht: Number(p.ht), vat: Number(p.vat) }));
}

export interface PaymentRow {
  id: number;
  day: string;
  amount: number;
  mode: string;
  comment: string;
  isRetainage: boolean;
  bankId: number | null;
  bankName: string;
  bankAccount: string;
  chequeNumber: string;
  drawer: string;
  invoiceNumber: string;
  customerCode: string;
  customerName: string;
  /** Only when asked (the collected VAT): the invoice's parts per rate. */
  byRate: RatePart[];
}

export interface PaymentFilter extends Period {
  bankId?: number;
  /** Read the invoice's parts per rate (collected VAT). */
  withRates?: boolean;
}

const paymentColumns = sql`p.id, to_char(p.paid_on, 'YYYY-MM-DD') as day, p.amount_cents, p.mode, p.comment,
  p.is_retainage, p.bank_id, b.name as bank_name, b.accounting_number, p.cheque_number, p.drawer,
  i.number, c.customer_code, ${customerName} as customer_name`;

function toPaymentRow(r: Row): PaymentRow {
  return {
    id: Number(r.id),
    day: String(r.day),
    amount: Number(r.amount_cents),
    mode: String(r.mode),
    comment: String(r.comment ?? ''),
    isRetainage: Boolean(r.is_retainage),
    bankId: r.bank_id === null ? null : Number(r.bank_id),
    bankName: String(r.bank_name ?? ''),
    bankAccount: String(r.accounting_number ?? ''),
    chequeNumber: String(r.cheque_number ?? ''),
    drawer: String(r.drawer ?? ''),
    invoiceNumber: String(r.number ?? ''),
    customerCode: String(r.customer_code ?? ''),
    customerName: String(r.customer_name ?? ''),
    byRate: r.by_rate === undefined ? [] : ratePartsOf(r.by_rate),
  };
}

/** Payments received in the period (a credit-note payment, of zero, moves no money: left out). */
export function paymentPages(db: Database, companyId: number, filter: PaymentFilter) {
  return pagesOf<PaymentRow>(
    db,
    companyId,
    (after) => sql`
      select ${paymentColumns}${filter.withRates ? sql`, i.amounts -> 'byRate' as by_rate` : sql``}
      from payments p
        join invoices i on i.id = p.invoice_id
        join customers c on c.id = i.customer_id
        left join banks b on b.id = p.bank_id
      where p.company_id = ${companyId} and p.amount_cents <> 0
        and p.paid_on between ${filter.from}::date and ${filter.to}::date
        ${filter.bankId ? sql`and p.bank_id = ${filter.bankId}` : sql``} and ${after}
      order by p.paid_on, p.id
      limit ${PAGE_SIZE}`,
    toPaymentRow,
    'p.paid_on',
    'p.id',
  );
}

/** The chosen payments (the cheque slip's), in (date, id) order; ids of another company are not found. */
export async function paymentsByIds(
  db: Database,
  companyId: number,
  ids: readonly number[],
): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db.withTenant(companyId, async (tx) =>
    rowsOf(
      await tx.execute(sql`
        select ${paymentColumns}
        from payments p
          join invoices i on i.id = p.invoice_id
          join customers c on c.id = i.customer_id
          left join banks b on b.id = p.bank_id
        where p.company_id = ${companyId} and p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by p.paid_on, p.id`),
    ).map(toPaymentRow),
  );
}
