/**
 * Pieces of the invoicing chain's answers that several resources carry (issue 20): a record's edit
 * lock (jobs, quotes, invoices), an invoice's summary (a job's and a quote's invoices) and a VAT
 * rate's total. The server declares its answers with these schemas (server/src/schemas/invoicing.ts)
 * and the client parses them with the same ones (src/api). Answers carry stored values: only their
 * types and shapes are checked here, never the input rules of src/contract/fields.ts.
 */
import { z } from 'zod';
import { lazy } from './lazy.js';

/** A whole number of cents, basis points, thousandths or an id. */
export const int = () => z.number().int();

/**
 * A priced line as it is billed, on an invoice or on the quote it invoices: its figures are copied
 * from one to the other, so both answers carry them alike.
 */
export const billedLineShape = lazy(() => ({
  id: int(),
  position: int(),
  /** The chapter the line belongs to ('' for none). */
  chapter: z.string(),
  label: z.string(),
  unit: z.string(),
  quantityMilli: int(),
  unitPriceCents: int(),
  vatRateId: int(),
  /** The rate's percentage when the line was written; a later edit of the rate never moves it. */
  vatBasisPoints: int(),
  totalExclTaxCents: int(),
}));

/** A calendar day as the API answers it (yyyy-MM-dd). */
export const answerDay = () => z.iso.date();

/**
 * deposit (acompte, from a quote), progress (situation), final (what remains of the quote, deposits
 * deducted), simple (no quote), credit_note (avoir: made by cancelling a validated invoice).
 */
export const invoiceKinds = ['deposit', 'progress', 'final', 'simple', 'credit_note'] as const;
/** Invoice statuses of spec section 3. */
export const invoiceStatuses = ['PROVISOIRE', 'VALIDATED'] as const;

/** A document's totals: computed by the server only (a body never carries a total). */
export const totalsShape = lazy(() => ({
  totalExclTaxCents: int(),
  totalVatCents: int(),
  totalInclTaxCents: int(),
}));

/** The edit lock of a record (jobs, quotes, invoices): held by one editing session at a time. */
export const editLockSchema = lazy(() =>
  z.object({
    /** Another session of any user edits it: this one may read but not save (409 resource_locked). */
    lockedByAnotherSession: z.boolean(),
    /** When the other session's lock lapses without activity (ISO), or null. */
    expiresAt: z.string().nullable(),
  }),
);
export type EditLock = z.output<typeof editLockSchema>;

/** Sum of one VAT rate's lines: base excl. tax, then the VAT of that base (rounded once per rate). */
export const vatTotalSchema = lazy(() =>
  z.object({
    vatRateId: int(),
    /** The rate's percentage as snapshotted on the lines (a later change of the rate does not move it). */
    basisPoints: int(),
    baseCents: int(),
    vatCents: int(),
  }),
);

/** An invoice as a job's or a quote's sheet lists it. */
export const invoiceSummarySchema = lazy(() =>
  z.object({
    id: int(),
    version: int(),
    /** null while PROVISOIRE (numbered on validation). */
    number: z.string().nullable(),
    kind: z.enum(invoiceKinds),
    status: z.enum(invoiceStatuses),
    /** A validated invoice cancelled by a credit note. */
    cancelled: z.boolean(),
    date: answerDay(),
    ...totalsShape,
  }),
);
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;
