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
import { boundedDate } from '../../../src/contract/fields.js';
import { jobFields } from '../../../src/contract/jobs.js';
import { libraryKinds } from '../../../src/contract/pricing.js';
import {
  MAX_QUANTITY_MILLI,
  MAX_QUOTE_ITEMS,
  MAX_UNIT_PRICE_CENTS,
  quoteCompositionRules,
  quoteMeasureRules,
  quoteTextLimits,
} from '../../../src/contract/quotes.js';
import { invoiceKinds, paymentModes } from '../db/schema.js';
import { PaymentDeadlineSchema, PaymentModesSchema } from './customers.js';
import { idNumber, idParam, optionalText, requiredText } from './fields.js';
import { CompanyUsersParams } from './users.js';

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** A yyyy-MM-dd day, no later than 31/12/2100 (the contract's bound: `date_too_late`). */
const isoDay = () =>
  boundedDate(z.iso.date({ error: (issue) => (issue.input == null ? 'required' : 'date') }));
const int = () => z.number().int();
/** A record's optimistic-concurrency version: an edit sends the version it read (stale → 409 stale_version). */
const versionField = () =>
  z
    .number({ error: (issue) => (issue.input == null ? 'required' : 'number') })
    .int('number')
    .min(1, 'number');
const basisPoints = (max = 10000) =>
  z
    .number({ error: (issue) => (issue.input == null ? 'required' : 'number') })
    .int('number')
    .min(0, 'number')
    .max(max, 'number');
const cents = () =>
  z
    .number({ error: (issue) => (issue.input == null ? 'required' : 'number') })
    .int('number')
    .min(-100_000_000_000, 'number')
    .max(100_000_000_000, 'number');
const quantityMilli = () =>
  z
    .number({ error: (issue) => (issue.input == null ? 'required' : 'number') })
    .int('number')
    .min(-1_000_000_000, 'number')
    .max(1_000_000_000, 'number');
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
export const VatTotalSchema = z
  .object({
    vatRateId: int(),
    /** The rate's percentage as snapshotted on the lines (a later change of the rate does not move it). */
    basisPoints: int(),
    baseCents: int(),
    vatCents: int(),
  })
  .openapi('VatTotal');

export const TotalsSchema = z.object({
  totalExclTaxCents: int(),
  totalVatCents: int(),
  totalInclTaxCents: int(),
});

/** The edit lock of a record (jobs, quotes, invoices): held by one editing session at a time. */
export const LockSchema = z
  .object({
    /** Another session of any user edits it: this one may read but not save (409 resource_locked). */
    lockedByAnotherSession: z.boolean(),
    /** When the other session's lock lapses without activity (ISO), or null. */
    expiresAt: z.string().nullable(),
  })
  .openapi('EditLock');

// ---------------------------------------------------------------------------------------------
// Settings the invoices read (edited later by the preferences screens)

export const VatRateSchema = z
  .object({
    id: int(),
    internalName: z.string(),
    pdfName: z.string(),
    regulatoryText: z.string(),
    customerCertificateText: z.string(),
    showInSummary: z.boolean(),
    basisPoints: int(),
    isDefault: z.boolean(),
    vatAccountCode: z.string(),
    productAccountCode: z.string(),
  })
  .openapi('VatRate');

export const DocumentSettingsSchema = z
  .object({
    /** Decimals shown for quantities and unit prices on documents (0–3 and 0–4). */
    quantityPrecision: int(),
    unitPricePrecision: int(),
    documentsPerPage: int(),
    /** Tokens: {AAAA} year, {AA} two-digit year, {MM} month, {N…} the counter on that many digits. */
    invoiceNumberFormat: z.string(),
    creditNoteNumberFormat: z.string(),
    /** true: credit notes take their numbers from their own counter and format. */
    creditNoteOwnSequence: z.boolean(),
    version: int(),
  })
  .openapi('DocumentSettings');

// ---------------------------------------------------------------------------------------------
// Business jobs (affaires)

export const BusinessJobSchema = z
  .object({
    id: int(),
    version: int(),
    name: z.string(),
    customerId: int(),
    customerName: z.string(),
    siteAddress: z.string(),
    /** Works-reception date: once set, no invoice of the job may return to PROVISOIRE. */
    deliveryDate: z.string().nullable(),
    retainageBasisPoints: int(),
    /** Who follows the job (Mes affaires): its creator unless handed over; null without one. */
    ownerUserId: int().nullable(),
    /** The owner's first and last name; null without an owner. */
    ownerName: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('BusinessJob');

export const JobAmountsSchema = z
  .object({
    quotedExclTaxCents: int(),
    quotedInclTaxCents: int(),
    /** Validated invoices net of credit notes. */
    invoicedExclTaxCents: int(),
    invoicedInclTaxCents: int(),
    paidCents: int(),
    /** Invoiced incl. tax − paid. */
    remainingCents: int(),
    /** Retainage held on the validated invoices, and what has been paid of it. */
    retainageCents: int(),
    retainagePaidCents: int(),
    /** « Reste à facturer »: Σ over accepted quotes of their total excl. VAT less what their invoices bill (≥ 0 each). */
    toInvoiceExclTaxCents: int(),
  })
  .openapi('JobAmounts');

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
  mine: z
    .enum(['true', 'false'], { error: 'boolean' })
    .optional()
    .transform((value) => value === 'true')
    .openapi({ param: { name: 'mine', in: 'query' } }),
  limit: limitQuery(),
  offset: offsetQuery(),
});

// ---------------------------------------------------------------------------------------------
// Quotes (devis)

/** What the database stores (domain/quoteLifecycle.ts `storedQuoteStatuses`). */
export const storedQuoteStatuses = ['draft', 'sent', 'accepted', 'refused'] as const;
/** What the API answers: the stored status, or `expired` (sent, its validity date passed: computed). */
export const quoteStatuses = [...storedQuoteStatuses, 'expired'] as const;

export const QuoteLineSchema = z
  .object({
    id: int(),
    position: int(),
    chapter: z.string(),
    label: z.string(),
    unit: z.string(),
    quantityMilli: int(),
    unitPriceCents: int(),
    vatRateId: int(),
    vatBasisPoints: int(),
    totalExclTaxCents: int(),
    /** Already invoiced on this line by the quote's invoices (validated and PROVISOIRE, credit notes deducted). */
    invoicedExclTaxCents: int(),
    /** Cumulative progress invoiced so far, in basis points of the line (10000 = all of it). */
    invoicedBasisPoints: int(),
  })
  .openapi('QuoteLine');

export const QuoteChapterSchema = z
  .object({
    title: z.string(),
    lines: z.array(QuoteLineSchema),
    /** « Gestion chantier »: the progress last entered on site for this chapter (null: none). */
    siteProgressBasisPoints: int().nullable(),
  })
  .openapi('QuoteChapter');

export const QuoteSchema = z
  .object({
    id: int(),
    version: int(),
    /** DE-2026-00012, or DE-2026-00012-B for its second revision. */
    number: z.string(),
    title: z.string(),
    date: z.string(),
    status: z.enum(quoteStatuses),
    businessJobId: int(),
    businessJobName: z.string(),
    customerId: int(),
    customerName: z.string(),
    ...TotalsSchema.shape,
    /** Net excl. tax invoiced so far on this quote (validated and PROVISOIRE invoices, credit notes deducted). */
    invoicedExclTaxCents: int(),
    /** Autoliquidation (a subcontractor billing the main contractor): no VAT; its invoices carry it. */
    reverseCharge: z.boolean(),
    /** The number without its revision letter (shared by every revision). */
    baseNumber: z.string(),
    /** 0: the first revision (no letter); 1: « -B » … */
    revisionIndex: int(),
    /** The newest revision of its number: only it is acted on (lists show only these). */
    latest: z.boolean(),
    /** The last day the offer holds; null only on a quote made before the editor. */
    validUntil: z.string().nullable(),
    /** Σ option lines excl. tax (shown, never in the totals). */
    optionsExclTaxCents: int(),
    /** When it was sent (ISO), or null. */
    sentAt: z.string().nullable(),
  })
  .openapi('Quote');

export const InvoiceSummarySchema = z
  .object({
    id: int(),
    version: int(),
    number: z.string().nullable(),
    kind: z.enum(invoiceKinds),
    status: z.enum(['PROVISOIRE', 'VALIDATED']),
    cancelled: z.boolean(),
    date: z.string(),
    ...TotalsSchema.shape,
  })
  .openapi('InvoiceSummary');

/** A whole number within bounds (a measure's sum, a component's quantity or figure). */
const wholeMilli = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input == null ? 'required' : 'number') })
    .int('number')
    .min(min, 'number')
    .max(max, 'number');

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
      valueMilli: wholeMilli(0, MAX_QUANTITY_MILLI),
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
            quantityMilli: wholeMilli(0, quoteCompositionRules.maxQuantityMilli),
            unitCostCents: wholeMilli(0, MAX_UNIT_PRICE_CENTS),
            unitSaleCents: wholeMilli(0, MAX_UNIT_PRICE_CENTS).optional(),
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

const quoteLineOutput = z.object({
  kind: z.enum(['priced', 'option']),
  designation: z.string(),
  unit: z.string(),
  quantityMilli: int(),
  unitPriceCents: int(),
  vatRateId: int(),
  /** The rate's percentage snapshotted when the draft was last saved. */
  vatRate: int(),
  /** Déboursé sec of one unit, when the line has one (the firm's margin view; never printed). */
  costCents: int().optional(),
  /** The measures the quantity came from (issue 23); see `measureSources` for their current values. */
  measure: z.object({ groupId: int(), measureIds: z.array(int()), valueMilli: int() }).optional(),
  /** The composition copied from the library (issue 22): the firm's figures, never printed. */
  composition: z
    .object({
      libraryItemId: int().nullable(),
      components: z.array(
        z.object({
          itemId: int().nullable(),
          kind: z.enum(libraryKinds),
          designation: z.string(),
          unit: z.string(),
          quantityMilli: int(),
          unitCostCents: int(),
          unitSaleCents: int().optional(),
        }),
      ),
      priceTyped: z.boolean().optional(),
    })
    .optional(),
});
const quoteTextOutput = z.object({ kind: z.literal('text'), text: z.string() });
const quoteLeafOutput = z.discriminatedUnion('kind', [quoteLineOutput, quoteTextOutput]);
const quoteSubChapterOutput = z.object({
  kind: z.literal('chapter'),
  title: z.string(),
  items: z.array(quoteLeafOutput),
});
export const QuoteItemSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('chapter'),
      title: z.string(),
      items: z.array(z.discriminatedUnion('kind', [quoteSubChapterOutput, quoteLineOutput, quoteTextOutput])),
    }),
    quoteLineOutput,
    quoteTextOutput,
  ])
  .openapi('QuoteItem');

/** The quote's amounts (src/contract/quotes.ts `quoteAmounts`): what the editor shows live. */
export const QuoteAmountsSchema = z
  .object({
    /** Highest rate first; each rate's share of the discount, and its VAT on the base after it. */
    byRate: z.array(z.object({ vatRate: int(), grossHt: int(), discount: int(), ht: int(), vat: int() })),
    grossHt: int(),
    discount: int(),
    ht: int(),
    vat: int(),
    ttc: int(),
    /** Σ option lines, in no total. */
    optionsHt: int(),
    /** The deposit asked at signature: what a deposit invoice of that rate bills. */
    deposit: z.object({ rate: int(), ht: int(), vat: int(), ttc: int() }),
    /** Each chapter (path: its index at each level), before the global discount. */
    chapters: z.array(z.object({ path: z.array(int()), title: z.string(), ht: int(), optionsHt: int() })),
  })
  .openapi('QuoteAmounts');

export const QuoteDetailSchema = QuoteSchema.extend({
  /** The quote's priced lines as invoicing bills them, by chapter (« Chapitre › Sous-chapitre »). */
  chapters: z.array(QuoteChapterSchema),
  vatTotals: z.array(VatTotalSchema),
  invoices: z.array(InvoiceSummarySchema),
  /** The quote's PROVISOIRE invoice, if any (only one may exist). */
  provisionalInvoiceId: int().nullable(),
  /** Per VAT rate, what may still be invoiced (excl. tax) after every non-cancelled invoice. */
  remainingByRate: z.array(z.object({ vatRateId: int(), basisPoints: int(), remainingCents: int() })),
  lock: LockSchema,
  items: z.array(QuoteItemSchema),
  /** Global discount on the total excl. tax (500 = 5 %). */
  discountBasisPoints: int(),
  /** Deposit asked at signature, a share of the total after discount. */
  depositBasisPoints: int(),
  /** Estimated start of the works, and their duration in calendar days. */
  startDate: z.string().nullable(),
  durationDays: int().nullable(),
  paymentTerms: z.string(),
  /** What the quote itself costs excl. tax; 0 = « Devis gratuit ». */
  feeCents: int(),
  amounts: QuoteAmountsSchema,
  /** Every revision of its number, oldest first (this one included). */
  revisions: z.array(
    z.object({ id: int(), number: z.string(), status: z.enum(quoteStatuses), date: z.string() }),
  ),
  /** The customer's answer: online (the link) or recorded by the company; null before one. */
  answer: z
    .object({
      decision: z.enum(['accepted', 'refused']),
      channel: z.enum(['online', 'recorded']),
      signerName: z.string(),
      reason: z.string(),
      answeredAt: z.string(),
    })
    .nullable(),
  /**
   * Each line whose quantity came from measures (issue 23): its source, the measures' sum now (null:
   * one was removed) and whether it changed since the line was written. Lines by `path` (as
   * `amounts.chapters[].path`: the index at each level).
   */
  measureSources: z.array(
    z.object({
      path: z.array(int()),
      groupId: int(),
      groupName: z.string(),
      application: z.string(),
      measureIds: z.array(int()),
      storedValueMilli: int(),
      currentValueMilli: int().nullable(),
      changed: z.boolean(),
    }),
  ),
  /** What may be done now (domain/quoteLifecycle.ts): the buttons that work. */
  allowed: z.object({
    edit: z.boolean(),
    revise: z.boolean(),
    send: z.boolean(),
    answer: z.boolean(),
    invoice: z.boolean(),
    duplicate: z.boolean(),
  }),
}).openapi('QuoteDetail');

export const QuoteLineInputSchema = z
  .object({
    chapter: optionalText(200).default(''),
    label: requiredText(500),
    unit: optionalText(20).default('u'),
    quantityMilli: quantityMilli(),
    unitPriceCents: cents(),
    vatRateId: idNumber(),
  })
  .openapi('QuoteLineInput');

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
    signerName: optionalText(200).optional(),
    /** Why the customer refused (optional). */
    reason: optionalText(2000).optional(),
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
export const JobPaymentSchema = z
  .object({
    id: int(),
    paidOn: z.string(),
    invoiceId: int(),
    invoiceNumber: z.string().nullable(),
    mode: z.enum(paymentModes),
    amountCents: int(),
    /** true: it pays the invoice's retainage (retenue de garantie). */
    isRetainage: z.boolean(),
  })
  .openapi('JobPayment');

export const BusinessJobDetailSchema = BusinessJobSchema.extend({
  quotes: z.array(QuoteSchema),
  invoices: z.array(InvoiceSummarySchema),
  amounts: JobAmountsSchema,
  /** The works-reception date + 1 year (29 February → 28 February); null without a reception date. */
  retainageReleaseDate: z.string().nullable(),
  /** Payments of the job's invoices, oldest first. */
  payments: z.array(JobPaymentSchema),
  lock: LockSchema,
}).openapi('BusinessJobDetail');

// ---------------------------------------------------------------------------------------------
// Invoices (factures)

/**
 * deposit (acompte, from a quote), progress (situation, from a quote), final (from a quote: all that
 * remains, deposits deducted), simple (no quote), credit_note (avoir: only issued by cancelling a
 * validated invoice). `type` is the spec's word for the same thing.
 */
export { invoiceKinds };
export const invoiceTypes = ['facture', 'factureAcompte', 'factureAvoir'] as const;
export const invoiceStatuses = ['PROVISOIRE', 'VALIDATED'] as const;

export const InvoiceLineSchema = z
  .object({
    id: int(),
    position: int(),
    /** The quote line this line invoices (progress and final), else null. */
    quoteLineId: int().nullable(),
    chapter: z.string(),
    label: z.string(),
    unit: z.string(),
    quantityMilli: int(),
    unitPriceCents: int(),
    vatRateId: int(),
    /** The rate's percentage when the line was written; a later edit of the rate never moves it. */
    vatBasisPoints: int(),
    totalExclTaxCents: int(),
    /** progress and final: the line's cumulative progress after this invoice (10000 = all). */
    progressBasisPoints: int().nullable(),
  })
  .openapi('InvoiceLine');

export const InvoiceSchema = z
  .object({
    id: int(),
    version: int(),
    /** Null while PROVISOIRE: validation gives the next number of the company's sequence. */
    number: z.string().nullable(),
    kind: z.enum(invoiceKinds),
    type: z.enum(invoiceTypes),
    status: z.enum(invoiceStatuses),
    /** A validated invoice cancelled by a credit note (creditNoteId). */
    cancelled: z.boolean(),
    date: z.string(),
    dueDate: z.string(),
    title: z.string(),
    customerId: int(),
    customerName: z.string(),
    businessJobId: int().nullable(),
    businessJobName: z.string().nullable(),
    quoteId: int().nullable(),
    quoteNumber: z.string().nullable(),
    ...TotalsSchema.shape,
    /** Retainage held on this invoice (incl. tax), 0 without. */
    retainageCents: int(),
    paidCents: int(),
    /** What the customer still owes: incl. tax − retainage − paid (the retainage is owed at its return). */
    balanceCents: int(),
    /** Validated, not fully paid and past its due date. */
    overdue: z.boolean(),
    validatedAt: z.string().nullable(),
  })
  .openapi('Invoice');

export const InvoicePaymentSchema = z
  .object({
    id: int(),
    amountCents: int(),
    paidOn: z.string(),
    mode: z.enum(paymentModes),
    bankId: int().nullable(),
    comment: z.string(),
    isRetainage: z.boolean(),
  })
  .openapi('InvoicePayment');

export const InvoiceDetailSchema = InvoiceSchema.extend({
  comment: z.string(),
  /**
   * When the works were carried out or finished, if not on the invoice's date; null: the documents
   * print the job's reception date, else the invoice's date.
   */
  worksDate: z.string().nullable(),
  /** The deadline and modes of this invoice (defaults: the customer's, else the company's). */
  paymentDeadline: PaymentDeadlineSchema,
  paymentModes: z.array(z.enum(paymentModes)),
  /** deposit: the share of the quote invoiced, in basis points; else null. */
  depositBasisPoints: int().nullable(),
  /**
   * Autoliquidation: no VAT (totals VAT 0); documents carry the mention « Autoliquidation ». An
   * invoice of a quote has the quote's flag; a simple invoice's is set on its draft.
   */
  reverseCharge: z.boolean(),
  lines: z.array(InvoiceLineSchema),
  vatTotals: z.array(VatTotalSchema),
  payments: z.array(InvoicePaymentSchema),
  /** credit_note: the invoice it cancels; a cancelled invoice: its credit note. */
  creditedInvoiceId: int().nullable(),
  creditNoteId: int().nullable(),
  lock: LockSchema,
}).openapi('InvoiceDetail');

/** One line of a progress statement: the line's cumulative progress after this invoice. */
export const ProgressInputSchema = z
  .object({ quoteLineId: idNumber(), progressBasisPoints: basisPoints() })
  .openapi('ProgressInput');

export const SimpleLineInputSchema = QuoteLineInputSchema.openapi('InvoiceLineInput');

const invoiceCommon = {
  /** Defaults to today. */
  date: isoDay().optional(),
  /** Date d'exécution des travaux, when not the invoice's date; null clears it. */
  worksDate: isoDay().nullable().optional(),
  title: optionalText(200).optional(),
  comment: optionalText(4000).optional(),
  /** Default: the customer's deadline and modes, else the company's general ones. */
  paymentDeadline: PaymentDeadlineSchema.optional(),
  paymentModes: PaymentModesSchema.optional(),
  /** Autoliquidation: a simple invoice's own; on an invoice of a quote only the quote's value is accepted. */
  reverseCharge: z.boolean({ error: 'boolean' }).optional(),
};

export const CreateInvoiceSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('deposit'),
        quoteId: idNumber(),
        /** Share of the quote's total, spread over its VAT rates (3000 = 30 %). */
        depositBasisPoints: basisPoints().min(1, 'number'),
        ...invoiceCommon,
      }),
      z.object({
        kind: z.literal('progress'),
        quoteId: idNumber(),
        /** Quote lines not named keep their progress so far. */
        progress: z.array(ProgressInputSchema).min(1, 'required').max(2000, 'too_long'),
        ...invoiceCommon,
      }),
      z.object({ kind: z.literal('final'), quoteId: idNumber(), ...invoiceCommon }),
      z.object({
        kind: z.literal('simple'),
        customerId: idNumber(),
        businessJobId: idNumber().optional(),
        lines: z.array(SimpleLineInputSchema).min(1, 'required').max(2000, 'too_long'),
        ...invoiceCommon,
      }),
    ],
    { error: (issue) => (issue.input === undefined ? 'required' : 'invalid') },
  )
  .openapi('CreateInvoice');

/** A PROVISOIRE invoice's changes; the fields that do not fit its kind are refused (422 validation). */
export const EditInvoiceSchema = z
  .object({
    id: idNumber(),
    version: versionField(),
    ...invoiceCommon,
    depositBasisPoints: basisPoints().min(1, 'number').optional(),
    progress: z.array(ProgressInputSchema).min(1, 'required').max(2000, 'too_long').optional(),
    lines: z.array(SimpleLineInputSchema).min(1, 'required').max(2000, 'too_long').optional(),
  })
  .openapi('EditInvoice');

/** validate, revert, cancel, delete: the version the caller read. */
export const InvoiceActionSchema = z.object({ version: versionField() }).openapi('InvoiceAction');

/**
 * Back to PROVISOIRE (issue 18): the version read, and why. The validated version it leaves is
 * kept with this reason (`GET /invoices/{id}/versions`).
 */
export const RevertInvoiceSchema = z
  .object({ version: versionField(), reason: requiredText(500) })
  .openapi('RevertInvoice');

/** One line of a partial credit note: what is credited (positive), at a VAT rate the invoice bills. */
export const CreditNoteLineInputSchema = z
  .object({
    label: requiredText(500),
    quantityMilli: quantityMilli().min(1, 'number'),
    unitPriceCents: cents().min(1, 'number'),
    vatRateId: idNumber(),
  })
  .openapi('CreditNoteLineInput');

/** A partial credit note on a validated invoice (some lines or an amount), issued validated. */
export const CreateCreditNoteSchema = z
  .object({
    lines: z.array(CreditNoteLineInputSchema, { error: 'required' }).min(1, 'required').max(200, 'too_long'),
  })
  .openapi('CreateCreditNote');

/** A validated version of an invoice that a revert left behind: its frozen document is kept. */
export const InvoiceVersionSchema = z
  .object({
    /** 1 for the first validation, then one more per revert. */
    versionNumber: int(),
    number: z.string().nullable(),
    date: z.string(),
    totalInclTaxCents: int(),
    validatedAt: z.string().nullable(),
    revertedAt: z.string(),
    revertedBy: z.string().nullable(),
    reason: z.string(),
  })
  .openapi('InvoiceVersion');

export const invoiceSortKeys = [
  'date',
  'number',
  'customer',
  'dueDate',
  'totalInclTax',
  'balance',
  'status',
] as const;

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
  overdue: z
    .enum(['true', 'false'], { error: 'boolean' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'))
    .openapi({ param: { name: 'overdue', in: 'query' } }),
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

export const InvoiceListInfoSchema = z
  .object({
    /** Invoices matching the filters (all pages). Absent with totals=false, unless this first page holds them all. */
    hits: int().optional(),
    /** Sums over every matching invoice (all pages). Absent like hits. */
    totals: z.object({ ...TotalsSchema.shape, balanceCents: int() }).optional(),
  })
  .openapi('InvoiceListInfo');

// ---------------------------------------------------------------------------------------------
// Paths

export const CompanyParams = CompanyUsersParams;
export const IdParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const ListInfoSchema = z.object({ hits: int() });

export const DeletedSchema = z.object({ id: int(), deleted: z.literal(true) }).openapi('Deleted');

// Shared with the payments schemas (schemas/payments.ts).
export { idQuery, int, isoDay, offsetQuery, orderQuery, searchQuery, totalsQuery };
