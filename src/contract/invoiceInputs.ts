/**
 * The invoices' request bodies (issue 9), written once (issue 20): the server validates with these
 * schemas (server/src/schemas/invoicing.ts names them for the OpenAPI document), the client's calls
 * take their input types (src/api/invoices.ts), and the editor and the dialogs check what is typed
 * with them before sending, so that a value the server would refuse is said under its field instead
 * of ending in a refused save. Failed rules say a field code (src/contract/fields.ts).
 *
 * Its own module, apart from the answers (src/contract/invoices.ts): only the screens that write an
 * invoice load it (the quote editor's chunk reads invoice answers, never these).
 *
 * Units: money in integer cents, percentages in basis points (2000 = 20 %), quantities in
 * thousandths, days as yyyy-MM-dd. A body never carries a total.
 */
import { z } from 'zod';
import { paymentDeadlineSchema, paymentModesSchema } from './customers.js';
import { idNumber, isoDay, optionalText, requiredText, wholeNumber } from './fields.js';
import { invoiceAmountLimits, invoiceTextLimits } from './invoiceLines.js';
import { lazy } from './lazy.js';

/** A yyyy-MM-dd day, no later than 31/12/2100 (`date_too_late`); missing is `required`. */
/** A record's optimistic-concurrency version: an edit sends the version it read (stale → 409 stale_version). */
export const versionField = () => wholeNumber(1, Number.MAX_SAFE_INTEGER);
/** A share in basis points, 0 to `max` (10000 = 100 %). */
export const basisPoints = (max = 10_000) => wholeNumber(0, max);
/** An amount in cents, either sign. */
export const cents = () => wholeNumber(-invoiceAmountLimits.cents, invoiceAmountLimits.cents);
/** A quantity in thousandths, either sign. */
export const quantityMilli = () =>
  wholeNumber(-invoiceAmountLimits.quantityMilli, invoiceAmountLimits.quantityMilli);

/** At most this many lines (or progress rows) in one body; a credit note's lines fewer. */
export const invoiceBodyLimits = { lines: 2000, creditNoteLines: 200 } as const;

/** A line as a simple invoice (or an older quote) sends it: the server computes every amount. */
export const invoiceLineInputSchema = lazy(() =>
  z.object({
    chapter: optionalText(invoiceTextLimits.chapter).default(''),
    label: requiredText(invoiceTextLimits.label),
    unit: optionalText(invoiceTextLimits.unit).default('u'),
    quantityMilli: quantityMilli(),
    unitPriceCents: cents(),
    /** One of the company's VAT rates (422 otherwise). */
    vatRateId: idNumber(),
  }),
);
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/** One line of a progress statement: the line's cumulative progress after this invoice. */
export const progressInputSchema = lazy(() =>
  z.object({ quoteLineId: idNumber(), progressBasisPoints: basisPoints() }),
);
export type ProgressInput = z.input<typeof progressInputSchema>;

/** A deposit's share of the quote's total, spread over its VAT rates (3000 = 30 %): at least 0,01 %. */
const depositBasisPoints = () => basisPoints().min(1, 'number');
/** Quote lines not named keep their progress so far. */
const progressRows = () =>
  z.array(progressInputSchema).min(1, 'required').max(invoiceBodyLimits.lines, 'too_long');
const lineRows = () =>
  z.array(invoiceLineInputSchema).min(1, 'required').max(invoiceBodyLimits.lines, 'too_long');

/** What every kind of invoice may set, at its creation or on its draft. */
export const invoiceCommonFields = lazy(() => ({
  /** Defaults to today. */
  date: isoDay().optional(),
  /** Date d'exécution des travaux, when not the invoice's date; null clears it. */
  worksDate: isoDay().nullable().optional(),
  title: optionalText(invoiceTextLimits.title).optional(),
  comment: optionalText(invoiceTextLimits.comment).optional(),
  /** Default: the customer's deadline and modes, else the company's general ones. */
  paymentDeadline: paymentDeadlineSchema.optional(),
  paymentModes: paymentModesSchema.optional(),
  /** Autoliquidation: a simple invoice's own; on an invoice of a quote only the quote's value is accepted. */
  reverseCharge: z.boolean({ error: 'boolean' }).optional(),
}));

/** A new PROVISOIRE invoice: from a quote (deposit, progress, final) or simple. */
export const createInvoiceSchema = lazy(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('deposit'),
        quoteId: idNumber(),
        depositBasisPoints: depositBasisPoints(),
        ...invoiceCommonFields,
      }),
      z.object({
        kind: z.literal('progress'),
        quoteId: idNumber(),
        progress: progressRows(),
        ...invoiceCommonFields,
      }),
      z.object({ kind: z.literal('final'), quoteId: idNumber(), ...invoiceCommonFields }),
      z.object({
        kind: z.literal('simple'),
        customerId: idNumber(),
        businessJobId: idNumber().optional(),
        lines: lineRows(),
        ...invoiceCommonFields,
      }),
    ],
    { error: (issue) => (issue.input === undefined ? 'required' : 'invalid') },
  ),
);
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;

/** A PROVISOIRE invoice's changes; the fields that do not fit its kind are refused (422 validation). */
export const invoiceChangesSchema = lazy(() =>
  z.object({
    ...invoiceCommonFields,
    depositBasisPoints: depositBasisPoints().optional(),
    progress: progressRows().optional(),
    lines: lineRows().optional(),
  }),
);
export type EditInvoiceInput = z.input<typeof invoiceChangesSchema>;

/** `POST …/invoices/{id}/edit`: the id, the version read and the changes. */
export const editInvoiceSchema = lazy(() =>
  invoiceChangesSchema.extend({ id: idNumber(), version: versionField() }),
);

/** validate, cancel, delete: the version the caller read. */
export const invoiceActionSchema = lazy(() => z.object({ version: versionField() }));

/**
 * Back to PROVISOIRE (issue 18): the version read, and why. The validated version it leaves is
 * kept with this reason (`GET /invoices/{id}/versions`).
 */
export const revertInvoiceSchema = lazy(() =>
  z.object({
    version: versionField(),
    reason: requiredText(invoiceTextLimits.revertReason),
  }),
);

/** One line of a partial credit note: what is credited (positive), at a VAT rate the invoice bills. */
export const creditNoteLineInputSchema = lazy(() =>
  z.object({
    label: requiredText(invoiceTextLimits.label),
    quantityMilli: quantityMilli().min(1, 'number'),
    unitPriceCents: cents().min(1, 'number'),
    vatRateId: idNumber(),
  }),
);
export type CreditNoteLineInput = z.input<typeof creditNoteLineInputSchema>;

/** A partial credit note on a validated invoice (some lines or an amount), issued validated. */
export const createCreditNoteSchema = lazy(() =>
  z.object({
    lines: z
      .array(creditNoteLineInputSchema, { error: 'required' })
      .min(1, 'required')
      .max(invoiceBodyLimits.creditNoteLines, 'too_long'),
  }),
);
