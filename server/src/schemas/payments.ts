/**
 * The payments API (issue 11): outstanding amounts (invoices and released retainages still owed),
 * received payments, and the two batch actions of spec section 4. Money in cents, dates yyyy-MM-dd.
 *
 *   GET  /payments/outstanding?customerId&businessJobId&from&to&overdue&q&sort&order&limit&offset&totals
 *   GET  /payments/received?customerId&businessJobId&from&to&mode&bankId&q&sort&order&limit&offset&totals
 *   POST /payments/batch-pay     {payments: PayRow[]}   → {data: {paid, failed}, errors}
 *   POST /payments/batch-delete  {ids: number[]}        → {data: {deleted, failed}, errors}
 */
import { z } from '@hono/zod-openapi';
import { missingChequeFields } from '../../../src/contract/payments.js';
import { paymentModes } from '../db/schema.js';
import { type ErrorKey, errorStatus } from '../http/errors.js';
import { idNumber } from './fields.js';
import { idQuery, int, isoDay, offsetQuery, orderQuery, searchQuery, totalsQuery } from './invoicing.js';

const booleanQuery = (name: string) =>
  z
    .enum(['true', 'false'], { error: 'boolean' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'))
    .openapi({ param: { name, in: 'query' } });

const commonFilters = {
  customerId: idQuery('customerId'),
  businessJobId: idQuery('businessJobId'),
  /** Period, inclusive: the invoice's date (outstanding) or the payment's date (received). */
  from: isoDay()
    .optional()
    .openapi({ param: { name: 'from', in: 'query' } }),
  to: isoDay()
    .optional()
    .openapi({ param: { name: 'to', in: 'query' } }),
  /** Invoice number, customer name, job name (and comment, cheque number for received ones). */
  q: searchQuery(),
  order: orderQuery(),
  /** Up to 2000: the screens draw their rows virtualised, so a page can be long. */
  limit: z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(1, 'number')
    .max(2000, 'number')
    .default(50)
    .openapi({ param: { name: 'limit', in: 'query' } }),
  offset: offsetQuery(),
  /**
   * As Mes factures: true (default) the page and the count and total of the filtered set; false
   * the page only (a client pages without paying the totals' scan again); only the count and total
   * (`data` empty), once per filter.
   */
  totals: totalsQuery(),
};

export const outstandingSortKeys = ['dueDate', 'date', 'number', 'customer', 'balance'] as const;
export const OutstandingQuery = z.object({
  ...commonFilters,
  overdue: booleanQuery('overdue'),
  sort: z
    .enum(outstandingSortKeys, { error: 'invalid' })
    .default('dueDate')
    .openapi({ param: { name: 'sort', in: 'query' } }),
  order: z
    .enum(['asc', 'desc'], { error: 'invalid' })
    .default('asc')
    .openapi({ param: { name: 'order', in: 'query' } }),
});

export const receivedSortKeys = ['paidOn', 'amount', 'number', 'customer', 'mode'] as const;
export const ReceivedQuery = z.object({
  ...commonFilters,
  mode: z
    .enum(paymentModes, { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'mode', in: 'query' } }),
  bankId: idQuery('bankId'),
  /** Payments of invoices now past due and not fully paid. */
  overdue: booleanQuery('overdue'),
  sort: z
    .enum(receivedSortKeys, { error: 'invalid' })
    .default('paidOn')
    .openapi({ param: { name: 'sort', in: 'query' } }),
});

const lineFields = {
  invoiceId: int(),
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string(),
  customerId: int(),
  customerName: z.string(),
  businessJobId: int().nullable(),
  businessJobName: z.string().nullable(),
  /** A payment of the invoice's retainage (retenue de garantie), not of the invoice itself. */
  isRetainage: z.boolean(),
};

export const OutstandingSchema = z
  .object({
    /** `invoice-{id}` or `retainage-{id}`: an invoice has at most one line of each. */
    key: z.string(),
    ...lineFields,
    /** The invoice's due date; for a retainage, its release date. */
    dueDate: z.string(),
    totalInclTaxCents: int(),
    /** What is still owed, incl. tax. */
    balanceCents: int(),
    overdue: z.boolean(),
  })
  .openapi('OutstandingPayment');

export const ReceivedSchema = z
  .object({
    id: int(),
    ...lineFields,
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
  })
  .openapi('ReceivedPayment');

export const PaymentListInfoSchema = z
  .object({
    /** Rows matching the filters (all pages). Absent with totals=false, unless this first page holds them all. */
    hits: int().optional(),
    /** Sum over every matching row: the balances (outstanding) or the amounts paid (received). Absent like hits. */
    totalCents: int().optional(),
  })
  .openapi('PaymentListInfo');

const text = (max: number) => z.string({ error: 'string' }).trim().max(max, 'too_long');

export const PayRowSchema = z
  .object({
    invoiceId: idNumber(),
    /** Pays the invoice's retainage (its outstanding retainage line). */
    isRetainage: z.boolean({ error: 'boolean' }).default(false),
    /** The full balance or part of it; 0 for a credit-note payment (mode `avoir`). */
    amountCents: z
      .number({ error: (issue) => (issue.input == null ? 'required' : 'number') })
      .int('number')
      .min(0, 'number')
      .max(100_000_000_000, 'number'),
    paidOn: isoDay(),
    mode: z.enum(paymentModes, { error: (issue) => (issue.input == null ? 'required' : 'invalid') }),
    bankId: idNumber().nullable().optional(),
    comment: text(500).optional(),
    chequeNumber: text(50).nullable().optional(),
    drawer: text(200).nullable().optional(),
    /** Required (true) when paidOn is before the invoice's date: « reçu avant l'émission ? ». */
    receivedBeforeIssuance: z.boolean({ error: 'boolean' }).optional(),
  })
  // A cheque goes on a remittance slip: its number and drawer are required (422 `required`).
  .superRefine((row, context) => {
    for (const name of missingChequeFields(row))
      context.addIssue({ code: 'custom', path: [name], message: 'required' });
  })
  .openapi('PayRow');

export const BatchPaySchema = z
  .object({ payments: z.array(PayRowSchema, { error: 'invalid' }).min(1, 'required').max(500, 'too_long') })
  .openapi('BatchPay');

export const BatchDeleteSchema = z
  .object({ ids: z.array(idNumber(), { error: 'invalid' }).min(1, 'required').max(500, 'too_long') })
  .openapi('BatchDelete');

const errorKey = () => z.enum(Object.keys(errorStatus) as [ErrorKey, ...ErrorKey[]]);
const RowFailureSchema = z.object({
  /** Why this row failed: an error key (its French sentence: src/i18n/serverErrors.ts). */
  key: errorKey(),
});

/**
 * The summary of spec section 8 (`batch_invoices_not_paid`, `batch_payments_not_deleted`,
 * `batch_payments_not_found`): the failed rows named by invoice number (or payment id), the
 * sentence's `{items}`.
 */
export const BatchErrorSchema = z
  .object({ key: errorKey(), items: z.array(z.string()) })
  .openapi('BatchError');

export const BatchPayResultSchema = z
  .object({
    data: z.object({
      paid: z.array(z.object({ invoiceId: int(), isRetainage: z.boolean(), paymentId: int() })),
      failed: z.array(
        RowFailureSchema.extend({
          invoiceId: int(),
          isRetainage: z.boolean(),
          invoiceNumber: z.string().nullable(),
        }),
      ),
    }),
    errors: z.array(BatchErrorSchema),
  })
  .openapi('BatchPayResult');

export const BatchDeleteResultSchema = z
  .object({
    data: z.object({
      deleted: z.array(int()),
      failed: z.array(RowFailureSchema.extend({ id: int() })),
    }),
    errors: z.array(BatchErrorSchema),
  })
  .openapi('BatchDeleteResult');
