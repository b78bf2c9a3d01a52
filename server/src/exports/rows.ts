/**
 * The rows the exports read, page by page in (date, id) order: each page is its own short tenant
 * read and the next one starts after the last row read (keyset), so an export of any length holds
 * at most two pages in memory (the one being written, the next one being read) and no long
 * transaction: a slow download never keeps a connection or a snapshot. Each page statement is built
 * once and read through `tenantRead` (on PostgreSQL: one statement in one round trip); its
 * columns are named and null-free as the exports read them, so rows are used as they arrive.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type ReadStatement, readStatement, rowsOf } from '../db/database.js';
import type { RatePart } from '../domain/accountingEntries.js';

/** Rows per page: large enough that round trips do not dominate, small enough to stay flat. */
export const PAGE_SIZE = 5000;

export interface Period {
  from: string;
  to: string;
}

/** What a page statement's placeholders are filled with: the company, the period, the keyset. */
interface PageValues extends Period {
  companyId: number;
  bankId?: number;
  /** The (day, id) of the last row read: a page starts after it (the first page: from, 0). */
  afterDay: string;
  afterId: number;
}

const value = (name: keyof PageValues) => sql.placeholder(name);

/**
 * A page statement, unnamed: PostgreSQL plans it with each page's values. Prepared under a name,
 * after five runs on a connection it would get a generic plan that knows neither the period nor
 * the keyset, estimates one row, and reads and sorts the whole company for every page (3 s a page
 * instead of a few ms: EXPLAIN in bench/results.md).
 */
const pageStatement = (query: SQL): ReadStatement => ({ ...readStatement(query), name: '' });

/** The customer as the journals name it: its accounting code and its company name, or its person. */
const customerName = sql`coalesce(nullif(c.company_name, ''), trim(c.last_name || ' ' || c.first_name), '')`;

/** The keyset condition and order of a page, on the (day, id) columns given. */
const keyset = (day: SQL, id: SQL) =>
  sql`(${day}, ${id}) > (${value('afterDay')}::date, ${value('afterId')}::int)
      order by ${day}, ${id} limit ${sql.raw(String(PAGE_SIZE))}`;

/**
 * The pages of one statement. The next page is asked as soon as a page arrives, so that the
 * database reads it while this one is written; the consumer still takes one page at a time.
 */
async function* pagesOf<T extends { day: string; id: number }>(
  db: Database,
  statement: ReadStatement,
  values: Omit<PageValues, 'afterDay' | 'afterId'>,
): AsyncGenerator<T[]> {
  const read = (afterDay: string, afterId: number) => {
    const page = db.tenantRead<T>(values.companyId, statement, { ...values, afterDay, afterId });
    // Marked handled at once: a page read ahead may fail while the previous one is still being
    // written (no handler yet, which would stop the process); its error is thrown where it is awaited.
    page.catch(() => {});
    return page;
  };
  let next: Promise<T[]> | null = read(values.from, 0);
  while (next) {
    const rows: T[] = await next;
    const tail = rows.length === PAGE_SIZE ? rows[rows.length - 1]! : null;
    next = tail ? read(tail.day, tail.id) : null;
    if (rows.length > 0) yield rows;
  }
}

export interface SalesInvoiceRow {
  id: number;
  day: string;
  number: string;
  validatedOn: string;
  kind: string;
  /** A credit note: the kind of the invoice it cancels (a deposit's is an advance too), else ''. */
  creditedKind: string;
  reverseCharge: boolean;
  /** The stored parts per rate (jsonb): read through `ratePartsOf`. */
  rates: unknown;
  retainage: number;
  customerCode: string;
  customerName: string;
}

/**
 * The settings an invoice was issued under: those its frozen document holds (issue 10), else the
 * company's document settings (an invoice validated before documents were frozen), else the
 * defaults (services, no debits option). Joins `s` (snapshot) and `ds` (document settings).
 */
const issuedUnder = sql`coalesce((s.data #>> '{document,settings,vatOnDebits}')::boolean, ds.vat_on_debits, false) as "vatOnDebits",
  coalesce(s.data #>> '{document,settings,operationNature}', ds.operation_nature, 'services') as "operationNature"`;
const issuedUnderJoins = sql`left join invoice_document_snapshots s on s.invoice_id = i.id and s.company_id = i.company_id
  left join document_settings ds on ds.company_id = i.company_id`;

/** The invoice's own columns as the sales entries read them (`i` the invoice, `c` its customer). */
const salesColumns = sql`coalesce(i.number, '') as number, i.kind,
    coalesce((select ci.kind from invoices ci where ci.id = i.credited_invoice_id and ci.company_id = i.company_id), '') as "creditedKind",
    i.reverse_charge as "reverseCharge", i.amounts -> 'byRate' as rates, i.retainage_cents as retainage,
    coalesce(c.customer_code, '') as "customerCode", ${customerName} as "customerName"`;

const salesInvoicePage = pageStatement(sql`
  select i.id, to_char(i.date, 'YYYY-MM-DD') as day, ${salesColumns},
    to_char(coalesce(i.validated_at, i.date::timestamptz) at time zone 'Europe/Paris', 'YYYY-MM-DD') as "validatedOn"
  from invoices i join customers c on c.id = i.customer_id
  where i.company_id = ${value('companyId')} and i.status = 'VALIDATED'
    and i.date between ${value('from')}::date and ${value('to')}::date
    and ${keyset(sql`i.date`, sql`i.id`)}`);

/** Validated invoices, deposits and credit notes dated in the period. */
export function salesInvoicePages(db: Database, companyId: number, period: Period) {
  return pagesOf<SalesInvoiceRow>(db, salesInvoicePage, { companyId, ...period });
}

export interface IssuedInvoiceRow {
  id: number;
  day: string;
  rates: unknown;
  reverseCharge: boolean;
  /** The settings the invoice was issued under (its frozen document's, else today's): VAT timing. */
  vatOnDebits: boolean;
  operationNature: string;
}

/** What the collected VAT reads of a validated invoice: its day, rates, reverse charge, settings. */
const issuedInvoicePage = pageStatement(sql`
  select i.id, to_char(i.date, 'YYYY-MM-DD') as day, i.amounts -> 'byRate' as rates,
    i.reverse_charge as "reverseCharge", ${issuedUnder}
  from invoices i
  ${issuedUnderJoins}
  where i.company_id = ${value('companyId')} and i.status = 'VALIDATED'
    and i.date between ${value('from')}::date and ${value('to')}::date
    and ${keyset(sql`i.date`, sql`i.id`)}`);

/** Validated invoices dated in the period, with the settings they were issued under. */
export function issuedInvoicePages(db: Database, companyId: number, period: Period) {
  return pagesOf<IssuedInvoiceRow>(db, issuedInvoicePage, { companyId, ...period });
}

/** The stored amounts' parts (jsonb: the drivers parse it; some leave it text). */
export function ratePartsOf(value: unknown): RatePart[] {
  const parts = (typeof value === 'string' ? JSON.parse(value) : value) as RatePart[] | null;
  return (parts ?? []).map((p) => ({
    vatRate: Number(p.vatRate),
    ht: Number(p.ht),
    vat: Number(p.vat),
    depositHt: Number(p.depositHt ?? 0),
  }));
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
}

export interface PaymentFilter extends Period {
  bankId?: number;
}

const paymentColumns = sql`p.id, to_char(p.paid_on, 'YYYY-MM-DD') as day, p.amount_cents as amount, p.mode,
  coalesce(p.comment, '') as comment, p.is_retainage as "isRetainage", p.bank_id as "bankId",
  coalesce(b.name, '') as "bankName", coalesce(b.accounting_number, '') as "bankAccount",
  coalesce(p.cheque_number, '') as "chequeNumber", coalesce(p.drawer, '') as drawer,
  coalesce(i.number, '') as "invoiceNumber", coalesce(c.customer_code, '') as "customerCode",
  ${customerName} as "customerName"`;

const paymentJoins = sql`payments p
  join invoices i on i.id = p.invoice_id
  join customers c on c.id = i.customer_id
  left join banks b on b.id = p.bank_id`;

/** Payments received in the period (a credit-note payment, of zero, moves no money: left out). */
const receivedIn = (byBank: boolean) => sql`p.company_id = ${value('companyId')} and p.amount_cents <> 0
  and p.paid_on between ${value('from')}::date and ${value('to')}::date
  ${byBank ? sql`and p.bank_id = ${value('bankId')}::int` : sql``}`;

const paymentPage = (byBank: boolean) =>
  pageStatement(sql`select ${paymentColumns} from ${paymentJoins}
    where ${receivedIn(byBank)} and ${keyset(sql`p.paid_on`, sql`p.id`)}`);
const paymentPageOfBank = paymentPage(true);
const paymentPageOfAll = paymentPage(false);

/** The payments of the journals (all banks, or one). */
export function paymentPages(db: Database, companyId: number, filter: PaymentFilter) {
  const { from, to, bankId } = filter;
  return bankId === undefined
    ? pagesOf<PaymentRow>(db, paymentPageOfAll, { companyId, from, to })
    : pagesOf<PaymentRow>(db, paymentPageOfBank, { companyId, from, to, bankId });
}

export interface CollectedRow {
  id: number;
  day: string;
  amount: number;
  /** The invoice's parts per rate (jsonb), read through `ratePartsOf`. */
  rates: unknown;
  reverseCharge: boolean;
  vatOnDebits: boolean;
  operationNature: string;
}

/**
 * What the collected VAT reads of a payment: its day, its amount, its invoice's rates, reverse
 * charge and the settings it was issued under (no names).
 */
const collectedPage = pageStatement(sql`
  select p.id, to_char(p.paid_on, 'YYYY-MM-DD') as day, p.amount_cents as amount, i.amounts -> 'byRate' as rates,
    i.reverse_charge as "reverseCharge", ${issuedUnder}
  from payments p join invoices i on i.id = p.invoice_id
  ${issuedUnderJoins}
  where ${receivedIn(false)} and ${keyset(sql`p.paid_on`, sql`p.id`)}`);

export function collectedPages(db: Database, companyId: number, period: Period) {
  return pagesOf<CollectedRow>(db, collectedPage, { companyId, ...period });
}

/** The chosen payments (the cheque slip's), in (date, id) order; ids of another company are not found. */
export async function paymentsByIds(
  db: Database,
  companyId: number,
  ids: readonly number[],
): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db.withTenant(
    companyId,
    async (tx) =>
      rowsOf(
        await tx.execute(sql`
        select ${paymentColumns}
        from ${paymentJoins}
        where p.company_id = ${companyId} and p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by p.paid_on, p.id`),
      ) as unknown as PaymentRow[],
  );
}

// ------------------------------------------------------------------------------------------- FEC

/** One entry of the FEC: a sales entry (an invoice) or a bank entry (a payment), with its number. */
export interface FecEntryRow extends Omit<SalesInvoiceRow, 'id' | 'validatedOn'> {
  /** The entry's number (accounting_entries), the keyset of the pages. */
  entryNumber: number;
  /** The day the entry was validated (Paris): the invoice's validation, the payment's recording. */
  validDate: string;
  isPayment: boolean;
  /** A payment's; null on a sales entry. */
  amount: number | null;
  isRetainage: boolean;
  bankId: number | null;
  bankName: string;
  bankAccount: string;
}

/**
 * The entries dated in the period in the order of their numbers (the order of validation, all
 * journals together): each entry's source read through its number; one whose source is gone (a
 * deleted payment) or no longer validated (an invoice back to PROVISOIRE) is left out.
 */
const fecPage = pageStatement(sql`
  select e.number as "entryNumber", (e.payment_id is not null) as "isPayment",
    to_char(coalesce(p.paid_on, i.date), 'YYYY-MM-DD') as day,
    to_char(coalesce(p.recorded_at, i.validated_at, i.date::timestamptz) at time zone 'Europe/Paris', 'YYYY-MM-DD') as "validDate",
    ${salesColumns},
    p.amount_cents as amount, coalesce(p.is_retainage, false) as "isRetainage", p.bank_id as "bankId",
    coalesce(b.name, '') as "bankName", coalesce(b.accounting_number, '') as "bankAccount"
  from accounting_entries e
  left join payments p on p.id = e.payment_id and p.company_id = e.company_id
  join invoices i on i.id = coalesce(p.invoice_id, e.invoice_id) and i.company_id = e.company_id
  join customers c on c.id = i.customer_id
  left join banks b on b.id = p.bank_id
  where e.company_id = ${value('companyId')} and e.number > ${value('afterId')}::int
    and i.status = 'VALIDATED' and (p.id is null or p.amount_cents <> 0)
    and (e.payment_id is null) = (p.id is null)
    and coalesce(p.paid_on, i.date) between ${value('from')}::date and ${value('to')}::date
  order by e.number limit ${sql.raw(String(PAGE_SIZE))}`);

/** The FEC's entries, page by page (keyset on the entry number; the next page read ahead). */
export async function* fecEntryPages(
  db: Database,
  companyId: number,
  period: Period,
): AsyncGenerator<FecEntryRow[]> {
  const read = (afterId: number) => {
    const page = db.tenantRead<FecEntryRow>(companyId, fecPage, {
      companyId,
      ...period,
      afterDay: period.from,
      afterId,
    });
    page.catch(() => {});
    return page;
  };
  let next: Promise<FecEntryRow[]> | null = read(0);
  while (next) {
    const rows: FecEntryRow[] = await next;
    next = rows.length === PAGE_SIZE ? read(rows[rows.length - 1]!.entryNumber) : null;
    if (rows.length > 0) yield rows;
  }
}
