/**
 * Quotes (devis), as server/src/schemas/invoicing.ts defines them: invoices are made from them, and
 * the quote editor (issue 21, /work/notes/QUOTES-API.md) writes their content as a tree of chapters
 * and lines. Money in integer cents, rates in basis points, quantities in thousandths.
 */
import * as v from 'valibot';
import { libraryKinds } from '../contract/pricing';
import type { QuoteComposition, QuoteItem, QuoteMeasureSource } from '../contract/quotes';
import { api, getJson, postJson } from './client';
import { invoiceSummarySchema, isoDate, lockSchema, queryString } from './invoices';

/** The statuses the API answers: the four stored, and `expired` (sent, validity date passed). */
export const quoteStatuses = ['draft', 'sent', 'accepted', 'refused', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/**
 * A quote as lists show it. The fields of the quote editor (issue 21) are optional here: the
 * invoicing screens and the job sheet read quotes from answers that may not carry them.
 */
export const quoteSchema = v.object({
  id: v.number(),
  version: v.number(),
  number: v.string(),
  title: v.string(),
  date: isoDate,
  status: v.picklist(quoteStatuses),
  businessJobId: v.number(),
  businessJobName: v.string(),
  customerId: v.number(),
  customerName: v.string(),
  totalExclTaxCents: v.number(),
  totalVatCents: v.number(),
  totalInclTaxCents: v.number(),
  /** Net excl. tax invoiced so far (validated and PROVISOIRE invoices, credit notes deducted). */
  invoicedExclTaxCents: v.number(),
  /** DE-2026-00012 (the number without its revision letter). */
  baseNumber: v.optional(v.string()),
  /** 0: the first (no letter); 1: « -B », … */
  revisionIndex: v.optional(v.number()),
  /** The newest revision of its number (lists show only those). */
  latest: v.optional(v.boolean()),
  validUntil: v.optional(v.nullable(isoDate)),
  /** Σ option lines excl. tax (shown, never in the totals). */
  optionsExclTaxCents: v.optional(v.number()),
  sentAt: v.optional(v.nullable(v.string())),
});
export type Quote = v.InferOutput<typeof quoteSchema>;

const quoteLineSchema = v.object({
  id: v.number(),
  position: v.number(),
  chapter: v.string(),
  label: v.string(),
  unit: v.string(),
  quantityMilli: v.number(),
  unitPriceCents: v.number(),
  vatRateId: v.number(),
  vatBasisPoints: v.number(),
  totalExclTaxCents: v.number(),
  invoicedExclTaxCents: v.number(),
  /** Cumulative progress invoiced so far (10000 = all of the line). */
  invoicedBasisPoints: v.number(),
});
export type QuoteLine = v.InferOutput<typeof quoteLineSchema>;

/** What invoicing reads of a quote: its priced lines by chapter, its invoices. */
const quoteDetailSchema = v.object({
  ...quoteSchema.entries,
  chapters: v.array(
    v.object({
      title: v.string(),
      lines: v.array(quoteLineSchema),
      /** « Gestion chantier »: the progress last entered on site (null or absent: none). */
      siteProgressBasisPoints: v.optional(v.nullable(v.number()), null),
    }),
  ),
  invoices: v.array(invoiceSummarySchema),
  /** The quote's PROVISOIRE invoice (only one may exist). */
  provisionalInvoiceId: v.nullable(v.number()),
  lock: lockSchema,
});
export type QuoteDetail = v.InferOutput<typeof quoteDetailSchema>;

// The quote editor's answer (issue 21)

const pricedItemSchema = v.object({
  kind: v.picklist(['priced', 'option']),
  designation: v.string(),
  unit: v.string(),
  quantityMilli: v.number(),
  unitPriceCents: v.number(),
  vatRateId: v.number(),
  vatRate: v.number(),
  /** Déboursé sec of one unit (issue 22's margin view), when the line has one. */
  costCents: v.optional(v.number()),
  /** Issue 23: the quantity came from these measures of a group (their sum when inserted). */
  measure: v.optional(
    v.object({ groupId: v.number(), measureIds: v.array(v.number()), valueMilli: v.number() }),
  ),
  /** Issue 22: the library work's composition, copied into the quote (editable for this quote only). */
  composition: v.optional(
    v.object({
      libraryItemId: v.nullable(v.number()),
      components: v.array(
        v.object({
          itemId: v.nullable(v.number()),
          kind: v.picklist(libraryKinds),
          designation: v.string(),
          unit: v.string(),
          quantityMilli: v.number(),
          unitCostCents: v.number(),
          unitSaleCents: v.optional(v.number()),
        }),
      ),
      priceTyped: v.optional(v.boolean()),
    }),
  ),
});
const textItemSchema = v.object({ kind: v.literal('text'), text: v.string() });

/** The contract's item (src/contract/quotes.ts): a priced line may carry its measures and composition. */
export type EditorQuoteItem = QuoteItem;

/** The content's tree as stored (src/contract/quotes.ts `QuoteItem`): chapters hold items. */
export const quoteItemSchema: v.GenericSchema<EditorQuoteItem> = v.union([
  v.object({
    kind: v.literal('chapter'),
    title: v.string(),
    items: v.array(v.lazy(() => quoteItemSchema)),
  }),
  pricedItemSchema,
  textItemSchema,
]);

export type QuoteLineMeasure = QuoteMeasureSource;
export type QuoteLineComposition = QuoteComposition;

/**
 * Issue 23: each line whose quantity came from measures, and whether they changed since
 * (`currentValueMilli` null: a measure was removed). `path`: the line's indexes in the tree.
 */
const measureSourceSchema = v.object({
  path: v.array(v.number()),
  groupId: v.number(),
  groupName: v.string(),
  application: v.string(),
  measureIds: v.array(v.number()),
  storedValueMilli: v.number(),
  currentValueMilli: v.nullable(v.number()),
  changed: v.boolean(),
});
export type QuoteMeasureSourceView = v.InferOutput<typeof measureSourceSchema>;

const money = v.number();
const quoteAmountsSchema = v.object({
  byRate: v.array(v.object({ vatRate: v.number(), grossHt: money, discount: money, ht: money, vat: money })),
  grossHt: money,
  discount: money,
  ht: money,
  vat: money,
  ttc: money,
  optionsHt: money,
  deposit: v.object({ rate: v.number(), ht: money, vat: money, ttc: money }),
  chapters: v.array(v.object({ path: v.array(v.number()), title: v.string(), ht: money, optionsHt: money })),
});
export type QuoteServerAmounts = v.InferOutput<typeof quoteAmountsSchema>;

const quoteRevisionSchema = v.object({
  id: v.number(),
  number: v.string(),
  status: v.picklist(quoteStatuses),
  date: isoDate,
});
export type QuoteRevision = v.InferOutput<typeof quoteRevisionSchema>;

const quoteAnswerSchema = v.object({
  decision: v.picklist(['accepted', 'refused']),
  channel: v.picklist(['online', 'recorded']),
  signerName: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  answeredAt: v.string(),
});

/** What the user may do now (the server's lifecycle rule): the editor shows only these buttons. */
const quoteAllowedSchema = v.object({
  edit: v.boolean(),
  revise: v.boolean(),
  send: v.boolean(),
  answer: v.boolean(),
  invoice: v.boolean(),
  duplicate: v.boolean(),
});
export type QuoteAllowed = v.InferOutput<typeof quoteAllowedSchema>;

/** A quote in the editor: the detail with its content, amounts, revisions, answer and allowed actions. */
export const quoteEditorDetailSchema = v.object({
  ...quoteDetailSchema.entries,
  baseNumber: v.string(),
  revisionIndex: v.number(),
  latest: v.boolean(),
  validUntil: v.nullable(isoDate),
  optionsExclTaxCents: v.number(),
  sentAt: v.nullable(v.string()),
  reverseCharge: v.optional(v.boolean(), false),
  items: v.array(quoteItemSchema),
  discountBasisPoints: v.number(),
  depositBasisPoints: v.number(),
  startDate: v.nullable(isoDate),
  durationDays: v.nullable(v.number()),
  paymentTerms: v.string(),
  /** 0: « Devis gratuit ». */
  feeCents: v.number(),
  amounts: quoteAmountsSchema,
  revisions: v.array(quoteRevisionSchema),
  answer: v.nullable(quoteAnswerSchema),
  allowed: quoteAllowedSchema,
  measureSources: v.optional(v.array(measureSourceSchema), []),
});
export type QuoteEditorDetail = v.InferOutput<typeof quoteEditorDetailSchema>;

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
const editorAnswer = v.object({ data: quoteEditorDetailSchema });

export async function getQuote(enterpriseId: number, id: number): Promise<QuoteDetail> {
  return (await getJson(`${quotesPath(enterpriseId)}/${id}`, v.object({ data: quoteDetailSchema }))).data;
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

export const quotePageAnswer = v.object({ data: v.array(quoteSchema), info: v.object({ hits: v.number() }) });
export type QuotePage = v.InferOutput<typeof quotePageAnswer>;

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

const quoteMailDraftSchema = v.object({
  to: v.string(),
  senderName: v.string(),
  senderEmail: v.string(),
  subject: v.string(),
  text: v.string(),
});

/** The mail the send dialog proposes for the quote (`GET …/quotes/{id}/mail`: `{data: {draft}}`). */
export async function getQuoteMailDraft(enterpriseId: number, id: number) {
  return (
    await getJson(
      `${quotesPath(enterpriseId)}/${id}/mail`,
      v.object({ data: v.object({ draft: quoteMailDraftSchema }) }),
    )
  ).data;
}

/** Sends the quote by email, its PDF attached and the acceptance link in the mail; it becomes `sent`. */
export async function sendQuote(
  enterpriseId: number,
  id: number,
  input: { to: string; subject: string; text: string },
): Promise<void> {
  // The answer's shape (the mail recorded, or the quote) is not read: the screens load the quote again.
  await postJson(`${quotesPath(enterpriseId)}/${id}/send`, v.unknown(), input);
}

const lockAnswer = v.object({ data: lockSchema });

/**
 * Takes or renews this session's edit lock on a draft quote (409 resource_locked while another
 * session holds it), as invoices' (api/invoices.ts `lockInvoice`).
 */
export async function lockQuote(enterpriseId: number, id: number): Promise<v.InferOutput<typeof lockSchema>> {
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
