/**
 * What the invoicing API answers: lists (filtered, sorted, paged in SQL, with their totals) and the
 * detail of a job, a quote or an invoice. Read-only; shapes are server/src/schemas/invoicing.ts.
 */

import type { z } from '@hono/zod-openapi';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNotNull,
  lt,
  lte,
  ne,
  not,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Database, readStatement, statementsByShape, type Tx } from '../db/database.js';
import { containing } from '../db/like.js';
import {
  businessJobs,
  customers,
  documentSettings,
  invoiceLines,
  invoices,
  payments,
  quoteLines,
  quotes,
  users,
  vatRates,
} from '../db/schema.js';
import { vatBreakdown } from '../domain/accountingEntries.js';
import {
  canQuote,
  type InvoiceAmounts,
  invoicedByRate,
  isFullyInvoiced,
  leftToInvoiceCents,
  type PaymentDeadline,
  previousProgress,
  type QuoteStatus,
  quoteAmounts,
  quoteBases,
  quoteSendIssues,
  quoteStatusOn,
  quoteTotals,
  quoteTransition,
  retainageReleaseDate,
  type StoredQuoteStatus,
} from '../domain/index.js';
import type {
  BusinessJobDetailSchema,
  BusinessJobSchema,
  BusinessJobsQuery,
  InvoiceDetailSchema,
  InvoiceSchema,
  InvoiceSummarySchema,
  InvoicesQuery,
  QuoteDetailSchema,
  QuoteSchema,
  QuotesQuery,
} from '../schemas/invoicing.js';
import { siteProgressOfQuote } from '../site/site-management.js';
import { balance as balanceOf, invoiceTable, overdue as overdueOf, toCollect } from './balances.js';
import { lockView } from './edit-locks.js';
import { pageWithTotals, plannedOnce, todayValue, value } from './list-totals.js';
import { customerName, invoicesOfQuote, loadQuote, type QuoteRow } from './load.js';
import { answerOf, contentOf, measureSourcesOfQuote, quoteStateOf, revisionsOf } from './quotes.js';
import { todayInFrance } from './today.js';

type InvoiceJson = z.infer<typeof InvoiceSchema>;
type InvoiceSummaryJson = z.infer<typeof InvoiceSummarySchema>;
type QuoteJson = z.infer<typeof QuoteSchema>;
type JobJson = z.infer<typeof BusinessJobSchema>;

/**
 * A list's columns as tenantRead answers them (the driver's rows, not drizzle's mapping): named as
 * the API names them, the dates and instants (`asText`) in PostgreSQL's text, as drizzle's mapping
 * reads them too (a date stays that text; an instant becomes a Date of it: isoInstant).
 */
function listColumns<T extends Record<string, SQLWrapper>>(columns: T, asText: (keyof T & string)[]) {
  return Object.fromEntries(
    Object.entries(columns).map(([name, column]) => [
      name,
      (asText.includes(name) ? sql`${column}::text` : sql`${column}`).as(name),
    ]),
  ) as Record<keyof T, SQL.Aliased>;
}

/** An instant as the API writes it, from PostgreSQL's text (a list's row) or a Date (drizzle's). */
const isoInstant = (instant: unknown): string | null =>
  instant ? (instant instanceof Date ? instant : new Date(instant as string)).toISOString() : null;

// --------------------------------------------------------------------------------------------- invoices

/** The invoice's « Reste dû » and « en retard », from the one formula (balances.ts). */
const balance = balanceOf(invoiceTable);

const overdue = (today: string | Placeholder) =>
  sql<boolean>`(${invoices.status} = 'VALIDATED' and ${overdueOf(invoiceTable, today)})`;

const invoiceListColumns = (today: string | Placeholder) => ({
  id: invoices.id,
  version: invoices.version,
  number: invoices.number,
  kind: invoices.kind,
  type: invoices.type,
  status: invoices.status,
  creditNoteId: invoices.creditNoteId,
  date: invoices.date,
  dueDate: invoices.dueDate,
  title: invoices.title,
  customerId: invoices.customerId,
  customerName,
  businessJobId: invoices.businessJobId,
  businessJobName: businessJobs.name,
  quoteId: invoices.quoteId,
  quoteNumber: quotes.number,
  totalExclTaxCents: invoices.totalExclTaxCents,
  totalVatCents: invoices.totalVatCents,
  totalInclTaxCents: invoices.totalInclTaxCents,
  retainageCents: invoices.retainageCents,
  paidCents: invoices.paidCents,
  balanceCents: balance,
  overdue: overdue(today),
  validatedAt: invoices.validatedAt,
});

type InvoiceListRow = {
  [K in keyof ReturnType<typeof invoiceListColumns>]: unknown;
} & Record<string, unknown>;

function toInvoiceJson(r: InvoiceListRow): InvoiceJson {
  return {
    id: r.id as number,
    version: r.version as number,
    number: r.number as string | null,
    kind: r.kind as InvoiceJson['kind'],
    type: r.type as InvoiceJson['type'],
    status: r.status as InvoiceJson['status'],
    cancelled: r.creditNoteId !== null,
    date: r.date as string,
    dueDate: r.dueDate as string,
    title: r.title as string,
    customerId: r.customerId as number,
    customerName: (r.customerName as string) ?? '',
    businessJobId: r.businessJobId as number | null,
    businessJobName: (r.businessJobName as string | null) ?? null,
    quoteId: r.quoteId as number | null,
    quoteNumber: (r.quoteNumber as string | null) ?? null,
    totalExclTaxCents: r.totalExclTaxCents as number,
    totalVatCents: r.totalVatCents as number,
    totalInclTaxCents: r.totalInclTaxCents as number,
    retainageCents: r.retainageCents as number,
    paidCents: r.paidCents as number,
    balanceCents: Number(r.balanceCents),
    overdue: Boolean(r.overdue),
    validatedAt: isoInstant(r.validatedAt),
  };
}

const invoiceSorts = {
  date: invoices.date,
  number: invoices.number,
  customer: customerName,
  dueDate: invoices.dueDate,
  totalInclTax: invoices.totalInclTaxCents,
  balance,
  status: invoices.status,
} as const;

/** What changes the text of a list's statement: the filters present (not their values) and the sort. */
type InvoiceShape = {
  status: boolean;
  kind: boolean;
  customerId: boolean;
  businessJobId: boolean;
  quoteId: boolean;
  from: boolean;
  to: boolean;
  overdue: boolean | undefined;
  search: boolean;
  sort: z.output<typeof InvoicesQuery>['sort'];
  order: 'asc' | 'desc';
};

/**
 * Whatever narrows the list beyond the company and a status: without any, the count and sums are
 * those the database keeps per company and status (migration 0054) rather than a scan.
 */
function invoiceNarrowing(shape: InvoiceShape): (SQL | undefined)[] {
  return [
    shape.kind ? eq(invoices.kind, value('kind')) : undefined,
    shape.customerId ? eq(invoices.customerId, value('customerId')) : undefined,
    shape.businessJobId ? eq(invoices.businessJobId, value('businessJobId')) : undefined,
    shape.quoteId ? eq(invoices.quoteId, value('quoteId')) : undefined,
    shape.from ? gte(invoices.date, value('from')) : undefined,
    shape.to ? lte(invoices.date, value('to')) : undefined,
    shape.overdue === true
      ? overdue(todayValue)
      : shape.overdue === false
        ? sql`not ${overdue(todayValue)}`
        : undefined,
    // The number, the title, the customer's and the job's names, found through their trigram
    // indexes by bo_invoice_list_search (migration 0049: under row-level security the planner may
    // not use an index for ilike, and read every invoice of the company).
    shape.search ? sql`${invoices.id} in (select bo_invoice_list_search(${value('pattern')}))` : undefined,
  ];
}

const invoiceWhere = (shape: InvoiceShape) =>
  and(
    eq(invoices.companyId, value('companyId')),
    shape.status ? eq(invoices.status, value('status')) : undefined,
    ...invoiceNarrowing(shape),
  );

/**
 * Mes factures' statements of one shape: its page, and the count and sums of the whole filtered set.
 * Those are a scan of that set, or, when nothing narrows the list beyond the company and a status,
 * the rows the database keeps per company and status (migration 0054, invoice_list_totals): a few
 * rows instead of every invoice. The screen's own page (by date, nothing narrowing it but a status)
 * is planned once as a search is: its generic plan is the custom one, the company's invoices read
 * in date order from invoices_company_idx or _status_idx.
 */
const invoiceStatements = statementsByShape((shape: InvoiceShape) => {
  const kept = invoiceNarrowing(shape).every((filter) => filter === undefined);
  const direction = shape.order === 'asc' ? asc : desc;
  const page = new QueryBuilder()
    .select(listColumns(invoiceListColumns(todayValue), ['date', 'dueDate', 'validatedAt']))
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(businessJobs, eq(businessJobs.id, invoices.businessJobId))
    .leftJoin(quotes, eq(quotes.id, invoices.quoteId))
    .where(invoiceWhere(shape))
    .orderBy(direction(invoiceSorts[shape.sort]), direction(invoices.id))
    .limit(value('limit'))
    .offset(value('offset'));
  const totals = kept
    ? sql`select coalesce(sum(hits), 0)::int as "hits",
        coalesce(sum(total_excl_tax_cents), 0)::bigint as "totalExclTaxCents",
        coalesce(sum(total_vat_cents), 0)::bigint as "totalVatCents",
        coalesce(sum(total_incl_tax_cents), 0)::bigint as "totalInclTaxCents",
        coalesce(sum(balance_cents), 0)::bigint as "balanceCents"
      from invoice_list_totals
      where company_id = ${value('companyId')}${shape.status ? sql` and status = ${value('status')}` : sql``}`
    : new QueryBuilder()
        .select({
          hits: sql`count(*)::int`.as('hits'),
          totalExclTaxCents: sql`coalesce(sum(${invoices.totalExclTaxCents}), 0)::bigint`.as(
            'totalExclTaxCents',
          ),
          totalVatCents: sql`coalesce(sum(${invoices.totalVatCents}), 0)::bigint`.as('totalVatCents'),
          totalInclTaxCents: sql`coalesce(sum(${invoices.totalInclTaxCents}), 0)::bigint`.as(
            'totalInclTaxCents',
          ),
          balanceCents: sql`coalesce(sum(${balance}), 0)::bigint`.as('balanceCents'),
        })
        .from(invoices)
        .where(invoiceWhere(shape));
  return {
    page: readStatement(page, {
      genericPlan: plannedOnce(shape).genericPlan || (kept && shape.sort === 'date'),
    }),
    totals: readStatement(totals),
  };
});

export async function listInvoices(
  db: Database,
  companyId: number,
  query: z.output<typeof InvoicesQuery>,
  today: string,
) {
  const shape: InvoiceShape = {
    status: Boolean(query.status),
    kind: Boolean(query.kind),
    customerId: Boolean(query.customerId),
    businessJobId: Boolean(query.businessJobId),
    quoteId: Boolean(query.quoteId),
    from: Boolean(query.from),
    to: Boolean(query.to),
    overdue: query.overdue,
    search: Boolean(query.q),
    sort: query.sort,
    order: query.order === 'asc' ? 'asc' : 'desc',
  };
  const values = { ...query, companyId, today, pattern: query.q ? containing(query.q) : null };
  const statements = invoiceStatements(shape);
  const add = (
    rows: InvoiceJson[],
    field: 'totalExclTaxCents' | 'totalVatCents' | 'totalInclTaxCents' | 'balanceCents',
  ) => rows.reduce((total, row) => total + row[field], 0);
  const totals = async () => {
    const [row] = await db.tenantRead<TotalsRow>(companyId, statements.totals, values);
    return totalsJson(row!);
  };
  return pageWithTotals(query, {
    page: async () =>
      (await db.tenantRead<InvoiceListRow>(companyId, statements.page, values)).map(toInvoiceJson),
    totals,
    ofPage: (data) => ({
      hits: data.length,
      totals: {
        totalExclTaxCents: add(data, 'totalExclTaxCents'),
        totalVatCents: add(data, 'totalVatCents'),
        totalInclTaxCents: add(data, 'totalInclTaxCents'),
        balanceCents: add(data, 'balanceCents'),
      },
    }),
  });
}

type TotalsRow = Record<
  'hits' | 'totalExclTaxCents' | 'totalVatCents' | 'totalInclTaxCents' | 'balanceCents',
  unknown
>;

/** The answer's `info` (the sums are bigint in SQL). */
function totalsJson(totals: TotalsRow) {
  return {
    hits: Number(totals.hits),
    totals: {
      totalExclTaxCents: Number(totals.totalExclTaxCents),
      totalVatCents: Number(totals.totalVatCents),
      totalInclTaxCents: Number(totals.totalInclTaxCents),
      balanceCents: Number(totals.balanceCents),
    },
  };
}

/** Per rate of the invoice's amounts: the rate's id (from its lines, else the company's rate at that percentage). */
async function vatTotalsOf(
  tx: Tx,
  companyId: number,
  amounts: InvoiceAmounts | null,
  lines: readonly { vatRateId: number; vatBasisPoints: number }[],
) {
  // Reverse charge is 0 % (category AE) whatever rate its lines carry, as in the XML and the PDF.
  const byRate = vatBreakdown(amounts?.byRate ?? [], amounts?.reverseCharge ?? false);
  const ids = new Map<number, number>();
  for (const line of lines) if (!ids.has(line.vatBasisPoints)) ids.set(line.vatBasisPoints, line.vatRateId);
  if (byRate.some((r) => !ids.has(r.vatRate))) {
    for (const rate of await tx.select().from(vatRates).where(eq(vatRates.companyId, companyId))) {
      if (!ids.has(rate.rateBasisPoints)) ids.set(rate.rateBasisPoints, rate.id);
    }
  }
  return byRate
    .filter((r) => r.ht !== 0 || r.vat !== 0)
    .map((r) => ({
      vatRateId: ids.get(r.vatRate) ?? 0,
      basisPoints: r.vatRate,
      baseCents: r.ht,
      vatCents: r.vat,
    }));
}

export async function invoiceDetail(
  tx: Tx,
  companyId: number,
  id: number,
  sessionId: string,
  today: string,
): Promise<z.infer<typeof InvoiceDetailSchema> | null> {
  const [row] = await tx
    .select({
      ...invoiceListColumns(today),
      comment: invoices.comment,
      worksDate: invoices.worksDate,
      paymentDeadline: invoices.paymentDeadline,
      paymentModes: invoices.paymentModes,
      depositBasisPoints: invoices.depositBasisPoints,
      reverseCharge: invoices.reverseCharge,
      amounts: invoices.amounts,
      creditedInvoiceId: invoices.creditedInvoiceId,
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(businessJobs, eq(businessJobs.id, invoices.businessJobId))
    .leftJoin(quotes, eq(quotes.id, invoices.quoteId))
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  if (!row) return null;
  const [lines, paid, lock] = await Promise.all([
    tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, id)))
      .orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
    tx
      .select()
      .from(payments)
      .where(and(eq(payments.companyId, companyId), eq(payments.invoiceId, id)))
      .orderBy(asc(payments.paidOn), asc(payments.id)),
    lockView(tx, companyId, 'invoice', id, sessionId),
  ]);
  return {
    ...toInvoiceJson(row as InvoiceListRow),
    comment: row.comment,
    worksDate: row.worksDate,
    paymentDeadline: row.paymentDeadline as PaymentDeadline as z.infer<
      typeof InvoiceDetailSchema
    >['paymentDeadline'],
    paymentModes: row.paymentModes as z.infer<typeof InvoiceDetailSchema>['paymentModes'],
    depositBasisPoints: row.depositBasisPoints,
    reverseCharge: row.reverseCharge,
    lines: lines.map((l) => ({
      id: l.id,
      position: l.position,
      quoteLineId: l.quoteLineId,
      chapter: l.chapter,
      label: l.label,
      unit: l.unit,
      quantityMilli: l.quantityMilli,
      unitPriceCents: l.unitPriceCents,
      vatRateId: l.vatRateId,
      vatBasisPoints: l.vatBasisPoints,
      totalExclTaxCents: l.totalExclTaxCents,
      progressBasisPoints: l.progressBasisPoints,
    })),
    vatTotals: await vatTotalsOf(tx, companyId, row.amounts as InvoiceAmounts, lines),
    payments: paid.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      paidOn: p.paidOn,
      mode: p.mode,
      bankId: p.bankId,
      comment: p.comment,
      isRetainage: p.isRetainage,
    })),
    creditedInvoiceId: row.creditedInvoiceId,
    creditNoteId: (row.creditNoteId as number | null) ?? null,
    lock,
  };
}

const summaryColumns = {
  id: invoices.id,
  version: invoices.version,
  number: invoices.number,
  kind: invoices.kind,
  status: invoices.status,
  creditNoteId: invoices.creditNoteId,
  date: invoices.date,
  totalExclTaxCents: invoices.totalExclTaxCents,
  totalVatCents: invoices.totalVatCents,
  totalInclTaxCents: invoices.totalInclTaxCents,
};

async function invoiceSummaries(tx: Tx, companyId: number, where: SQL): Promise<InvoiceSummaryJson[]> {
  const rows = await tx
    .select(summaryColumns)
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), where))
    .orderBy(asc(invoices.id));
  return rows.map(({ creditNoteId, ...r }) => ({ ...r, cancelled: creditNoteId !== null }));
}

// --------------------------------------------------------------------------------------------- quotes

/**
 * Σ a quote's invoices excl. VAT (drafts included, credit notes negative): what « Reste à facturer »
 * subtracts. The outer columns are named with their table: drizzle writes a one-table select's
 * columns bare, and a bare "id" inside the subquery would be the invoice's own.
 */
export const invoicedOfQuote = sql<number>`coalesce((select sum(i.total_excl_tax_cents) from invoices i
  where i.company_id = "quotes"."company_id" and i.quote_id = "quotes"."id"), 0)::int`;

const quoteColumns = {
  id: quotes.id,
  version: quotes.version,
  number: quotes.number,
  title: quotes.title,
  date: quotes.date,
  status: quotes.status,
  businessJobId: quotes.businessJobId,
  businessJobName: businessJobs.name,
  customerId: quotes.customerId,
  customerName,
  totalExclTaxCents: quotes.totalExclTaxCents,
  totalVatCents: quotes.totalVatCents,
  totalInclTaxCents: quotes.totalInclTaxCents,
  invoicedExclTaxCents: invoicedOfQuote,
  reverseCharge: quotes.reverseCharge,
  baseNumber: quotes.baseNumber,
  revisionIndex: quotes.revisionIndex,
  latest: quotes.latest,
  validUntil: quotes.validUntil,
  optionsExclTaxCents: quotes.optionsExclTaxCents,
  sentAt: quotes.sentAt,
};

/** A row as answered: its status on `today` (a sent quote past its validity date is `expired`). */
const toQuoteJson = (r: Record<string, unknown>, today: string): QuoteJson =>
  ({
    ...r,
    status: quoteStatusOn(
      { status: r.status as StoredQuoteStatus, validUntil: r.validUntil as string | null },
      today,
    ),
    businessJobName: (r.businessJobName as string) ?? '',
    customerName: (r.customerName as string) ?? '',
    invoicedExclTaxCents: Number(r.invoicedExclTaxCents),
    sentAt: isoInstant(r.sentAt),
  }) as QuoteJson;

function quoteRows(tx: Tx) {
  return tx
    .select({ ...quoteColumns, hits: sql<number>`(count(*) over ())::int` })
    .from(quotes)
    .leftJoin(businessJobs, eq(businessJobs.id, quotes.businessJobId))
    .leftJoin(customers, eq(customers.id, quotes.customerId));
}

/** The status filter: `expired` and `sent` are told apart by the validity date (France's today). */
function statusFilter(status: QuoteStatus, today: string | Placeholder): SQL | undefined {
  const past = and(isNotNull(quotes.validUntil), lt(quotes.validUntil, today));
  if (status === 'expired') return and(eq(quotes.status, 'sent'), past);
  if (status === 'sent') return and(eq(quotes.status, 'sent'), not(past!));
  return eq(quotes.status, status);
}

/**
 * The quotes' list, one statement per shape (the status is part of it: `sent` and `expired` compare
 * the validity date with today).
 */
const quotePageStatement = statementsByShape(
  ({
    businessJobId,
    customerId,
    status,
    search,
  }: Record<'businessJobId' | 'customerId' | 'search', boolean> & {
    status: QuoteStatus | undefined;
  }) =>
    readStatement(
      new QueryBuilder()
        .select({
          ...listColumns(quoteColumns, ['date', 'validUntil', 'sentAt']),
          hits: sql`(count(*) over ())::int`.as('hits'),
        })
        .from(quotes)
        .leftJoin(businessJobs, eq(businessJobs.id, quotes.businessJobId))
        .leftJoin(customers, eq(customers.id, quotes.customerId))
        .where(
          and(
            eq(quotes.companyId, value('companyId')),
            eq(quotes.latest, true),
            businessJobId ? eq(quotes.businessJobId, value('businessJobId')) : undefined,
            customerId ? eq(quotes.customerId, value('customerId')) : undefined,
            status ? statusFilter(status, todayValue) : undefined,
            // The number, the title, the customer's name (bo_quote_search, migration 0049: as above),
            // read by id: as `in (select …)` the plan hashed every quote of the company to keep the
            // few found (2.8 -> 0.8 ms once a name matches, bench/results.md).
            search ? sql`${quotes.id} = any(array(select bo_quote_search(${value('pattern')})))` : undefined,
          ),
        )
        .orderBy(desc(quotes.date), desc(quotes.id))
        .limit(value('limit'))
        .offset(value('offset')),
      plannedOnce({ search }),
    ),
);

/** The latest revision of each quote, newest first (an earlier revision is read from its detail). */
export async function listQuotes(
  db: Database,
  companyId: number,
  query: z.output<typeof QuotesQuery>,
  today = todayInFrance(),
) {
  const statement = quotePageStatement({
    businessJobId: Boolean(query.businessJobId),
    customerId: Boolean(query.customerId),
    status: query.status,
    search: Boolean(query.q),
  });
  const rows = await db.tenantRead<Record<string, unknown>>(companyId, statement, {
    ...query,
    companyId,
    today,
    pattern: query.q ? containing(query.q) : null,
  });
  return {
    data: rows.map(({ hits: _hits, ...r }) => toQuoteJson(r, today)),
    info: { hits: (rows[0]?.hits as number | undefined) ?? 0 },
  };
}

type QuoteDetailJson = z.infer<typeof QuoteDetailSchema>;

/** What may be done now, from the lifecycle's rule: the buttons that work. */
function allowedOn(quote: QuoteRow, fullyInvoiced: boolean, today: string): QuoteDetailJson['allowed'] {
  const state = quoteStateOf(quote, fullyInvoiced);
  const edit = quoteTransition('edit', state, today);
  const sendable = Object.keys(quoteSendIssues(contentOf(quote))).length === 0;
  const send = canQuote('send', state, today) && sendable;
  return {
    edit: edit.ok && edit.value.creates === null,
    revise: edit.ok && edit.value.creates === 'revision',
    // A sent quote may be sent again (a new link: the earlier one stops working).
    send,
    // A recorded answer on a draft: handed on paper, sent then answered (invoicing/quotes.ts).
    answer: canQuote('accept', state, today) || (quote.status === 'draft' && send),
    invoice: canQuote('invoice', state, today),
    duplicate: canQuote('duplicate', state, today),
  };
}

export async function quoteDetail(
  tx: Tx,
  companyId: number,
  id: number,
  sessionId: string,
  today = todayInFrance(),
): Promise<QuoteDetailJson | null> {
  const loaded = await loadQuote(tx, companyId, id);
  if (!loaded) return null;
  const [[head], family, invoicedLines, lock, revisions, answer] = await Promise.all([
    quoteRows(tx).where(and(eq(quotes.companyId, companyId), eq(quotes.id, id))),
    invoicesOfQuote(tx, companyId, id),
    tx
      .select({
        quoteLineId: invoiceLines.quoteLineId,
        sum: sql<number>`sum(${invoiceLines.totalExclTaxCents})::int`,
      })
      .from(invoiceLines)
      .innerJoin(quoteLines, eq(quoteLines.id, invoiceLines.quoteLineId))
      .where(and(eq(invoiceLines.companyId, companyId), eq(quoteLines.quoteId, id)))
      .groupBy(invoiceLines.quoteLineId),
    lockView(tx, companyId, 'quote', id, sessionId),
    revisionsOf(tx, companyId, loaded.quote.baseNumber),
    answerOf(tx, companyId, id),
  ]);
  const invoicedByLine = new Map(invoicedLines.map((l) => [l.quoteLineId, Number(l.sum)]));
  const progress = new Map(previousProgress(loaded.context, family.domain).map((p) => [p.lineId, p.percent]));
  // « Gestion chantier » (issue 24): the progress last entered on site per chapter, which the next
  // progress statement proposes (site/site-management.ts; null: none entered).
  const siteProgress = await siteProgressOfQuote(tx, companyId, id);
  const chapters: QuoteDetailJson['chapters'] = [];
  for (const line of loaded.lines) {
    let chapter = chapters.find((c) => c.title === line.chapter);
    if (!chapter) {
      chapter = {
        title: line.chapter,
        lines: [],
        siteProgressBasisPoints: siteProgress.get(line.chapter)?.percentBasisPoints ?? null,
      };
      chapters.push(chapter);
    }
    chapter.lines.push({
      id: line.id,
      position: line.position,
      chapter: line.chapter,
      label: line.label,
      unit: line.unit,
      quantityMilli: line.quantityMilli,
      unitPriceCents: line.unitPriceCents,
      vatRateId: line.vatRateId,
      vatBasisPoints: line.vatBasisPoints,
      totalExclTaxCents: line.totalExclTaxCents,
      invoicedExclTaxCents: invoicedByLine.get(line.id) ?? 0,
      invoicedBasisPoints: progress.get(line.id) ?? 0,
    });
  }
  const rateIds = new Map<number, number>();
  for (const line of loaded.lines)
    if (!rateIds.has(line.vatBasisPoints)) rateIds.set(line.vatBasisPoints, line.vatRateId);
  const quoteVat = quoteBases(loaded.context);
  const invoiced = invoicedByRate(family.domain);
  const vatOfQuote = quoteTotals(loaded.context).byRate;
  const { quote } = loaded;
  const amounts = quoteAmounts(contentOf(quote));
  return {
    // The list's window count (`hits`) is no field of one quote.
    ...toQuoteJson(withoutHits(head as Record<string, unknown>), today),
    chapters,
    vatTotals: vatBreakdown(vatOfQuote, loaded.context.reverseCharge).map((r) => ({
      vatRateId: rateIds.get(r.vatRate) ?? 0,
      basisPoints: r.vatRate,
      baseCents: r.ht,
      vatCents: r.vat,
    })),
    invoices: await invoiceSummaries(tx, companyId, eq(invoices.quoteId, id)),
    provisionalInvoiceId: family.rows.find((r) => r.status === 'PROVISOIRE')?.id ?? null,
    remainingByRate: quoteVat.map((b) => ({
      vatRateId: rateIds.get(b.vatRate) ?? 0,
      basisPoints: b.vatRate,
      remainingCents: b.ht - (invoiced.find((i) => i.vatRate === b.vatRate)?.ht ?? 0),
    })),
    lock,
    items: quote.items as QuoteDetailJson['items'],
    discountBasisPoints: quote.discountBasisPoints,
    depositBasisPoints: quote.depositBasisPoints,
    startDate: quote.startDate,
    durationDays: quote.durationDays,
    paymentTerms: quote.paymentTerms,
    feeCents: quote.feeCents,
    amounts: {
      byRate: amounts.byRate,
      grossHt: amounts.grossHt,
      discount: amounts.discount,
      ht: amounts.ht,
      vat: amounts.vat,
      ttc: amounts.ttc,
      optionsHt: amounts.optionsHt,
      deposit: amounts.deposit,
      chapters: amounts.chapters.map((c) => ({ ...c, path: [...c.path] })),
    },
    revisions: revisions.map((r) => ({
      id: r.id,
      number: r.number,
      status: quoteStatusOn(r, today),
      date: r.date,
    })),
    answer: answer && { ...answer, answeredAt: answer.answeredAt.toISOString() },
    measureSources: await measureSourcesOfQuote(
      tx,
      companyId,
      quote.items as Parameters<typeof measureSourcesOfQuote>[2],
    ),
    allowed: allowedOn(quote, isFullyInvoiced(loaded.context, family.domain), today),
  };
}

// --------------------------------------------------------------------------------------------- jobs

/** The owner as the team screens name a user: first then last name; null without an owner. */
const ownerName = sql<string | null>`case when ${users.id} is null then null
  else trim(${users.firstName} || ' ' || ${users.lastName}) end`;

const jobColumns = {
  id: businessJobs.id,
  version: businessJobs.version,
  name: businessJobs.name,
  customerId: businessJobs.customerId,
  customerName,
  siteAddress: businessJobs.siteAddress,
  deliveryDate: businessJobs.deliveryDate,
  retainageBasisPoints: businessJobs.retainageBasisPoints,
  ownerUserId: businessJobs.ownerUserId,
  ownerName,
  createdAt: businessJobs.createdAt,
};

const toJobJson = (r: Record<string, unknown>): JobJson =>
  ({
    ...r,
    customerName: (r.customerName as string) ?? '',
    ownerName: (r.ownerName as string | null) ?? null,
    createdAt: isoInstant(r.createdAt),
  }) as JobJson;

/** The jobs' list, one statement per shape. */
const jobPageStatement = statementsByShape(
  ({ customerId, mine, search }: Record<'customerId' | 'mine' | 'search', boolean>) =>
    readStatement(
      new QueryBuilder()
        .select({
          ...listColumns(jobColumns, ['deliveryDate', 'createdAt']),
          hits: sql`(count(*) over ())::int`.as('hits'),
        })
        .from(businessJobs)
        .leftJoin(customers, eq(customers.id, businessJobs.customerId))
        .leftJoin(users, eq(users.id, businessJobs.ownerUserId))
        .where(
          and(
            eq(businessJobs.companyId, value('companyId')),
            customerId ? eq(businessJobs.customerId, value('customerId')) : undefined,
            mine ? eq(businessJobs.ownerUserId, value('userId')) : undefined,
            // The name, the site's address, the customer's name (bo_job_search, migration 0049).
            search ? sql`${businessJobs.id} in (select bo_job_search(${value('pattern')}))` : undefined,
          ),
        )
        .orderBy(desc(businessJobs.createdAt), desc(businessJobs.id))
        .limit(value('limit'))
        .offset(value('offset')),
      plannedOnce({ search }),
    ),
);

/** `userId`: the caller, whose jobs `mine=true` keeps (Mes affaires). */
export async function listBusinessJobs(
  db: Database,
  companyId: number,
  query: z.output<typeof BusinessJobsQuery>,
  userId: number,
) {
  const statement = jobPageStatement({
    customerId: Boolean(query.customerId),
    mine: query.mine === true,
    search: Boolean(query.q),
  });
  const rows = await db.tenantRead<Record<string, unknown>>(companyId, statement, {
    ...query,
    companyId,
    userId,
    pattern: query.q ? containing(query.q) : null,
  });
  return {
    data: rows.map(({ hits: _hits, ...r }) => toJobJson(r)),
    info: { hits: (rows[0]?.hits as number | undefined) ?? 0 },
  };
}

export async function businessJobDetail(
  tx: Tx,
  companyId: number,
  id: number,
  sessionId: string,
): Promise<z.infer<typeof BusinessJobDetailSchema> | null> {
  const [head] = await tx
    .select(jobColumns)
    .from(businessJobs)
    .leftJoin(customers, eq(customers.id, businessJobs.customerId))
    .leftJoin(users, eq(users.id, businessJobs.ownerUserId))
    .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, id)));
  if (!head) return null;
  const [quoteList, invoiceList, [sums], [paid], lock, paymentList] = await Promise.all([
    quoteRows(tx)
      .where(and(eq(quotes.companyId, companyId), eq(quotes.businessJobId, id), eq(quotes.latest, true)))
      .orderBy(asc(quotes.date), asc(quotes.id)),
    invoiceSummaries(tx, companyId, eq(invoices.businessJobId, id)),
    tx
      .select({
        quotedExcl: sql<number>`coalesce(sum(${quotes.totalExclTaxCents}), 0)::int`,
        quotedIncl: sql<number>`coalesce(sum(${quotes.totalInclTaxCents}), 0)::int`,
      })
      .from(quotes)
      .where(
        and(
          eq(quotes.companyId, companyId),
          eq(quotes.businessJobId, id),
          eq(quotes.latest, true),
          ne(quotes.status, 'refused'),
        ),
      ),
    tx
      .select({
        all: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
        retainage: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.isRetainage}), 0)::int`,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(payments.companyId, companyId), eq(invoices.businessJobId, id))),
    lockView(tx, companyId, 'business_job', id, sessionId),
    tx
      .select({
        id: payments.id,
        paidOn: payments.paidOn,
        invoiceId: payments.invoiceId,
        invoiceNumber: invoices.number,
        mode: payments.mode,
        amountCents: payments.amountCents,
        isRetainage: payments.isRetainage,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(payments.companyId, companyId), eq(invoices.businessJobId, id)))
      .orderBy(asc(payments.paidOn), asc(payments.id)),
  ]);
  const [validated] = await tx
    .select({
      excl: sql<number>`coalesce(sum(${invoices.totalExclTaxCents}), 0)::int`,
      incl: sql<number>`coalesce(sum(${invoices.totalInclTaxCents}), 0)::int`,
      retainage: sql<number>`coalesce(sum(${invoices.retainageCents}), 0)::int`,
      // What its invoices and their retainages still owe, by the one formula (balances.ts): their
      // TTC (credit notes negative) less every payment received.
      toCollect: sql<number>`coalesce(sum(${toCollect(invoiceTable)}), 0)::int`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.businessJobId, id),
        eq(invoices.status, 'VALIDATED'),
      ),
    );
  const invoicedIncl = Number(validated!.incl);
  const paidAll = Number(paid!.all);
  const jobQuotes = quoteList.map(({ hits: _hits, ...r }) => toQuoteJson(r, todayInFrance()));
  return {
    ...toJobJson(head as Record<string, unknown>),
    quotes: jobQuotes,
    invoices: invoiceList,
    amounts: {
      quotedExclTaxCents: Number(sums!.quotedExcl),
      quotedInclTaxCents: Number(sums!.quotedIncl),
      invoicedExclTaxCents: Number(validated!.excl),
      invoicedInclTaxCents: invoicedIncl,
      paidCents: paidAll,
      remainingCents: Number(validated!.toCollect),
      retainageCents: Number(validated!.retainage),
      retainagePaidCents: Number(paid!.retainage),
      // « Reste à facturer »: what its accepted quotes still leave to invoice (domain/leftToInvoice.ts).
      toInvoiceExclTaxCents: leftToInvoiceCents(jobQuotes),
    },
    retainageReleaseDate: retainageReleaseDate(head.deliveryDate),
    payments: paymentList,
    lock,
  };
}

// --------------------------------------------------------------------------------------------- settings

const withoutHits = ({ hits: _hits, ...row }: Record<string, unknown>) => row;

export async function vatRatesList(tx: Tx, companyId: number) {
  const rows = await tx
    .select()
    .from(vatRates)
    .where(eq(vatRates.companyId, companyId))
    .orderBy(desc(vatRates.rateBasisPoints), asc(vatRates.id));
  return rows.map(({ companyId: _c, rateBasisPoints, ...r }) => ({ ...r, basisPoints: rateBasisPoints }));
}

export async function documentSettingsOf(tx: Tx, companyId: number) {
  const read = () => tx.select().from(documentSettings).where(eq(documentSettings.companyId, companyId));
  let [row] = await read();
  if (!row) {
    // A company created after migration 0007 without its row: the defaults, stored for next time.
    // Of two first reads at once, one stores them; the other waits for it, then reads that row.
    await tx.insert(documentSettings).values({ companyId }).onConflictDoNothing();
    [row] = await read();
  }
  const { companyId: _c, ...settings } = row!;
  return settings;
}
