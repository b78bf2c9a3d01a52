/**
 * The invoices' answers (factures, issue 9), written once (issue 20): the server declares its
 * routes' answers with these schemas (server/src/schemas/invoicing.ts names them for the OpenAPI
 * document, and every server test checks each answer against them) and the client parses them
 * with the same ones (src/api/invoices.ts). Answers carry stored values: only their types and shapes
 * are checked, never the input rules (a body's limits are the server's request schemas).
 *
 * Units: money in integer cents, percentages in basis points (2000 = 20 %), quantities in
 * thousandths, days as yyyy-MM-dd, instants as ISO strings. Every total comes from the server.
 */
import { z } from 'zod';
import { paymentModes, storedPaymentDeadlineSchema } from './customers.js';
import {
  answerDay,
  billedLineShape,
  editLockSchema,
  int,
  invoiceKinds,
  invoiceStatuses,
  invoiceSummarySchema,
  totalsShape,
  vatTotalSchema,
} from './invoicingAnswers.js';
import { lazy } from './lazy.js';

export { invoiceKinds, invoiceStatuses };
export type InvoiceKind = (typeof invoiceKinds)[number];
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The spec's invoice types (facture covers final, progress and simple invoices). */
export const invoiceTypes = ['facture', 'factureAcompte', 'factureAvoir'] as const;

/** The orders the invoices list may be sorted in (`sort` of `GET …/invoices`). */
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

/** A line of an invoice, its total excl. tax computed by the server. */
export const invoiceLineSchema = lazy(() =>
  z.object({
    ...billedLineShape,
    /** The quote line this line invoices (progress and final), else null. */
    quoteLineId: int().nullable(),
    /** progress and final: the line's cumulative progress after this invoice (10000 = all). */
    progressBasisPoints: int().nullable(),
  }),
);

/** An invoice as the lists read it. */
export const invoiceSchema = lazy(() =>
  invoiceSummarySchema.extend({
    type: z.enum(invoiceTypes),
    dueDate: answerDay(),
    title: z.string(),
    customerId: int(),
    customerName: z.string(),
    businessJobId: int().nullable(),
    businessJobName: z.string().nullable(),
    quoteId: int().nullable(),
    quoteNumber: z.string().nullable(),
    /** Retainage held on this invoice (incl. tax), 0 without. */
    retainageCents: int(),
    paidCents: int(),
    /** What the customer still owes: incl. tax − retainage − paid (the retainage is owed at its return). */
    balanceCents: int(),
    /** Validated, not fully paid and past its due date. */
    overdue: z.boolean(),
    validatedAt: z.string().nullable(),
  }),
);

/** A payment received on the invoice. */
export const invoicePaymentSchema = lazy(() =>
  z.object({
    id: int(),
    amountCents: int(),
    paidOn: answerDay(),
    mode: z.enum(paymentModes),
    bankId: int().nullable(),
    comment: z.string(),
    isRetainage: z.boolean(),
  }),
);

/** One invoice with its lines, VAT totals, payments and edit lock (the editor's). */
export const invoiceDetailSchema = lazy(() =>
  invoiceSchema.extend({
    comment: z.string(),
    /**
     * When the works were carried out or finished, if not on the invoice's date; null: the documents
     * print the job's reception date, else the invoice's date.
     */
    worksDate: answerDay().nullable(),
    /**
     * This invoice's deadline (defaults: the customer's, else the company's), as stored: the rules
     * apply to what is written (src/contract/customers.ts says why an answer is lenient).
     */
    paymentDeadline: storedPaymentDeadlineSchema,
    paymentModes: z.array(z.enum(paymentModes)),
    /** deposit: the share of the quote invoiced, in basis points; else null. */
    depositBasisPoints: int().nullable(),
    /**
     * Autoliquidation: no VAT (totals VAT 0); documents carry the mention « Autoliquidation ». An
     * invoice of a quote has the quote's flag; a simple invoice's is set on its draft.
     */
    reverseCharge: z.boolean(),
    lines: z.array(invoiceLineSchema),
    vatTotals: z.array(vatTotalSchema),
    payments: z.array(invoicePaymentSchema),
    /** credit_note: the invoice it cancels; a cancelled invoice: its credit note. */
    creditedInvoiceId: int().nullable(),
    creditNoteId: int().nullable(),
    lock: editLockSchema,
  }),
);

/** The sums of the list's filtered set (all pages). */
export const invoiceListTotalsSchema = lazy(() => z.object({ ...totalsShape, balanceCents: int() }));

/**
 * The list's `info`: the count and sums of every invoice the filters select. Both are absent with
 * `totals=false`, unless that first page holds the whole set.
 */
export const invoiceListInfoSchema = lazy(() =>
  z.object({
    hits: int().optional(),
    totals: invoiceListTotalsSchema.optional(),
  }),
);

/** A validated version of an invoice that a revert left behind: its frozen document is kept. */
export const invoiceVersionSchema = lazy(() =>
  z.object({
    /** 1 for the first validation, then one more per revert. */
    versionNumber: int(),
    number: z.string().nullable(),
    date: answerDay(),
    totalInclTaxCents: int(),
    validatedAt: z.string().nullable(),
    revertedAt: z.string(),
    revertedBy: z.string().nullable(),
    reason: z.string(),
  }),
);

/** A PROVISOIRE invoice deleted (delete, or cancel of a draft). */
export const deletedInvoiceSchema = lazy(() => z.object({ id: int(), deleted: z.literal(true) }));
