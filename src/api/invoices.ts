/**
 * Invoices (factures): money in integer cents, percentages in basis points (2000 = 20 %), quantities
 * in thousandths, days as yyyy-MM-dd. Every total comes from the server; the client never computes
 * one. The answers' schemas are the shared contract's (src/contract/invoices.ts): the server
 * declares its answers with the same ones, parsed here at the boundary.
 */

import { z } from 'zod';
import { documentSettingsSchema } from '../contract/documentSettings';
import type { CreateInvoiceInput, CreditNoteLineInput, EditInvoiceInput } from '../contract/invoiceInputs';
import {
  deletedInvoiceSchema,
  type InvoiceKind,
  type InvoiceSortKey,
  type InvoiceStatus,
  invoiceDetailSchema,
  type invoiceLineSchema,
  invoiceListInfoSchema,
  invoiceSchema,
} from '../contract/invoices';
import {
  type EditLock,
  editLockSchema,
  type InvoiceSummary,
  type vatTotalSchema,
} from '../contract/invoicingAnswers';
import { lazy } from '../contract/lazy';
import { listPageSchema } from '../contract/lists';
import { vatRateSchema } from '../contract/preferences';
import { api, getJson, postJson } from './client';
import { pageOnlyQuery, totalsOnlyQuery } from './listTotals';

export {
  type InvoiceKind,
  type InvoiceSortKey,
  type InvoiceStatus,
  invoiceKinds,
  invoiceSortKeys,
  invoiceStatuses,
  invoiceTypes,
} from '../contract/invoices';
export type { EditLock, InvoiceSummary };

/** Sum of one VAT rate's lines, and the VAT of that base (rounded once per rate). */
export type VatTotal = z.output<typeof vatTotalSchema>;
export type Invoice = z.output<typeof invoiceSchema>;
export type InvoiceLine = z.output<typeof invoiceLineSchema>;
export type InvoiceDetail = z.output<typeof invoiceDetailSchema>;

const invoiceAnswer = lazy(() => z.object({ data: invoiceDetailSchema }));
/** The count and sums of the whole filtered set, both always there (`totals` true or only). */
const filteredTotalsSchema = lazy(() => invoiceListInfoSchema.required());
export type FilteredTotals = z.output<typeof filteredTotalsSchema>;
/** Exported for the data layer's stores (the customer sheet's invoices). */
export const invoicePageAnswer = lazy(() => listPageSchema(invoiceSchema, filteredTotalsSchema));
export type InvoicePage = z.output<typeof invoicePageAnswer>;
/** `totals=false`: the count and sums come only when this first page holds the whole set. */
const pageOnlyAnswer = lazy(() => listPageSchema(invoiceSchema, invoiceListInfoSchema));
export type InvoicePageOnly = z.output<typeof pageOnlyAnswer>;

// The request bodies are the contract's (src/contract/invoiceInputs.ts), as the server validates
// them: types only here, so that a screen reading invoices does not load the bodies' rules.
export type {
  CreateInvoiceInput,
  CreditNoteLineInput,
  EditInvoiceInput,
  InvoiceLineInput,
  ProgressInput,
} from '../contract/invoiceInputs';

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
  return (await getJson(path, z.object({ info: filteredTotalsSchema }))).info;
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
  await postJson(`${invoicesPath(enterpriseId)}/${id}/delete`, z.object({ data: deletedInvoiceSchema }), {
    version,
  });
}

const lockAnswer = lazy(() => z.object({ data: editLockSchema }));

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

/** The decimals kept on quantities and unit prices (document settings). */
const precisionsSchema = lazy(() =>
  documentSettingsSchema.pick({ quantityPrecision: true, unitPricePrecision: true }),
);
export type Precisions = z.output<typeof precisionsSchema>;

export async function getPrecisions(enterpriseId: number): Promise<Precisions> {
  return (
    await getJson(`/v2/companies/${enterpriseId}/document-settings`, z.object({ data: precisionsSchema }))
  ).data;
}

/** The lists divide by it: a page size under 1 is an answer we do not expect. */
const documentsPerPageAnswer = lazy(() =>
  z.object({
    data: z.object({ documentsPerPage: documentSettingsSchema.shape.documentsPerPage.min(1) }),
  }),
);

/** « Documents par page » (document settings): the page size of the document lists. */
export async function getDocumentsPerPage(enterpriseId: number): Promise<number> {
  return (await getJson(`/v2/companies/${enterpriseId}/document-settings`, documentsPerPageAnswer)).data
    .documentsPerPage;
}

/** What the invoice and quote editors read of a VAT rate (the preference screens read it whole). */
const vatRateChoiceSchema = lazy(() =>
  vatRateSchema.pick({
    id: true,
    internalName: true,
    pdfName: true,
    basisPoints: true,
    isDefault: true,
  }),
);
export type VatRate = z.output<typeof vatRateChoiceSchema>;

export async function listVatRates(enterpriseId: number): Promise<VatRate[]> {
  return (
    await getJson(`/v2/companies/${enterpriseId}/vat-rates`, z.object({ data: z.array(vatRateChoiceSchema) }))
  ).data;
}
