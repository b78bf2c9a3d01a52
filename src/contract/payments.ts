/**
 * The rules of a payment (spec section 5), written once for both sides: the server's `checkPayment`
 * (server/src/domain/payments.ts, under the invoice's row lock) and the payment dialog, which shows
 * the same refusal under the amount before sending (PayDialog). Pure; amounts in cents, dates ISO
 * yyyy-MM-dd.
 */
import { z } from 'zod';
import { type PaymentMode, paymentModes } from './customers.js';
import { errorKeys } from './errors.js';
import { idNumber, isoDay, whenMissing } from './fields.js';
import { invoiceAmountLimits } from './invoiceLines.js';
import { lazy } from './lazy.js';

export interface PaymentTarget {
  kind: 'deposit' | 'progress' | 'final' | 'simple' | 'credit_note';
  status: 'PROVISOIRE' | 'VALIDATED';
  /** The invoice's issue date. */
  date: string;
  /** Cancelled by a credit note. */
  cancelled: boolean;
  /**
   * What is still owed on what the payment pays: the invoice's balance (TTC − deposits deducted −
   * retainage − credit notes − payments), or, for a retainage payment, the retainage's balance.
   */
  balance: number;
  /** Payments already received on the invoice (itself or its retainage). */
  paymentCount: number;
  /** Any invoice of the invoice's business job withholds a retainage (or this one, without a job). */
  jobHasRetainage: boolean;
}

export interface PaymentRequest {
  amountCents: number;
  paidOn: string;
  mode: PaymentMode;
  isRetainage: boolean;
  /** The answer to « reçu avant l'émission de la facture ? »: needed when paidOn is before the issue. */
  receivedBeforeIssuance?: boolean;
}

/** The keys a payment may be refused with (each has its sentence in src/i18n/serverErrors.ts). */
export type PaymentRefusal =
  | 'invoice_not_payable'
  | 'payment_before_issuance'
  | 'credit_payment_nonzero'
  | 'credit_payment_retainage'
  | 'credit_payment_invoice_has_payments'
  | 'payment_amount_invalid'
  | 'payment_exceeds_balance';

/**
 * A cheque goes on a remittance slip (bordereau de remise de chèques), which prints its number and
 * its drawer: both are required for a cheque (issue 26, item 7), with the spec's « Ce champ est
 * obligatoire. » (field code `required`). The fields each leaves empty; none for other modes.
 */
export function missingChequeFields(payment: {
  mode: PaymentMode;
  chequeNumber?: string | null | undefined;
  drawer?: string | null | undefined;
}): ('chequeNumber' | 'drawer')[] {
  if (payment.mode !== 'check') return [];
  // Read defensively: the server's schema may run this on a body whose other fields failed.
  return (['chequeNumber', 'drawer'] as const).filter((name) => {
    const value: unknown = payment[name];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** A payment dated before the invoice's issue: allowed only once the user says it was received then. */
export const paidBeforeIssuance = (paidOn: string, issuedOn: string): boolean => paidOn < issuedOn;

/** A money payment's amount: whole cents, positive, never more than what is owed (no overpayment). */
export function paymentAmountRefusal(
  amountCents: number,
  balance: number,
): 'payment_amount_invalid' | 'payment_exceeds_balance' | null {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return 'payment_amount_invalid';
  if (amountCents > balance) return 'payment_exceeds_balance';
  return null;
}

/**
 * Why the payment may not be recorded (null: it may). A credit-note payment (mode `avoir`) settles
 * through a credit note, so it carries no money: it must be zero, and is not allowed when the job
 * has a retainage or the invoice has already received payments. Any other payment follows
 * `paymentAmountRefusal`.
 */
export function paymentRefusal(target: PaymentTarget, request: PaymentRequest): PaymentRefusal | null {
  if (target.status !== 'VALIDATED' || target.kind === 'credit_note') return 'invoice_not_payable';
  if (paidBeforeIssuance(request.paidOn, target.date) && request.receivedBeforeIssuance !== true) {
    return 'payment_before_issuance';
  }
  if (request.mode === 'avoir') {
    if (request.amountCents !== 0) return 'credit_payment_nonzero';
    if (target.jobHasRetainage) return 'credit_payment_retainage';
    if (target.paymentCount > 0) return 'credit_payment_invoice_has_payments';
    return null;
  }
  if (target.cancelled) return 'invoice_not_payable';
  return paymentAmountRefusal(request.amountCents, target.balance);
}

/*
 * The answers of the payment lists and batch actions, as the server declares them
 * (server/src/schemas/payments.ts names them for the OpenAPI document) and the client parses them
 * (src/api/payments.ts). Money in integer cents, days yyyy-MM-dd.
 */

const int = () => z.number().int();

const paymentLineFields = lazy(() => ({
  invoiceId: int(),
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string(),
  customerId: int(),
  customerName: z.string(),
  businessJobId: int().nullable(),
  businessJobName: z.string().nullable(),
  /** A payment of the invoice's retainage (retenue de garantie), not of the invoice itself. */
  isRetainage: z.boolean(),
}));

/** A line of what is still owed: an invoice's balance, or its retainage once released. */
export const outstandingPaymentSchema = lazy(() =>
  z.object({
    /** `invoice-{id}` or `retainage-{id}`: an invoice has at most one line of each. */
    key: z.string(),
    ...paymentLineFields,
    /** The invoice's due date; for a retainage, its release date. */
    dueDate: z.string(),
    totalInclTaxCents: int(),
    /** What is still owed, incl. tax. */
    balanceCents: int(),
    overdue: z.boolean(),
  }),
);

/** A payment received. */
export const receivedPaymentSchema = lazy(() =>
  z.object({
    id: int(),
    ...paymentLineFields,
    dueDate: z.string(),
    /** The invoice's remaining balance now (its retainage's, for a retainage payment). */
    balanceCents: int(),
    amountCents: int(),
    paidOn: z.string(),
    mode: z.enum(paymentModes),
    bankId: int().nullable(),
    bankName: z.string().nullable(),
    comment: z.string(),
    chequeNumber: z.string().nullable(),
    drawer: z.string().nullable(),
  }),
);

export const paymentListInfoSchema = lazy(() =>
  z.object({
    /** Rows matching the filters (all pages). Absent with totals=false, unless this first page holds them all. */
    hits: int().optional(),
    /** Sum over every matching row: the balances (outstanding) or the amounts paid (received). Absent like hits. */
    totalCents: int().optional(),
  }),
);

const errorKey = () => z.enum(errorKeys);
/** Why a row failed: an error key (its French sentence: src/i18n/serverErrors.ts). */
const rowFailureFields = { key: errorKey() };

/**
 * The summary of spec section 8 (`batch_invoices_not_paid`, `batch_payments_not_deleted`,
 * `batch_payments_not_found`): the failed rows named by invoice number (or payment id), the
 * sentence's `{items}`.
 */
export const batchErrorSchema = lazy(() => z.object({ key: errorKey(), items: z.array(z.string()) }));

export const batchPayResultSchema = lazy(() =>
  z.object({
    data: z.object({
      paid: z.array(z.object({ invoiceId: int(), isRetainage: z.boolean(), paymentId: int() })),
      failed: z.array(
        z.object({
          ...rowFailureFields,
          invoiceId: int(),
          isRetainage: z.boolean(),
          invoiceNumber: z.string().nullable(),
        }),
      ),
    }),
    errors: z.array(batchErrorSchema),
  }),
);

export const batchDeleteResultSchema = lazy(() =>
  z.object({
    data: z.object({
      deleted: z.array(int()),
      failed: z.array(z.object({ ...rowFailureFields, id: int() })),
    }),
    errors: z.array(batchErrorSchema),
  }),
);

/*
 * The batch actions' bodies, as the server validates them (server/src/schemas/payments.ts names them)
 * and the pay dialog checks and sends them (PayDialog: its fields stop at these lengths).
 */

/** The longest texts a payment keeps. */
export const paymentTextLimits = { comment: 500, chequeNumber: 50, drawer: 200 } as const;
/** The most rows one batch takes. */
const MAX_BATCH_ROWS = 500;

const text = (max: number) => z.string({ error: 'string' }).trim().max(max, 'too_long');

/** One payment of `POST …/payments/batch-pay`. */
export const payRowSchema = lazy(() =>
  z
    .object({
      invoiceId: idNumber(),
      /** Pays the invoice's retainage (its outstanding retainage line). */
      isRetainage: z.boolean({ error: 'boolean' }).default(false),
      /** The full balance or part of it; 0 for a credit-note payment (mode `avoir`). */
      amountCents: z
        .number({ error: whenMissing('number') })
        .int('number')
        .min(0, 'number')
        .max(invoiceAmountLimits.cents, 'number'),
      paidOn: isoDay(),
      mode: z.enum(paymentModes, { error: whenMissing('invalid') }),
      bankId: idNumber().nullable().optional(),
      comment: text(paymentTextLimits.comment).optional(),
      chequeNumber: text(paymentTextLimits.chequeNumber).nullable().optional(),
      drawer: text(paymentTextLimits.drawer).nullable().optional(),
      /** Required (true) when paidOn is before the invoice's date: « reçu avant l'émission ? ». */
      receivedBeforeIssuance: z.boolean({ error: 'boolean' }).optional(),
    })
    // A cheque goes on a remittance slip: its number and drawer are required (422 `required`).
    .superRefine((row, context) => {
      for (const name of missingChequeFields(row))
        context.addIssue({ code: 'custom', path: [name], message: 'required' });
    }),
);
export type PayRow = z.input<typeof payRowSchema>;

export const batchPaySchema = lazy(() =>
  z.object({
    payments: z.array(payRowSchema, { error: 'invalid' }).min(1, 'required').max(MAX_BATCH_ROWS, 'too_long'),
  }),
);

export const batchDeleteSchema = lazy(() =>
  z.object({
    ids: z.array(idNumber(), { error: 'invalid' }).min(1, 'required').max(MAX_BATCH_ROWS, 'too_long'),
  }),
);
