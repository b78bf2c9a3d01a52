/**
 * Quotes (devis). The answers' schemas are the shared contract's (src/contract/quotes.ts): the server
 * declares its answers with the same ones (server/src/schemas/invoicing.ts), parsed here at the
 * boundary. Invoices are made from quotes, and the quote editor (issue 21, /work/notes/QUOTES-API.md)
 * writes their content as a tree of chapters and lines. Money in integer cents, rates in basis points,
 * quantities in thousandths.
 */

import { z } from 'zod';
import { type EditLock, editLockSchema } from '../contract/invoicingAnswers';
import { lazy } from '../contract/lazy';
import { listPageSchema } from '../contract/lists';
import {
  type QuoteComposition,
  type QuoteItem,
  type QuoteMeasureSource,
  type QuoteStatus,
  type quoteAllowedSchema,
  type quoteAmountsSchema,
  quoteDetailSchema,
  type quoteLineSchema,
  quoteMailSchema,
  type quoteMeasureSourceSchema,
  type quoteRevisionSchema,
  quoteSchema,
} from '../contract/quotes';
import { api, getJson, postJson } from './client';
import { queryString } from './invoices';

/** The statuses the API answers: the four stored, and `expired` (sent, validity date passed). */
export { type QuoteStatus, quoteStatuses } from '../contract/quotes';

/** A quote as lists (and a job's sheet) show it. */
export type Quote = z.output<typeof quoteSchema>;

export type QuoteLine = z.output<typeof quoteLineSchema>;

/**
 * What invoicing reads of a quote: its priced lines by chapter, its invoices, its lock. The same
 * answer as the editor's (`quoteDetailSchema`), of which invoicing parses only these fields.
 */
const quoteInvoicingSchema = lazy(() =>
  quoteDetailSchema.pick({
    id: true,
    version: true,
    number: true,
    title: true,
    date: true,
    status: true,
    businessJobId: true,
    businessJobName: true,
    customerId: true,
    customerName: true,
    totalExclTaxCents: true,
    totalVatCents: true,
    totalInclTaxCents: true,
    invoicedExclTaxCents: true,
    chapters: true,
    invoices: true,
    provisionalInvoiceId: true,
    lock: true,
  }),
);
export type QuoteDetail = z.output<typeof quoteInvoicingSchema>;

/** The contract's item (src/contract/quotes.ts): a priced line may carry its measures and composition. */
export type EditorQuoteItem = QuoteItem;
export type QuoteLineMeasure = QuoteMeasureSource;
export type QuoteLineComposition = QuoteComposition;

/**
 * Issue 23: each line whose quantity came from measures, and whether they changed since
 * (`currentValueMilli` null: a measure was removed). `path`: the line's indexes in the tree.
 */
export type QuoteMeasureSourceView = z.output<typeof quoteMeasureSourceSchema>;
export type QuoteServerAmounts = z.output<typeof quoteAmountsSchema>;
export type QuoteRevision = z.output<typeof quoteRevisionSchema>;
/** What the user may do now (the server's lifecycle rule): the editor shows only these buttons. */
export type QuoteAllowed = z.output<typeof quoteAllowedSchema>;

/** A quote in the editor: the detail with its content, amounts, revisions, answer and allowed actions. */
export type QuoteEditorDetail = z.output<typeof quoteDetailSchema>;

/** What a draft's save sends (POST /quotes/{id}/edit): every field the editor writes. */
export interface EditQuoteInput {
  title?: string;
  date?: string;
  items?: EditorQuoteItem[];
  discountBasisPoints?: number;
  depositBasisPoints?: number;
  validUntil?: string | null;
  startDate?: string | null;
  durationDays?: number | null;
  paymentTerms?: string;
  feeCents?: number;
  reverseCharge?: boolean;
}

const quotesPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/quotes`;
const editorAnswer = lazy(() => z.object({ data: quoteDetailSchema }));

export async function getQuote(enterpriseId: number, id: number): Promise<QuoteDetail> {
  return (await getJson(`${quotesPath(enterpriseId)}/${id}`, z.object({ data: quoteInvoicingSchema }))).data;
}

/** The quote with everything its editor shows. */
export async function getQuoteEditorDetail(enterpriseId: number, id: number): Promise<QuoteEditorDetail> {
  return (await getJson(`${quotesPath(enterpriseId)}/${id}`, editorAnswer)).data;
}

/** Saves a draft with the version last read (409 stale_version when someone saved in between). */
export async function editQuote(
  enterpriseId: number,
  id: number,
  version: number,
  changes: EditQuoteInput,
): Promise<QuoteEditorDetail> {
  return (await postJson(`${quotesPath(enterpriseId)}/${id}/edit`, editorAnswer, { id, version, ...changes }))
    .data;
}

/** « Modifier » a sent, expired or refused quote: the answer is the NEW draft revision (-B, -C …). */
export async function reviseQuote(
  enterpriseId: number,
  id: number,
  version: number,
): Promise<QuoteEditorDetail> {
  return (await postJson(`${quotesPath(enterpriseId)}/${id}/revise`, editorAnswer, { version })).data;
}

/** « Dupliquer »: a new draft with a new number, the same job and content. */
export async function duplicateQuote(enterpriseId: number, id: number): Promise<QuoteEditorDetail> {
  return (await postJson(`${quotesPath(enterpriseId)}/${id}/duplicate`, editorAnswer, {})).data;
}

export const quotePageAnswer = lazy(() => listPageSchema(quoteSchema));
export type QuotePage = z.output<typeof quotePageAnswer>;

export function listQuotes(
  enterpriseId: number,
  query: {
    q?: string;
    status?: QuoteStatus;
    businessJobId?: number;
    customerId?: number;
    limit?: number;
    offset?: number;
  } = {},
) {
  return getJson(`${quotesPath(enterpriseId)}${queryString(query)}`, quotePageAnswer);
}

// The quotes list, the job sheet and the quote's actions (issue 21: « Nouveau devis », send, answer)

/** « Nouveau devis »: a draft of the job (numbered DE-YYYY-NNNNN, validity from the settings). */
export async function createQuote(
  enterpriseId: number,
  input: { businessJobId: number; title: string },
): Promise<QuoteEditorDetail> {
  return (await postJson(quotesPath(enterpriseId), editorAnswer, input)).data;
}

export interface QuoteAnswerInput {
  decision: 'accepted' | 'refused';
  signerName?: string;
  reason?: string;
}

/** « Enregistrer la réponse du client »: the customer's paper (or spoken) answer, channel `recorded`. */
export async function answerQuote(
  enterpriseId: number,
  id: number,
  version: number,
  input: QuoteAnswerInput,
): Promise<QuoteEditorDetail> {
  return (await postJson(`${quotesPath(enterpriseId)}/${id}/answer`, editorAnswer, { version, ...input }))
    .data;
}

/** The mail the send dialog proposes for the quote (`GET …/quotes/{id}/mail`: `{data: {draft}}`). */
export async function getQuoteMailDraft(enterpriseId: number, id: number) {
  return (await getJson(`${quotesPath(enterpriseId)}/${id}/mail`, z.object({ data: quoteMailSchema }))).data;
}

/** Sends the quote by email, its PDF attached and the acceptance link in the mail; it becomes `sent`. */
export async function sendQuote(
  enterpriseId: number,
  id: number,
  input: { to: string; subject: string; text: string },
): Promise<void> {
  // The answer (the mail recorded: src/contract/quoteSending.ts, checked by the server's tests) is not
  // read: the screens load the quote again, and its schema stays out of the quote screens' chunk.
  await postJson(`${quotesPath(enterpriseId)}/${id}/send`, z.unknown(), input);
}

const lockAnswer = lazy(() => z.object({ data: editLockSchema }));

/**
 * Takes or renews this session's edit lock on a draft quote (409 resource_locked while another
 * session holds it), as invoices' (api/invoices.ts `lockInvoice`).
 */
export async function lockQuote(enterpriseId: number, id: number): Promise<EditLock> {
  return (await postJson(`${quotesPath(enterpriseId)}/${id}/lock`, lockAnswer)).data;
}

/** Releases it; `keepalive` lets the request outlive a page being closed. */
export async function unlockQuote(enterpriseId: number, id: number): Promise<void> {
  await api()
    .url(`${quotesPath(enterpriseId)}/${id}/unlock`)
    .options({ keepalive: true })
    .post()
    .res();
}
