/**
 * The invoicing API's request bodies, queries and answers (issue 9): business jobs, quotes,
 * invoices, and the settings the invoices read (VAT rates, document settings). The client builds
 * on these shapes: change them only in a commit whose message starts with "API:".
 *
 * Units everywhere: money in integer cents (`…Cents`), VAT rates and percentages in basis points
 * (`…BasisPoints`, 2000 = 20 %), quantities in thousandths (`quantityMilli`, 1,5 m² = 1500),
 * dates as `yyyy-MM-dd`, instants as ISO strings. Totals are computed by the server only: a body
 * never carries a total.
 *
 * Endpoints (all under /v2/companies/{enterprise_id}, bearer token; answers `{data}` unless said):
 *   GET  /vat-rates                    → {data: VatRate[]}
 *   GET  /document-settings            → {data: DocumentSettings}
 *   GET  /business-jobs?q&customerId&mine&limit&offset → {data: BusinessJob[], info: {hits}}
 *   GET  /business-jobs/{id}           → {data: BusinessJobDetail}
 *   POST /business-jobs                CreateBusinessJob → {data: BusinessJobDetail}
 *   POST /business-jobs/{id}/edit      EditBusinessJob   → {data: BusinessJobDetail}
 *   GET  /quotes?q&businessJobId&customerId&status&limit&offset → {data: Quote[], info: {hits}}
 *   GET  /quotes/{id}                  → {data: QuoteDetail}
 *   POST /quotes                       CreateQuote → {data: QuoteDetail}
 *   POST /quotes/{id}/edit             EditQuote   → {data: QuoteDetail} (a draft only)
 *   POST /quotes/{id}/revise           ReviseQuote → {data: QuoteDetail} (the new revision)
 *   POST /quotes/{id}/duplicate        → {data: QuoteDetail} (a new draft, a new number)
 *   POST /quotes/{id}/answer           AnswerQuote → {data: QuoteDetail} (recorded by the company)
 *   GET  /invoices?status&kind&customerId&businessJobId&quoteId&from&to&overdue&q&sort&order&limit&offset
 *                                      → {data: Invoice[], info: InvoiceListInfo}
 *   GET  /invoices/{id}                → {data: InvoiceDetail}
 *   POST /invoices                     CreateInvoice → {data: InvoiceDetail}
 *   POST /invoices/{id}/edit           EditInvoice   → {data: InvoiceDetail}
 *   POST /invoices/{id}/validate       InvoiceAction → {data: InvoiceDetail}
 *   POST /invoices/{id}/revert         InvoiceAction → {data: InvoiceDetail}
 *   POST /invoices/{id}/cancel         InvoiceAction → {data: InvoiceDetail} (a validated one: its
 *                                      creditNoteId names the new credit note; a PROVISOIRE one is deleted,
 *                                      the answer is then {data: {id, deleted: true}})
 *   POST /invoices/{id}/delete         InvoiceAction → {data: {id, deleted: true}}
 *   POST /{business-jobs|quotes|invoices}/{id}/lock    → {data: EditLock}: takes or renews the edit
 *                                      lock of the caller's session (409 resource_locked if another holds it)
 *   POST /{business-jobs|quotes|invoices}/{id}/unlock  → {data: EditLock}: releases it
 * Every edit, validate, revert, cancel and delete also takes the lock (and checks `version`).
 */
import { z } from '@hono/zod-openapi';
import { isoDay, wholeNumber } from '../../../src/contract/fields.js';
import {
  basisPoints,
  cents,
  createCreditNoteSchema,
  createInvoiceSchema,
  creditNoteLineInputSchema,
  editInvoiceSchema,
  invoiceActionSchema,
  invoiceLineInputSchema,
  quantityMilli,
  revertInvoiceSchema,
  versionField,
} from '../../../src/contract/invoiceInputs.js';
import {
  deletedInvoiceSchema,
  invoiceDetailSchema,
  invoiceLineSchema,
  invoiceListInfoSchema,
  invoicePaymentSchema,
  invoiceSchema,
  invoiceSortKeys,
  invoiceStatuses,
  invoiceTypes,
  invoiceVersionSchema,
} from '../../../src/contract/invoices.js';
import {
  editLockSchema,
  invoiceSummarySchema,
  vatTotalSchema,
} from '../../../src/contract/invoicingAnswers.js';
import {
  businessJobDetailSchema,
  businessJobSchema,
  jobAmountsSchema,
  jobFields,
  jobPaymentSchema,
} from '../../../src/contract/jobs.js';
import { vatRateSchema } from '../../../src/contract/preferences.js';
import { libraryKinds } from '../../../src/contract/pricing.js';
import {
  MAX_QUANTITY_MILLI,
  MAX_QUOTE_ITEMS,
  MAX_UNIT_PRICE_CENTS,
  quoteAmountsSchema,
  quoteAnswerLimits,
  quoteChapterSchema,
  quoteCompositionRules,
  quoteDetailSchema,
  quoteItemSchema,
  quoteLineSchema,
  quoteMeasureRules,
  quoteSchema,
  quoteStatuses,
  quoteTextLimits,
  storedQuoteStatuses,
} from '../../../src/contract/quotes.js';
import { invoiceKinds } from '../db/schema.js';
import { booleanQuery, idNumber, idParam, named, optionalText, requiredText } from './fields.js';
import { CompanyUsersParams } from './users.js';

// ---------------------------------------------------------------------------------------------
// Shared pieces

const int = () => z.number().int();
const limitQuery = () =>
  z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(1, 'number')
    .max(200, 'number')
    .default(50)
    .openapi({ param: { name: 'limit', in: 'query' } });
const offsetQuery = () =>
  z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(0, 'number')
    .max(10_000_000, 'number')
    .default(0)
    .openapi({ param: { name: 'offset', in: 'query' } });
const searchQuery = () =>
  z
    .string()
    .trim()
    .max(100, 'too_long')
    .optional()
    .openapi({ param: { name: 'q', in: 'query' } });
const idQuery = (name: string) =>
  idParam()
    .optional()
    .openapi({ param: { name, in: 'query' } });
/** `totals` of the big lists: true (page and totals), false (page only), only (totals only). */
const totalsQuery = () =>
  z
    .enum(['true', 'false', 'only'], { error: 'invalid' })
    .default('true')
    .openapi({ param: { name: 'totals', in: 'query' } });
const orderQuery = () =>
  z
    .enum(['asc', 'desc'], { error: 'invalid' })
    .default('desc')
    .openapi({ param: { name: 'order', in: 'query' } });

/** Sum of one VAT rate's lines: base excl. tax, then the VAT of that base (rounded once per rate). */
export const VatTotalSchema = named(vatTotalSchema, 'VatTotal');

export const TotalsSchema = z.object({
  totalExclTaxCents: int(),
  totalVatCents: int(),
  totalInclTaxCents: int(),
});

/** The edit lock of a record (jobs, quotes, invoices): held by one editing session at a time. */
export const LockSchema = named(editLockSchema, 'EditLock');

// ---------------------------------------------------------------------------------------------
// Settings the invoices read (edited by the preferences screens)

/**
 * A VAT rate: the contract's (src/contract/preferences.ts), which the editors and the preference
 * screens parse. The document settings the invoices read are schemas/documents.ts's.
 */
export const VatRateSchema = named(vatRateSchema, 'VatRate');

// ---------------------------------------------------------------------------------------------
// Business jobs (affaires)

/**
 * The answers' schemas are the shared contract's (src/contract/jobs.ts): the client parses the jobs
 * with the same ones. Here they get their OpenAPI names.
 */
export const BusinessJobSchema = named(businessJobSchema, 'BusinessJob');

export const JobAmountsSchema = named(jobAmountsSchema, 'JobAmounts');

/**
 * The job's fields, limits and rules are the shared contract's (src/contract/jobs.ts): the new-job
 * form and the job sheet validate with the same schemas.
 */
export const CreateBusinessJobSchema = z
  .object({
    name: jobFields.name,
    customerId: jobFields.customerId,
    siteAddress: jobFields.siteAddress.default(''),
    deliveryDate: jobFields.deliveryDate.default(null),
    /** Retainage (retenue de garantie) held on each invoice, at most 500 = 5 % (the legal ceiling); 0 = none. */
    retainageBasisPoints: jobFields.retainageBasisPoints.default(0),
    /** A user of the company (404 otherwise), or nobody (null); left out: the creator (the caller). */
    ownerUserId: jobFields.ownerUserId.optional(),
  })
  .openapi('CreateBusinessJob');

export const EditBusinessJobSchema = z
  .object({
    id: idNumber(),
    version: versionField(),
    name: jobFields.name.optional(),
    customerId: jobFields.customerId.optional(),
    siteAddress: jobFields.siteAddress.optional(),
    deliveryDate: jobFields.deliveryDate.optional(),
    retainageBasisPoints: jobFields.retainageBasisPoints.optional(),
    /** Hands the job to a user of the company (404 otherwise), or to nobody (null). */
    ownerUserId: jobFields.ownerUserId.optional(),
  })
  .openapi('EditBusinessJob');

export const BusinessJobsQuery = z.object({
  q: searchQuery(),
  customerId: idQuery('customerId'),
  /** true: only the caller's jobs (Mes affaires). */
  mine: booleanQuery('mine'),
  limit: limitQuery(),
  offset: offsetQuery(),
});

// ---------------------------------------------------------------------------------------------
// Quotes (devis)

/**
 * The statuses and the answers' schemas are the shared contract's (src/contract/quotes.ts): the
 * client parses the quotes with the same ones. Here they get their OpenAPI names.
 */
export { quoteStatuses, storedQuoteStatuses };

export const QuoteLineSchema = named(quoteLineSchema, 'QuoteLine');

export const QuoteChapterSchema = named(
  quoteChapterSchema.extend({ lines: z.array(QuoteLineSchema) }),
  'QuoteChapter',
);

export const QuoteSchema = named(quoteSchema, 'Quote');

export const InvoiceSummarySchema = named(invoiceSummarySchema, 'InvoiceSummary');

// The editor's content: a tree of chapters (lots), sub-chapters and lines (src/contract/quotes.ts).
// Two levels of chapters at most: a sub-chapter holds lines only, so a third level is refused here.

const quoteLineFields = {
  designation: requiredText(quoteTextLimits.designation),
  unit: optionalText(quoteTextLimits.unit).default(''),
  quantityMilli: quantityMilli(),
  unitPriceCents: cents(),
  /** One of the company's VAT rates (422 otherwise). */
  vatRateId: idNumber(),
  /**
   * The rate's percentage as read in an earlier answer; ignored: the server snapshots the company's
   * rate of `vatRateId` on every save of a draft.
   */
  vatRate: basisPoints().optional(),
  /**
   * Déboursé sec of one unit, copied from the price library (issue 22): kept with the line for the
   * firm's margin view, never printed. Absent: unknown.
   */
  costCents: z
    .number({ error: 'number' })
    .int('number')
    .min(0, 'number')
    .max(MAX_UNIT_PRICE_CENTS, 'number')
    .optional(),
  /**
   * Where the quantity came from (issue 23): measures of one of the company's measure groups, and
   * their sum when inserted, equal to `quantityMilli` as sent (422 `…measure.valueMilli` otherwise).
   */
  measure: z
    .object({
      groupId: idNumber(),
      measureIds: z
        .array(idNumber(), { error: 'invalid' })
        .min(1, 'required')
        .max(quoteMeasureRules.maxMeasureIds, 'too_long'),
      valueMilli: wholeNumber(0, MAX_QUANTITY_MILLI),
    })
    .optional(),
  /**
   * A library work's composition copied into the quote (issue 22): the line's cost follows from it,
   * and its unit price unless `priceTyped` (src/contract/quotes.ts `compositionPrice`). Never printed.
   */
  composition: z
    .object({
      libraryItemId: idNumber().nullable(),
      components: z
        .array(
          z.object({
            itemId: idNumber().nullable(),
            kind: z.enum(libraryKinds, { error: 'invalid' }),
            designation: requiredText(quoteCompositionRules.designationMax),
            unit: optionalText(quoteCompositionRules.unitMax).default(''),
            quantityMilli: wholeNumber(0, quoteCompositionRules.maxQuantityMilli),
            unitCostCents: wholeNumber(0, MAX_UNIT_PRICE_CENTS),
            unitSaleCents: wholeNumber(0, MAX_UNIT_PRICE_CENTS).optional(),
          }),
          { error: 'invalid' },
        )
        .min(1, 'required')
        .max(quoteCompositionRules.maxComponents, 'too_long'),
      priceTyped: z.boolean({ error: 'boolean' }).optional(),
    })
    .optional(),
};
const QuoteLineItemInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.enum(['priced', 'option']), ...quoteLineFields }),
    z.object({ kind: z.literal('text'), text: requiredText(quoteTextLimits.text) }),
  ],
  { error: 'invalid' },
);
const chapterInput = <T extends z.ZodType>(items: T) =>
  z.object({
    kind: z.literal('chapter'),
    title: requiredText(quoteTextLimits.chapter),
    items: z.array(items, { error: 'invalid' }).max(MAX_QUOTE_ITEMS, 'too_long'),
  });
const QuoteItemInput = z.discriminatedUnion(
  'kind',
  [
    chapterInput(
      z.discriminatedUnion('kind', [chapterInput(QuoteLineItemInput), ...QuoteLineItemInput.options], {
        error: 'invalid',
      }),
    ),
    ...QuoteLineItemInput.options,
  ],
  { error: 'invalid' },
);
/** The tree; at most 2000 items in all (chapters and lines at every level: checked by the server). */
const quoteItemsInput = () => z.array(QuoteItemInput, { error: 'invalid' }).max(MAX_QUOTE_ITEMS, 'too_long');

export const QuoteItemSchema = named(quoteItemSchema, 'QuoteItem');

/** The quote's amounts (src/contract/quotes.ts `quoteAmounts`): what the editor shows live. */
export const QuoteAmountsSchema = named(quoteAmountsSchema, 'QuoteAmounts');

// The named parts are the contract's too: the OpenAPI document refers to them by name.
export const QuoteDetailSchema = named(
  quoteDetailSchema.extend({
    chapters: z.array(QuoteChapterSchema),
    vatTotals: z.array(VatTotalSchema),
    invoices: z.array(InvoiceSummarySchema),
    lock: LockSchema,
    items: z.array(QuoteItemSchema),
    amounts: QuoteAmountsSchema,
  }),
  'QuoteDetail',
);

/** The fields of a quote a draft's editor writes (create and edit). */
const quoteContentFields = {
  title: requiredText(quoteTextLimits.title),
  /** Default: today (France). */
  date: isoDay(),
  items: quoteItemsInput(),
  discountBasisPoints: basisPoints(),
  depositBasisPoints: basisPoints(),
  /** Default (or null): date + the document settings' `quoteValidityDays`; not before the quote's date. */
  validUntil: isoDay().nullable(),
  startDate: isoDay().nullable(),
  durationDays: z
    .number({ error: (issue) => (issue.input == null ? 'required' : 'number') })
    .int('number')
    .min(1, 'number')
    .max(3650, 'number')
    .nullable(),
  /** Default: the customer's payment deadline and modes, else the company's, in words. */
  paymentTerms: optionalText(quoteTextLimits.paymentTerms),
  feeCents: cents().min(0, 'number'),
  /** Autoliquidation: no VAT on the quote nor its invoices (default false). */
  reverseCharge: z.boolean({ error: 'boolean' }),
};
type QuoteContentFields = typeof quoteContentFields;
const optionalFields = Object.fromEntries(
  Object.entries(quoteContentFields).map(([name, field]) => [name, field.optional()]),
) as { [K in keyof QuoteContentFields]: z.ZodOptional<QuoteContentFields[K]> };

/** A new quote: always a draft (its status follows the lifecycle: send, answer). */
export const CreateQuoteSchema = z
  .object({ businessJobId: idNumber(), ...optionalFields, title: quoteContentFields.title })
  .openapi('CreateQuote');

/** A draft's changes (409 quote_not_editable on any other: « Modifier » makes a revision). */
export const EditQuoteSchema = z
  .object({ id: idNumber(), version: versionField(), ...optionalFields })
  .openapi('EditQuote');

/** The version read: a new revision of a sent, expired or refused quote. */
export const ReviseQuoteSchema = z.object({ version: versionField() }).openapi('ReviseQuote');

/** The customer's answer on paper, recorded by the company. */
export const AnswerQuoteSchema = z
  .object({
    version: versionField(),
    decision: z.enum(['accepted', 'refused'], {
      error: (issue) => (issue.input == null ? 'required' : 'invalid'),
    }),
    /** Who signed « Bon pour accord » (optional). */
    signerName: optionalText(quoteAnswerLimits.signerName).optional(),
    /** Why the customer refused (optional). */
    reason: optionalText(quoteAnswerLimits.reason).optional(),
  })
  .openapi('AnswerQuote');

export const QuotesQuery = z.object({
  q: searchQuery(),
  businessJobId: idQuery('businessJobId'),
  customerId: idQuery('customerId'),
  /** `expired`: sent, its validity date passed; `sent`: sent and still valid. */
  status: z
    .enum(quoteStatuses, { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  limit: limitQuery(),
  offset: offsetQuery(),
});

/** A payment received on one of the job's invoices. */
export const JobPaymentSchema = named(jobPaymentSchema, 'JobPayment');

// The named parts are the contract's too: the OpenAPI document refers to them by name.
export const BusinessJobDetailSchema = named(
  businessJobDetailSchema.extend({
    quotes: z.array(QuoteSchema),
    invoices: z.array(InvoiceSummarySchema),
    amounts: JobAmountsSchema,
    payments: z.array(JobPaymentSchema),
    lock: LockSchema,
  }),
  'BusinessJobDetail',
);

// ---------------------------------------------------------------------------------------------
// Invoices (factures)

/**
 * deposit (acompte, from a quote), progress (situation, from a quote), final (from a quote: all that
 * remains, deposits deducted), simple (no quote), credit_note (avoir: only issued by cancelling a
 * validated invoice). `type` is the spec's word for the same thing.
 */
export { invoiceKinds, invoiceStatuses, invoiceTypes };

/**
 * The answers' schemas are the shared contract's (src/contract/invoices.ts): the client parses the
 * invoices with the same ones. Here they get their OpenAPI names.
 */
export const InvoiceLineSchema = named(invoiceLineSchema, 'InvoiceLine');
export const InvoiceSchema = named(invoiceSchema, 'Invoice');
export const InvoicePaymentSchema = named(invoicePaymentSchema, 'InvoicePayment');
/** Its parts under their own names in the OpenAPI document (the same schemas). */
export const InvoiceDetailSchema = named(
  invoiceDetailSchema.extend({
    lines: z.array(InvoiceLineSchema),
    vatTotals: z.array(VatTotalSchema),
    payments: z.array(InvoicePaymentSchema),
    lock: LockSchema,
  }),
  'InvoiceDetail',
);

/**
 * The bodies are the shared contract's (src/contract/invoiceInputs.ts): the editor and the dialogs
 * check what is typed with the same schemas. Here they get their OpenAPI names.
 */
export const SimpleLineInputSchema = named(invoiceLineInputSchema, 'InvoiceLineInput');
export const CreateInvoiceSchema = named(createInvoiceSchema, 'CreateInvoice');
/** A PROVISOIRE invoice's changes; the fields that do not fit its kind are refused (422 validation). */
export const EditInvoiceSchema = named(editInvoiceSchema, 'EditInvoice');
/** validate, revert, cancel, delete: the version the caller read. */
export const InvoiceActionSchema = named(invoiceActionSchema, 'InvoiceAction');
export const RevertInvoiceSchema = named(revertInvoiceSchema, 'RevertInvoice');
export const CreditNoteLineInputSchema = named(creditNoteLineInputSchema, 'CreditNoteLineInput');
export const CreateCreditNoteSchema = named(createCreditNoteSchema, 'CreateCreditNote');

/** A validated version of an invoice that a revert left behind: its frozen document is kept. */
export const InvoiceVersionSchema = named(invoiceVersionSchema, 'InvoiceVersion');

export { invoiceSortKeys };

export const InvoicesQuery = z.object({
  status: z
    .enum(invoiceStatuses, { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  kind: z
    .enum(invoiceKinds, { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'kind', in: 'query' } }),
  customerId: idQuery('customerId'),
  businessJobId: idQuery('businessJobId'),
  quoteId: idQuery('quoteId'),
  /** Invoice date period, inclusive. */
  from: isoDay()
    .optional()
    .openapi({ param: { name: 'from', in: 'query' } }),
  to: isoDay()
    .optional()
    .openapi({ param: { name: 'to', in: 'query' } }),
  overdue: booleanQuery('overdue'),
  /** Number, title, customer name or job name (case-insensitive). */
  q: searchQuery(),
  sort: z
    .enum(invoiceSortKeys, { error: 'invalid' })
    .default('date')
    .openapi({ param: { name: 'sort', in: 'query' } }),
  order: orderQuery(),
  limit: limitQuery(),
  offset: offsetQuery(),
  /**
   * true (default): the page and the count and sums of the whole filtered set. false: the page only
   * (the count and sums cost a scan of the filtered set: a client pages without asking them again).
   * only: the count and sums only (`data` empty), once per filter.
   */
  totals: totalsQuery(),
});

/**
 * The count (`hits`) and sums (`totals`) of every matching invoice (all pages); both absent with
 * totals=false, unless this first page holds them all.
 */
export const InvoiceListInfoSchema = named(invoiceListInfoSchema, 'InvoiceListInfo');

// ---------------------------------------------------------------------------------------------
// Paths

export const CompanyParams = CompanyUsersParams;
export const IdParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const DeletedSchema = named(deletedInvoiceSchema, 'Deleted');

// Shared with the payments schemas (schemas/payments.ts).
export { idQuery, int, isoDay, offsetQuery, orderQuery, searchQuery, totalsQuery };
