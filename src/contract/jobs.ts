/**
 * The business job (affaire) as both sides read it: the fields a client writes and their limits.
 * The new-job form and the job sheet validate with `jobFields` (through their form schemas); the
 * server's create and edit bodies are built from the same fields (server/src/schemas/invoicing.ts),
 * so neither side accepts what the other refuses.
 */
import { z } from 'zod';
import { paymentModes } from './customers.js';
import { idNumber, isoDate, optionalText, whenMissing, wholeNumber } from './fields.js';
import { answerDay, editLockSchema, int, invoiceSummarySchema } from './invoicingAnswers.js';
import { lazy } from './lazy.js';
import { quoteSchema } from './quotes.js';

/** The longest text each field takes. */
export const jobTextLimits = { name: 200, siteAddress: 300 } as const;

/**
 * Retainage (retenue de garantie) in basis points: at most 500 = 5 %, the legal ceiling (loi
 * n° 71-584 du 16 juillet 1971, art. 1er), the same bound as the domain's `MAX_RETAINAGE_RATE`.
 */
export const MAX_RETAINAGE_BASIS_POINTS = 500;

/** Every field a client writes, each checked on its own. */
export const jobFields = lazy(() => ({
  name: z
    .string({ error: whenMissing('string') })
    .trim()
    .min(1, 'required')
    .max(jobTextLimits.name, 'too_long'),
  /** A customer of the company (another company's: 404 not_found, like any foreign id). */
  customerId: idNumber(),
  siteAddress: optionalText(jobTextLimits.siteAddress),
  /** Works-reception date (yyyy-MM-dd); null: none yet. */
  deliveryDate: isoDate().nullable(),
  retainageBasisPoints: wholeNumber(0, MAX_RETAINAGE_BASIS_POINTS),
  /** Who follows the job: a user of the company (another company's: 404 not_found); null: nobody. */
  ownerUserId: idNumber().nullable(),
}));

export type JobFieldName = keyof typeof jobFields;

/** A whole job as a client writes it (the form's result, the create body with every field given). */
export const jobInputSchema = lazy(() => z.object(jobFields));
export type JobInput = z.output<typeof jobInputSchema>;

// ---------------------------------------------------------------------------------------------
// The API's answers (issue 20): the server declares its job answers with these schemas
// (server/src/schemas/invoicing.ts) and the client parses them with the same ones
// (src/api/businessJobs.ts). Stored values: only their types are checked, not the input rules above.

/** A job as lists show it. */
export const businessJobSchema = lazy(() =>
  z.object({
    id: int(),
    version: int(),
    name: z.string(),
    customerId: int(),
    customerName: z.string(),
    siteAddress: z.string(),
    /** Works-reception date: once set, no invoice of the job may return to PROVISOIRE. */
    deliveryDate: answerDay().nullable(),
    retainageBasisPoints: int(),
    /** Who follows the job (Mes affaires): its creator unless handed over; null without one. */
    ownerUserId: int().nullable(),
    /** The owner's first and last name; null without an owner. */
    ownerName: z.string().nullable(),
    /** When it was made (ISO): the lists show the newest first. */
    createdAt: z.string(),
  }),
);

export const jobAmountsSchema = lazy(() =>
  z.object({
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
  }),
);

/** A payment received on one of the job's invoices. */
export const jobPaymentSchema = lazy(() =>
  z.object({
    id: int(),
    paidOn: answerDay(),
    invoiceId: int(),
    invoiceNumber: z.string().nullable(),
    mode: z.enum(paymentModes),
    amountCents: int(),
    /** true: it pays the invoice's retainage (retenue de garantie). */
    isRetainage: z.boolean(),
  }),
);

/** A job's sheet: its quotes (latest revisions), invoices, amounts and payments. */
export const businessJobDetailSchema = lazy(() =>
  businessJobSchema.extend({
    quotes: z.array(quoteSchema),
    invoices: z.array(invoiceSummarySchema),
    amounts: jobAmountsSchema,
    /** The works-reception date + 1 year (29 February → 28 February); null without a reception date. */
    retainageReleaseDate: answerDay().nullable(),
    /** Payments of the job's invoices, oldest first. */
    payments: z.array(jobPaymentSchema),
    lock: editLockSchema,
  }),
);
