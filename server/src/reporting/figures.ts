/**
 * The reporting's figures (issue 24), one function per figure. Each one adds up the rows of the list
 * or export it summarises, so that a figure and its list never disagree (the reconciliation tests
 * check each against its list on PGlite and PostgreSQL); at 100 000 invoices, most read per-day sums
 * of those rows kept by the database (migration 0048, bench/results.md « Reporting »):
 * - invoiced (HT, TVA, TTC, credit notes deducted: they carry negative amounts) = the totals of
 *   « Mes factures » filtered on validated invoices dated in the period (`listInvoices`), read from
 *   the per-day sums of those same rows that the database keeps (invoice_day_totals, migration 0048);
 * - received = the total of « Règlements reçus » paid in the period (`listReceived`'s rows), read
 *   from the payments' index (≈ 25 ms a year at 100 000 invoices): kept per-day sums of payments
 *   would make every payment of a company and day wait for the others, and two batches crossing
 *   days could deadlock (docs/decisions.md, « Reporting »);
 * - outstanding and overdue = the totals of « Règlements en attente » for invoices dated in the
 *   period, all of them and the overdue ones (`listOutstanding`'s lines: invoices still owed and
 *   released retainages, by the one balance formula of invoicing/balances.ts), in one statement;
 * - collected VAT = the collected VAT export's lines added up (`collectedVatTotals`; its sum read from
 *   each payment's stored VAT, `collectedVatIn`).
 * The series (per month, aged receivables, quotes, customers, margins) group the same rows; the
 * reconciliation tests (test/reporting*.test.ts) check each against the figure it splits.
 */
import { sql } from 'drizzle-orm';
import { FULL_PERCENT, mulDivRound } from '../../../src/contract/money.js';
import { quoteMargins } from '../../../src/contract/quotes.js';
import {
  type AgedBucket,
  agedBucketOf,
  agedBuckets,
  conversionRate,
  daysSalesOutstanding,
  monthsOf,
  type Period,
  periodDays,
} from '../../../src/contract/reporting.js';
import { type Database, readStatement, rowsOf, type Tx } from '../db/database.js';
import { vatDueOf, vatOnIssue } from '../domain/accountingEntries.js';
import { collectedVatTotals } from '../exports/journals.js';
import { ratePartsOf } from '../exports/rows.js';
import { invoiceAlias, owed, retainageOwed, standing } from '../invoicing/balances.js';
import type { QuoteRow } from '../invoicing/load.js';
import { releaseDate } from '../invoicing/payments.js';
import { contentOf } from '../invoicing/quotes.js';

type Row = Record<string, unknown>;
const i = invoiceAlias('i');

// ------------------------------------------------------------------------------------- figures

interface InvoicedFigure {
  count: number;
  exclTaxCents: number;
  vatCents: number;
  inclTaxCents: number;
  /** The credit notes among them (negative). */
  creditNotesInclTaxCents: number;
}

/**
 * « Mes factures »' totals of the validated invoices dated in the period (credit notes included,
 * negative), and its credit notes' own: the per-day sums the database keeps of exactly those rows
 * (invoice_day_totals, migration 0048: at most 366 rows a year instead of every invoice's), added up
 * in one read. test/invoice-day-totals.test.ts proves the kept rows equal the invoices' sums whatever
 * happens to them; test/reporting.test.ts that this equals the list's totals.
 */
async function invoicedIn(tx: Tx, companyId: number, period: Period): Promise<InvoicedFigure> {
  const [row] = rowsOf(
    await tx.execute(sql`select coalesce(sum(invoice_count), 0)::bigint as count,
        coalesce(sum(excl_tax_cents), 0)::bigint as excl,
        coalesce(sum(vat_cents), 0)::bigint as vat,
        coalesce(sum(incl_tax_cents), 0)::bigint as incl,
        coalesce(sum(credit_note_incl_tax_cents), 0)::bigint as credit_notes_incl
      from invoice_day_totals
      where company_id = ${companyId} and day >= ${period.from}::date and day <= ${period.to}::date`),
  );
  return {
    count: Number(row?.count ?? 0),
    exclTaxCents: Number(row?.excl ?? 0),
    vatCents: Number(row?.vat ?? 0),
    inclTaxCents: Number(row?.incl ?? 0),
    creditNotesInclTaxCents: Number(row?.credit_notes_incl ?? 0),
  };
}

/**
 * « Règlements reçus »' total of the payments made in the period (`listReceived` without a filter:
 * every payment of the company by its day).
 */
async function receivedIn(tx: Tx, companyId: number, period: Period): Promise<number> {
  const [row] = rowsOf(
    await tx.execute(sql`select coalesce(sum(p.amount_cents), 0)::bigint as total from payments p
      where p.company_id = ${companyId} and p.paid_on >= ${period.from}::date and p.paid_on <= ${period.to}::date`),
  );
  return Number(row?.total ?? 0);
}

interface OutstandingFigures {
  outstandingCents: number;
  overdueCents: number;
}

/**
 * « Règlements en attente »' totals for the invoices dated in the period: all its lines, and its
 * overdue ones (`listOutstanding` with and without `overdue=true`), added up in one pass instead of
 * two. Its lines as the list writes them: each standing invoice still owing on itself, due on its
 * due date; each released retainage still owed, due on its release date; a line is overdue when its
 * due day is before today. The invoices are read from invoices_outstanding_period_idx and
 * invoices_retainage_period_idx alone (0043). Not kept per day: what is owed moves with every
 * payment, and what is overdue with the date.
 */
async function outstandingOf(
  db: Database,
  companyId: number,
  period: Period,
  today: string,
): Promise<OutstandingFigures> {
  const [row] = await db.tenantRead<Row>(companyId, outstandingStatement, { companyId, ...period, today });
  return { outstandingCents: Number(row?.outstanding ?? 0), overdueCents: Number(row?.overdue ?? 0) };
}

/**
 * Prepared once per connection with its generic plan (two index-only range scans whatever the
 * period): planned at each run, its union of two joins took 12–13 ms to plan at load 10, as long as
 * reading a year's lines.
 */
const outstandingStatement = (() => {
  const at = (name: string) => sql.placeholder(name);
  const inPeriod = sql`i.company_id = ${at('companyId')} and ${standing(i)}
    and i.date >= ${at('from')}::date and i.date <= ${at('to')}::date`;
  return readStatement(
    sql`select coalesce(sum(l.balance), 0)::bigint as outstanding,
        coalesce(sum(l.balance) filter (where l.due_date < ${at('today')}::date), 0)::bigint as overdue
      from (select i.due_date, ${owed(i)} as balance from invoices i where ${inPeriod} and ${owed(i)} > 0
        union all
        select ${releaseDate} as due_date, ${retainageOwed(i)} as balance
        from invoices i join business_jobs j on j.id = i.business_job_id
        where ${inPeriod} and i.retainage_cents > 0 and j.delivery_date is not null
          and ${releaseDate} <= ${at('today')}::date and ${retainageOwed(i)} > 0) l`,
    { genericPlan: true },
  );
})();

/**
 * The collected VAT export's « TVA collectée » column added up over the period: the VAT of the
 * payments received (invoices taxed on receipts) plus the VAT of the invoices issued (those taxed on
 * their issue: the debits option, or goods), as `collectedVatTotals` lists it line by line.
 *
 * Its sum, without reading each payment's invoice: every payment keeps the VAT it collects
 * (`payments.collected_vat_cents`, migration 0045: the domain's `collectedVat` computed by the
 * database when the payment or its invoice is written, proven equal by test/collected-vat-split).
 * When the company's own settings tax on receipts (construction works are services), an invoice is
 * taxed on its issue only if its frozen document says so (`issuedUnder` of exports/rows.ts with the
 * company's settings falling back to receipts): those few invoices are found by their own index
 * (invoice_snapshots_vat_on_issue_idx), their payments taken out of the receipts' sum and their VAT
 * on issue added by the domain's `vatOnIssue`. A company taxed on debits by its settings: the
 * export's own computation (every payment and invoice read).
 */
export async function collectedVatIn(db: Database, companyId: number, period: Period): Promise<number> {
  const sum = await db.withTenant(companyId, async (tx) => {
    const [settings] = rowsOf(
      await tx.execute(
        sql`select vat_on_debits, operation_nature from document_settings where company_id = ${companyId}`,
      ),
    );
    if (
      settings &&
      vatDueOf({
        vatOnDebits: Boolean(settings.vat_on_debits),
        operationNature: String(settings.operation_nature),
      }) !== 'receipts'
    )
      return null;
    const inPeriod = sql`p.company_id = ${companyId} and p.amount_cents <> 0
      and p.paid_on >= ${period.from}::date and p.paid_on <= ${period.to}::date`;
    const [received] = rowsOf(
      await tx.execute(
        sql`select coalesce(sum(p.collected_vat_cents), 0)::bigint as vat from payments p where ${inPeriod}`,
      ),
    );
    const [ofIssued] = rowsOf(
      await tx.execute(sql`select coalesce(sum(p.collected_vat_cents), 0)::bigint as vat
        from invoice_document_snapshots s join payments p on p.invoice_id = s.invoice_id
        where s.company_id = ${companyId} and ${taxedOnIssue} and ${inPeriod}`),
    );
    const issued = rowsOf(
      await tx.execute(sql`select i.amounts -> 'byRate' as rates, i.reverse_charge
        from invoice_document_snapshots s join invoices i on i.id = s.invoice_id
        where s.company_id = ${companyId} and ${taxedOnIssue} and i.company_id = ${companyId}
          and i.status = 'VALIDATED' and i.date >= ${period.from}::date and i.date <= ${period.to}::date`),
    );
    let onIssue = 0;
    for (const r of issued) {
      for (const line of vatOnIssue({
        reverseCharge: Boolean(r.reverse_charge),
        byRate: ratePartsOf(r.rates),
        due: 'debits',
      }))
        onIssue += line.vat;
    }
    return Number(received!.vat) - Number(ofIssued!.vat) + onIssue;
  });
  if (sum !== null) return sum;
  return (await collectedVatTotals(db, companyId, period)).reduce((total, line) => total + line.vat, 0);
}

/** A frozen document taxed on its issue: the predicate of invoice_snapshots_vat_on_issue_idx, as written there. */
const taxedOnIssue = sql`(coalesce((s.data #>> '{document,settings,vatOnDebits}')::boolean, false) or s.data #>> '{document,settings,operationNature}' = 'goods')`;

export interface Summary {
  invoicedExclTaxCents: number;
  invoicedVatCents: number;
  invoicedInclTaxCents: number;
  invoiceCount: number;
  creditNotesInclTaxCents: number;
  receivedCents: number;
  outstandingCents: number;
  overdueCents: number;
  daysSalesOutstanding: number | null;
}

/**
 * Every figure of one period, each from its function above: the kept sums in one tenant
 * transaction, what is owed in a read of its own at the same time (on PostgreSQL, another
 * connection of the pool).
 */
export async function summaryOf(
  db: Database,
  companyId: number,
  period: Period,
  today: string,
): Promise<Summary> {
  const [sums, { outstandingCents, overdueCents }] = await Promise.all([
    db.withTenant(companyId, async (tx) => ({
      invoiced: await invoicedIn(tx, companyId, period),
      receivedCents: await receivedIn(tx, companyId, period),
    })),
    outstandingOf(db, companyId, period, today),
  ]);
  const { invoiced, receivedCents } = sums;
  return {
    invoicedExclTaxCents: invoiced.exclTaxCents,
    invoicedVatCents: invoiced.vatCents,
    invoicedInclTaxCents: invoiced.inclTaxCents,
    invoiceCount: invoiced.count,
    creditNotesInclTaxCents: invoiced.creditNotesInclTaxCents,
    receivedCents,
    outstandingCents,
    overdueCents,
    daysSalesOutstanding: daysSalesOutstanding(outstandingCents, invoiced.inclTaxCents, periodDays(period)),
  };
}

// -------------------------------------------------------------------------------------- series

export interface MonthFigures {
  month: string;
  invoicedExclTaxCents: number;
  invoicedInclTaxCents: number;
  receivedCents: number;
}

/**
 * Invoiced (the same day sums as `invoicedIn`) and received (as `receivedIn`) per month of the
 * period: the kept per-day sums of the invoices (invoice_day_totals) and the payments by day, the
 * days added into their month here.
 */
export async function monthlyOf(tx: Tx, companyId: number, period: Period): Promise<MonthFigures[]> {
  const invoiced = rowsOf(
    await tx.execute(sql`select to_char(d.day, 'YYYY-MM-DD') as day, d.excl_tax_cents as excl, d.incl_tax_cents as incl
      from invoice_day_totals d
      where d.company_id = ${companyId} and d.day >= ${period.from}::date and d.day <= ${period.to}::date`),
  );
  const received = rowsOf(
    await tx.execute(sql`select to_char(p.paid_on, 'YYYY-MM-DD') as day, sum(p.amount_cents)::bigint as total
      from payments p
      where p.company_id = ${companyId} and p.paid_on >= ${period.from}::date and p.paid_on <= ${period.to}::date
      group by p.paid_on`),
  );
  const byMonth = new Map(
    monthsOf(period).map((month) => [
      month,
      { month, invoicedExclTaxCents: 0, invoicedInclTaxCents: 0, receivedCents: 0 } as MonthFigures,
    ]),
  );
  const monthOf = (r: Row) => byMonth.get(String(r.day).slice(0, 7));
  for (const r of invoiced) {
    const m = monthOf(r);
    if (m) {
      m.invoicedExclTaxCents += Number(r.excl);
      m.invoicedInclTaxCents += Number(r.incl);
    }
  }
  for (const r of received) {
    const m = monthOf(r);
    if (m) m.receivedCents += Number(r.total);
  }
  return [...byMonth.values()];
}

export interface AgedReceivables {
  buckets: { bucket: AgedBucket; cents: number; count: number }[];
  /** Released retainages still owed (lines of « Règlements en attente », apart from the buckets). */
  retainageDueCents: number;
  /** Retainages held, not yet released (not owed yet: neither in the list nor in the buckets). */
  retainageHeldCents: number;
}

/**
 * What « Règlements en attente » lists for the invoices dated in the period, by days past due
 * (agedBucketOf), released retainages apart; and the retainages still held. Σ buckets + the
 * retainages due = `outstandingOf`.
 */
export async function agedReceivablesOf(
  tx: Tx,
  companyId: number,
  period: Period,
  today: string,
): Promise<AgedReceivables> {
  const inPeriod = sql`i.company_id = ${companyId} and ${standing(i)}
    and i.date >= ${period.from}::date and i.date <= ${period.to}::date`;
  // One row per due date (a few hundred at most), bucketed by the shared rule below.
  const byDueDate = rowsOf(
    await tx.execute(sql`select to_char(i.due_date, 'YYYY-MM-DD') as due, sum(${owed(i)})::bigint as owed, count(*)::int as n
      from invoices i where ${inPeriod} and ${owed(i)} > 0 group by i.due_date`),
  );
  const [retainages] = rowsOf(
    await tx.execute(sql`select
        coalesce(sum(${retainageOwed(i)}) filter (where j.delivery_date is not null and ${releaseDate} <= ${today}::date), 0)::bigint as due,
        coalesce(sum(${retainageOwed(i)}) filter (where j.delivery_date is null or ${releaseDate} > ${today}::date), 0)::bigint as held
      from invoices i join business_jobs j on j.id = i.business_job_id
      where ${inPeriod} and i.retainage_cents > 0 and ${retainageOwed(i)} > 0`),
  );
  const buckets = new Map(agedBuckets.map((bucket) => [bucket, { bucket, cents: 0, count: 0 }]));
  for (const r of byDueDate) {
    const b = buckets.get(agedBucketOf(String(r.due), today))!;
    b.cents += Number(r.owed);
    b.count += Number(r.n);
  }
  return {
    buckets: [...buckets.values()],
    retainageDueCents: Number(retainages?.due ?? 0),
    retainageHeldCents: Number(retainages?.held ?? 0),
  };
}

export interface QuoteFigures {
  sent: number;
  accepted: number;
  refused: number;
  pending: number;
  sentExclTaxCents: number;
  acceptedExclTaxCents: number;
  refusedExclTaxCents: number;
  pendingExclTaxCents: number;
  conversionRateBasisPoints: number | null;
}

/**
 * The quotes dated in the period that left the company (their latest revision: a revised quote
 * counts once), by their state: accepted, refused, or still waiting for an answer.
 */
export async function quotesOf(tx: Tx, companyId: number, period: Period): Promise<QuoteFigures> {
  const rows = rowsOf(
    await tx.execute(sql`select q.status, count(*)::int as n, coalesce(sum(q.total_excl_tax_cents), 0)::bigint as total
      from quotes q
      where q.company_id = ${companyId} and q.latest and q.status <> 'draft'
        and q.date >= ${period.from}::date and q.date <= ${period.to}::date
      group by q.status`),
  );
  const of = (status: string) => rows.find((r) => r.status === status);
  const count = (status: string) => Number(of(status)?.n ?? 0);
  const total = (status: string) => Number(of(status)?.total ?? 0);
  const sent = count('sent') + count('accepted') + count('refused');
  return {
    sent,
    accepted: count('accepted'),
    refused: count('refused'),
    pending: count('sent'),
    sentExclTaxCents: total('sent') + total('accepted') + total('refused'),
    acceptedExclTaxCents: total('accepted'),
    refusedExclTaxCents: total('refused'),
    pendingExclTaxCents: total('sent'),
    conversionRateBasisPoints: conversionRate(count('accepted'), sent),
  };
}

export interface CustomerFigures {
  customerId: number;
  customerName: string;
  invoicedExclTaxCents: number;
  invoicedInclTaxCents: number;
}

/** The customers invoiced most in the period (HT, credit notes deducted), the largest first. */
export async function topCustomersOf(
  tx: Tx,
  companyId: number,
  period: Period,
  limit = 10,
): Promise<CustomerFigures[]> {
  const rows = rowsOf(
    await tx.execute(sql`select t.customer_id, t.excl, t.incl,
        coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) as name
      from (select i.customer_id, sum(i.total_excl_tax_cents)::bigint as excl, sum(i.total_incl_tax_cents)::bigint as incl
        from invoices i
        where i.company_id = ${companyId} and i.status = 'VALIDATED'
          and i.date >= ${period.from}::date and i.date <= ${period.to}::date
        group by i.customer_id order by 2 desc, 1 limit ${limit}) t
      join customers c on c.id = t.customer_id
      order by t.excl desc, t.customer_id`),
  );
  return rows.map((r) => ({
    customerId: Number(r.customer_id),
    customerName: String(r.name ?? ''),
    invoicedExclTaxCents: Number(r.excl),
    invoicedInclTaxCents: Number(r.incl),
  }));
}

export interface JobMargin {
  businessJobId: number;
  businessJobName: string;
  saleExclTaxCents: number;
  costCents: number;
  marginCents: number;
  marginRateBasisPoints: number | null;
  /** Priced lines without a cost: left out of the margin (their cost is unknown, not zero). */
  linesWithoutCost: number;
}

/**
 * Per job, the margin its accepted quotes dated in the period plan (the quote editor's own margin
 * view, `quoteMargins`: déboursé sec from the price library against the discounted sale), for the
 * quotes with at least one costed line. The largest sales first, `limit` jobs.
 */
export async function jobMarginsOf(
  tx: Tx,
  companyId: number,
  period: Period,
  limit = 20,
): Promise<JobMargin[]> {
  const rows = rowsOf(
    await tx.execute(sql`select q.business_job_id, j.name, q.items, q.discount_basis_points, q.deposit_basis_points,
        q.reverse_charge
      from quotes q join business_jobs j on j.id = q.business_job_id
      where q.company_id = ${companyId} and q.latest and q.status = 'accepted'
        and q.date >= ${period.from}::date and q.date <= ${period.to}::date
        and jsonb_path_exists(q.items, '$.**.costCents')`),
  );
  const jobs = new Map<number, JobMargin & { costedSale: number }>();
  for (const r of rows) {
    const margins = quoteMargins(
      contentOf({
        items: r.items,
        discountBasisPoints: Number(r.discount_basis_points),
        depositBasisPoints: Number(r.deposit_basis_points),
        reverseCharge: Boolean(r.reverse_charge),
      } as QuoteRow),
    );
    const id = Number(r.business_job_id);
    const job = jobs.get(id) ?? {
      businessJobId: id,
      businessJobName: String(r.name),
      saleExclTaxCents: 0,
      costCents: 0,
      marginCents: 0,
      marginRateBasisPoints: null,
      linesWithoutCost: 0,
      costedSale: 0,
    };
    job.saleExclTaxCents += margins.ht;
    job.costCents += margins.cost;
    job.marginCents += margins.margin;
    job.costedSale += margins.cost + margins.margin;
    job.linesWithoutCost += margins.withoutCost;
    jobs.set(id, job);
  }
  return [...jobs.values()]
    .map(({ costedSale, ...job }) => ({
      ...job,
      marginRateBasisPoints: costedSale === 0 ? null : mulDivRound(job.marginCents, FULL_PERCENT, costedSale),
    }))
    .sort((a, b) => b.saleExclTaxCents - a.saleExclTaxCents || a.businessJobId - b.businessJobId)
    .slice(0, limit);
}
