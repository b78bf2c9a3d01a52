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
import {
  batchDeleteResultSchema,
  batchDeleteSchema,
  batchErrorSchema,
  batchPayResultSchema,
  batchPaySchema,
  outstandingPaymentSchema,
  paymentListInfoSchema,
  payRowSchema,
  receivedPaymentSchema,
} from '../../../src/contract/payments.js';
import { paymentModes } from '../db/schema.js';
import { booleanQuery, named } from './fields.js';
import { idQuery, isoDay, offsetQuery, orderQuery, searchQuery, totalsQuery } from './invoicing.js';

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

// The answers are the shared contract's (src/contract/payments.ts): the client parses with them.
export const OutstandingSchema = named(outstandingPaymentSchema, 'OutstandingPayment');
export const ReceivedSchema = named(receivedPaymentSchema, 'ReceivedPayment');
export const PaymentListInfoSchema = named(paymentListInfoSchema, 'PaymentListInfo');

// The bodies are the contract's too (src/contract/payments.ts): the pay dialog checks with them.
export const PayRowSchema = named(payRowSchema, 'PayRow');
export const BatchPaySchema = named(batchPaySchema, 'BatchPay');
export const BatchDeleteSchema = named(batchDeleteSchema, 'BatchDelete');

export const BatchErrorSchema = named(batchErrorSchema, 'BatchError');

// Rebuilt with the named BatchError, so that the document refers to it.
const batchErrors = { errors: z.array(BatchErrorSchema) };
export const BatchPayResultSchema = named(batchPayResultSchema.extend(batchErrors), 'BatchPayResult');
export const BatchDeleteResultSchema = named(
  batchDeleteResultSchema.extend(batchErrors),
  'BatchDeleteResult',
);
