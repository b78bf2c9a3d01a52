/**
 * Payments (règlements), as server/src/schemas/payments.ts defines them: what is still owed
 * (invoices and released retainages), what was received, and the two batch actions. Money in
 * integer cents, days yyyy-MM-dd; every total is the server's.
 */

import { z } from 'zod';
import { lazy } from '../contract/lazy';
import { listPageSchema } from '../contract/lists';
import {
  batchDeleteResultSchema,
  batchPayResultSchema,
  outstandingPaymentSchema,
  type PayRow,
  paymentListInfoSchema,
  receivedPaymentSchema,
} from '../contract/payments';
import { getJson, postJson } from './client';
import type { PaymentMode } from './customers';
import { queryString } from './invoices';
import { pageOnlyQuery, totalsOnlyQuery } from './listTotals';

// The answers' schemas are the shared contract's (src/contract/payments.ts), as the server declares them.
export type Outstanding = z.output<typeof outstandingPaymentSchema>;
export type Received = z.output<typeof receivedPaymentSchema>;

/** `totals=only`: the count and the total (balances or amounts) of a whole filtered set, both there. */
const info = lazy(() => paymentListInfoSchema.required());
/** The count and the total (balances or amounts) of a whole filtered set. */
export type PaymentListTotals = z.output<typeof info>;
const totalsAnswer = lazy(() => z.object({ info }));
/** `totals=false`: the count and total come only when this first page holds the whole set. */
const outstandingPage = lazy(() => listPageSchema(outstandingPaymentSchema, paymentListInfoSchema));
/** Exported for the data layer's stores (the customer sheet's payments). */
export const receivedPage = lazy(() => listPageSchema(receivedPaymentSchema, paymentListInfoSchema));
export type OutstandingPage = z.output<typeof outstandingPage>;
export type ReceivedPage = z.output<typeof receivedPage>;

export const outstandingSortKeys = ['dueDate', 'date', 'number', 'customer', 'balance'] as const;
export const receivedSortKeys = ['paidOn', 'amount', 'number', 'customer', 'mode'] as const;
export type OutstandingSortKey = (typeof outstandingSortKeys)[number];
export type ReceivedSortKey = (typeof receivedSortKeys)[number];

export interface PaymentListQuery {
  customerId?: number;
  businessJobId?: number;
  from?: string;
  to?: string;
  overdue?: boolean;
  q?: string;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

const paymentsPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/payments`;

type OutstandingQuery = PaymentListQuery & { sort?: OutstandingSortKey };
type ReceivedQuery = PaymentListQuery & { sort?: ReceivedSortKey; mode?: PaymentMode; bankId?: number };

/** A page of what is still owed, alone (`totals=false`: the count and total are asked once per filter). */
export function listOutstanding(
  enterpriseId: number,
  query: OutstandingQuery = {},
): Promise<OutstandingPage> {
  return getJson(
    `${paymentsPath(enterpriseId)}/outstanding${queryString(pageOnlyQuery(query))}`,
    outstandingPage,
  );
}

/** The count and balance total of what is still owed under these filters (`totals=only`). */
export async function outstandingTotals(
  enterpriseId: number,
  query: OutstandingQuery,
): Promise<PaymentListTotals> {
  const path = `${paymentsPath(enterpriseId)}/outstanding${queryString(totalsOnlyQuery(query))}`;
  return (await getJson(path, totalsAnswer)).info;
}

/** A page of received payments, alone (`totals=false`). */
export function listReceived(enterpriseId: number, query: ReceivedQuery = {}): Promise<ReceivedPage> {
  return getJson(`${paymentsPath(enterpriseId)}/received${queryString(pageOnlyQuery(query))}`, receivedPage);
}

/** The count and amount total of the received payments under these filters (`totals=only`). */
export async function receivedTotals(enterpriseId: number, query: ReceivedQuery): Promise<PaymentListTotals> {
  const path = `${paymentsPath(enterpriseId)}/received${queryString(totalsOnlyQuery(query))}`;
  return (await getJson(path, totalsAnswer)).info;
}

/** A row of the batch payment: the contract's body (src/contract/payments.ts), as the server validates it. */
export type { PayRow };

const batchPayAnswer = batchPayResultSchema;
export type BatchPayResult = z.output<typeof batchPayResultSchema>;

const batchDeleteAnswer = batchDeleteResultSchema;
export type BatchDeleteResult = z.output<typeof batchDeleteResultSchema>;

/** Each row is paid or refused on its own: the answer says which and why. */
export function batchPay(enterpriseId: number, payments: PayRow[]): Promise<BatchPayResult> {
  return postJson(`${paymentsPath(enterpriseId)}/batch-pay`, batchPayAnswer, { payments });
}

export function batchDelete(enterpriseId: number, ids: number[]): Promise<BatchDeleteResult> {
  return postJson(`${paymentsPath(enterpriseId)}/batch-delete`, batchDeleteAnswer, { ids });
}
