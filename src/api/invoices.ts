/**
 * Invoices (factures), as server/src/schemas/invoicing.ts defines them: money in integer cents,
 * percentages in basis points (2000 = 20 %), quantities in thousandths, days as yyyy-MM-dd.
 * Every total comes from the server; the client never computes one.
 */
import * as v from 'valibot';
import { api, getJson, postJson } from './client';
import { paymentDeadlineRules, paymentModes } from './customers';

const paymentDeadlineSchema = v.object({
  rule: v.picklist(paymentDeadlineRules),
  value: v.union([v.number(), v.string()]),
});

import { pageOnlyQuery, totalsOnlyQuery } from './listTotals';

/**
 * deposit (acompte), progress (situation), final (what remains of the quote, deposits deducted),
 * simple (no quote), credit_note (avoir: made by cancelling a validated invoice, or partial on one).
 */
export const invoiceKinds = ['deposit', 'progress', 'final', 'simple', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** Invoice statuses of spec section 3. */
export const invoiceStatuses = ['PROVISOIRE', 'VALIDATED'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The spec's invoice types (facture covers final, progress and simple invoices). */
export const invoiceTypes = ['facture', 'factureAcompte', 'factureAvoir'] as const;

export const isoDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

const totals = {
  totalExclTaxCents: v.number(),
  totalVatCents: v.number(),
  totalInclTaxCents: v.number(),
};

/** The record's edit lock: another session editing it makes this one read-only. */
export const lockSchema = v.object({
  lockedByAnotherSession: v.boolean(),
  expiresAt: v.nullable(v.string()),
});

/** Sum of one VAT rate's lines, and the VAT of that base (rounded once per rate). */
const vatTotalSchema = v.object({
  vatRateId: v.number(),
  basisPoints: v.number(),
  baseCents: v.number(),
  vatCents: v.number(),
});
export type VatTotal = v.InferOutput<typeof vatTotalSchema>;

export const invoiceSummarySchema = v.object({
  id: v.number(),
  version: v.number(),
  number: v.nullable(v.string()),
  kind: v.picklist(invoiceKinds),
  status: v.picklist(invoiceStatuses),
  cancelled: v.boolean(),
  date: isoDate,
  ...totals,
});
export type InvoiceSummary = v.InferOutput<typeof invoiceSummarySchema>;

const invoiceSchema = v.object({
  ...invoiceSummarySchema.entries,
  type: v.picklist(invoiceTypes),
  dueDate: isoDate,
  title: v.string(),
  customerId: v.number(),
  customerName: v.string(),
  businessJobId: v.nullable(v.number()),
  businessJobName: v.nullable(v.string()),
  quoteId: v.nullable(v.number()),
  quoteNumber: v.nullable(v.string()),
  /** Retainage held on this invoice, incl. tax. */
  retainageCents: v.number(),
  paidCents: v.number(),
  /** Incl. tax − retainage − paid. */
  balanceCents: v.number(),
  overdue: v.boolean(),
  validatedAt: v.nullable(v.string()),
});
export type Invoice = v.InferOutput<typeof invoiceSchema>;

const invoiceLineSchema = v.object({
  id: v.number(),
  position: v.number(),
  /** The quote line a progress or final invoice's line invoices. */
  quoteLineId: v.nullable(v.number()),
  /** The chapter the line belongs to ('' for none). */
  chapter: v.string(),
  label: v.string(),
  unit: v.string(),
  quantityMilli: v.number(),
  unitPriceCents: v.number(),
  vatRateId: v.number(),
  vatBasisPoints: v.number(),
  totalExclTaxCents: v.number(),
  /** progress and final: the line's cumulative progress after this invoice (10000 = all). */
  progressBasisPoints: v.nullable(v.number()),
});
export type InvoiceLine = v.InferOutput<typeof invoiceLineSchema>;

const invoiceDetailSchema = v.object({
  ...invoiceSchema.entries,
  comment: v.string(),
  /** Date d'exécution des travaux when not the invoice's date; null: the reception, else the invoice's date. */
  worksDate: v.nullable(isoDate),
  /** This invoice's deadline and modes (defaults: the customer's, else the company's). */
  paymentDeadline: paymentDeadlineSchema,
  paymentModes: v.array(v.picklist(paymentModes)),
  /** deposit: the share of the quote, in basis points. */
  depositBasisPoints: v.nullable(v.number()),
  /** Autoliquidation: no VAT, the mention « Autoliquidation ». A quote's invoices have the quote's. */
  reverseCharge: v.boolean(),
  lines: v.array(invoiceLineSchema),
  vatTotals: v.array(vatTotalSchema),
  payments: v.array(
    v.object({
      id: v.number(),
      amountCents: v.number(),
      paidOn: isoDate,
      mode: v.picklist(paymentModes),
      bankId: v.nullable(v.number()),
      comment: v.string(),
      isRetainage: v.boolean(),
    }),
  ),
  creditedInvoiceId: v.nullable(v.number()),
  creditNoteId: v.nullable(v.number()),
  lock: lockSchema,
});
export type InvoiceDetail = v.InferOutput<typeof invoiceDetailSchema>;

const invoiceAnswer = v.object({ data: invoiceDetailSchema });
const filteredTotalsSchema = v.object({
  hits: v.number(),
  /** Sums over every invoice the filters select (all pages). */
  totals: v.object({ ...totals, balanceCents: v.number() }),
});
export type FilteredTotals = v.InferOutput<typeof filteredTotalsSchema>;
/** Exported for the data layer's stores (the customer sheet's invoices). */
export const invoicePageAnswer = v.object({ data: v.array(invoiceSchema), info: filteredTotalsSchema });
export type InvoicePage = v.InferOutput<typeof invoicePageAnswer>;
/** `totals=false`: the count and sums come only when this first page holds the whole set. */
const pageOnlyAnswer = v.object({
  data: v.array(invoiceSchema),
  info: v.object({ hits: v.optional(v.number()), totals: v.optional(filteredTotalsSchema.entries.totals) }),
});
export type InvoicePageOnly = v.InferOutput<typeof pageOnlyAnswer>;

/** A line of a simple invoice as the editor sends it: the server computes every amount. */
export interface InvoiceLineInput {
  chapter: string;
  label: string;
  unit: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateId: number;
}

interface InvoiceCommonInput {
  date?: string;
  /** null clears it. */
  worksDate?: string | null;
  title?: string;
  comment?: string;
  paymentDeadline?: InvoiceDetail['paymentDeadline'];
  paymentModes?: InvoiceDetail['paymentModes'];
  /** A simple invoice's own; an invoice of a quote keeps the quote's. */
  reverseCharge?: boolean;
}

export type CreateInvoiceInput = InvoiceCommonInput &
  (
    | { kind: 'deposit'; quoteId: number; depositBasisPoints: number }
    | { kind: 'progress'; quoteId: number; progress: ProgressInput[] }
    | { kind: 'final'; quoteId: number }
    | { kind: 'simple'; customerId: number; businessJobId?: number; lines: InvoiceLineInput[] }
  );

export interface ProgressInput {
  quoteLineId: number;
  progressBasisPoints: number;
}

/** A PROVISOIRE invoice's changes (only the fields of its kind). */
export type EditInvoiceInput = InvoiceCommonInput & {
  depositBasisPoints?: number;
  progress?: ProgressInput[];
  lines?: InvoiceLineInput[];
};

export const invoiceSortKeys = [
  'date',
  'number',
  'customer',
  'dueDate',
  'totalInclTax',
  'balance',
  'status',
] as const;
export type InvoiceSortKey = (typeof invoiceSortKeys)[number];

export interface InvoiceQuery {
  q?: string;
  status?: InvoiceStatus;
  kind?: InvoiceKind;
  overdue?: boolean;
  customerId?: number;
  businessJobId?: number;
  quoteId?: number;
  /** Invoice date period, yyyy-MM-dd, inclusive. */
  from?: string;
  to?: string;
  sort?: InvoiceSortKey;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** `?a=1&b=x` from the defined, non-empty values. */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== null) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const invoicesPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/invoices`;

/** A page and the count and sums of the whole filtered set. */
export function listInvoices(enterpriseId: number, query: InvoiceQuery = {}): Promise<InvoicePage> {
  return getJson(`${invoicesPath(enterpriseId)}${queryString(query)}`, invoicePageAnswer);
}

/** A page alone (`totals=false`): the count and sums of a big set cost a scan, asked once per filter. */
export function listInvoicePage(enterpriseId: number, query: InvoiceQuery): Promise<InvoicePageOnly> {
  return getJson(`${invoicesPath(enterpriseId)}${queryString(pageOnlyQuery(query))}`, pageOnlyAnswer);
}

/** The count and sums of the filtered set alone (`totals=only`; paging and sort do not change them). */
export async function invoiceTotals(enterpriseId: number, query: InvoiceQuery): Promise<FilteredTotals> {
  const path = `${invoicesPath(enterpriseId)}${queryString(totalsOnlyQuery(query))}`;
  return (await getJson(path, v.object({ info: filteredTotalsSchema }))).info;
}

export async function getInvoice(enterpriseId: number, id: number): Promise<InvoiceDetail> {
  return (await getJson(`${invoicesPath(enterpriseId)}/${id}`, invoiceAnswer)).data;
}

/** A new PROVISOIRE invoice: from a quote (deposit, progress, final) or simple. */
export async function createInvoice(enterpriseId: number, input: CreateInvoiceInput): Promise<InvoiceDetail> {
  return (await postJson(invoicesPath(enterpriseId), invoiceAnswer, input)).data;
}

/** Saves a draft with the version last read (409 stale_version when someone saved in between). */
export async function editInvoice(
  enterpriseId: number,
  id: number,
  version: number,
  changes: EditInvoiceInput,
): Promise<InvoiceDetail> {
  return (
    await postJson(`${invoicesPath(enterpriseId)}/${id}/edit`, invoiceAnswer, { id, version, ...changes })
  ).data;
}

export type InvoiceAction = 'validate' | 'revert' | 'cancel';

/**
 * validate: PROVISOIRE → validated (numbered). cancel: a credit note cancels it (the last invoice
 * of its quote only); the answer is the cancelled invoice, its creditNoteId names the credit note.
 * revert asks a reason: see revertInvoice.
 */
export async function invoiceAction(
  enterpriseId: number,
  id: number,
  action: Exclude<InvoiceAction, 'revert'>,
  version: number,
): Promise<InvoiceDetail> {
  return (await postJson(`${invoicesPath(enterpriseId)}/${id}/${action}`, invoiceAnswer, { version })).data;
}

/**
 * Back to PROVISOIRE, with the reason the user gave (required): the invoice keeps its number and
 * the server keeps the validated version. Refused with 409 invoice_already_sent once the invoice was
 * e-mailed or downloaded outside the editor (a credit note corrects it then).
 */
export async function revertInvoice(
  enterpriseId: number,
  id: number,
  version: number,
  reason: string,
): Promise<InvoiceDetail> {
  return (await postJson(`${invoicesPath(enterpriseId)}/${id}/revert`, invoiceAnswer, { version, reason }))
    .data;
}

/** A line of a partial credit note: what is credited, positive, excl. tax, at one of the invoice's rates. */
export interface CreditNoteLineInput {
  label: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateId: number;
}

/**
 * A partial credit note on a validated invoice (a commercial gesture, a correction): the answer
 * is the new credit note, validated and numbered (admins only: 403 otherwise).
 */
export async function createCreditNote(
  enterpriseId: number,
  invoiceId: number,
  lines: CreditNoteLineInput[],
): Promise<InvoiceDetail> {
  return (await postJson(`${invoicesPath(enterpriseId)}/${invoiceId}/credit-notes`, invoiceAnswer, { lines }))
    .data;
}

/** Deletes a PROVISOIRE invoice. POST: the API's CORS allows GET and POST only. */
export async function deleteInvoice(enterpriseId: number, id: number, version: number): Promise<void> {
  await postJson(`${invoicesPath(enterpriseId)}/${id}/delete`, v.unknown(), { version });
}

const lockAnswer = v.object({ data: lockSchema });
export type EditLock = v.InferOutput<typeof lockSchema>;

/**
 * Takes or renews this session's edit lock on a draft (409 resource_locked while another session
 * holds it). It lapses after 15 minutes without a renewal or a save.
 */
export async function lockInvoice(enterpriseId: number, id: number): Promise<EditLock> {
  return (await postJson(`${invoicesPath(enterpriseId)}/${id}/lock`, lockAnswer)).data;
}

/** Releases the lock; `keepalive` lets the request outlive a page being closed. */
export async function unlockInvoice(enterpriseId: number, id: number): Promise<void> {
  await api()
    .url(`${invoicesPath(enterpriseId)}/${id}/unlock`)
    .options({ keepalive: true })
    .post()
    .res();
}

const documentSettingsAnswer = v.object({
  data: v.object({ quantityPrecision: v.number(), unitPricePrecision: v.number() }),
});
/** The decimals kept on quantities and unit prices (document settings). */
export type Precisions = v.InferOutput<typeof documentSettingsAnswer>['data'];

export async function getPrecisions(enterpriseId: number): Promise<Precisions> {
  const { data } = await getJson(`/v2/companies/${enterpriseId}/document-settings`, documentSettingsAnswer);
  return { quantityPrecision: data.quantityPrecision, unitPricePrecision: data.unitPricePrecision };
}

const documentsPerPageAnswer = v.object({
  data: v.object({ documentsPerPage: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
});

/** « Documents par page » (document settings): the page size of the document lists. */
export async function getDocumentsPerPage(enterpriseId: number): Promise<number> {
  return (await getJson(`/v2/companies/${enterpriseId}/document-settings`, documentsPerPageAnswer)).data
    .documentsPerPage;
}

const vatRateSchema = v.object({
  id: v.number(),
  internalName: v.string(),
  pdfName: v.string(),
  basisPoints: v.number(),
  isDefault: v.boolean(),
});
export type VatRate = v.InferOutput<typeof vatRateSchema>;

export async function listVatRates(enterpriseId: number): Promise<VatRate[]> {
  return (
    await getJson(`/v2/companies/${enterpriseId}/vat-rates`, v.object({ data: v.array(vatRateSchema) }))
  ).data;
}
