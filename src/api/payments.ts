/**
 * Payments (règlements), as server/src/schemas/payments.ts defines them: what is still owed
 * (invoices and released retainages), what was received, and the two batch actions. Money in
 * integer cents, days yyyy-MM-dd; every total is the server's.
 */
import * as v from 'valibot';
import { getJson, postJson } from './client';
import { type PaymentMode, paymentModes } from './customers';
import { isoDate, queryString } from './invoices';
import { pageOnlyQuery, totalsOnlyQuery } from './listTotals';

const line = {
  invoiceId: v.number(),
  invoiceNumber: v.nullable(v.string()),
  invoiceDate: isoDate,
  customerId: v.number(),
  customerName: v.string(),
  businessJobId: v.nullable(v.number()),
  businessJobName: v.nullable(v.string()),
  isRetainage: v.boolean(),
  dueDate: isoDate,
  balanceCents: v.number(),
};

const outstandingSchema = v.object({
  key: v.string(),
  ...line,
  totalInclTaxCents: v.number(),
  overdue: v.boolean(),
});
export type Outstanding = v.InferOutput<typeof outstandingSchema>;

const receivedSchema = v.object({
  id: v.number(),
  ...line,
  amountCents: v.number(),
  paidOn: isoDate,
  mode: v.picklist(paymentModes),
  bankId: v.nullable(v.number()),
  bankName: v.nullable(v.string()),
  comment: v.string(),
  chequeNumber: v.nullable(v.string()),
  drawer: v.nullable(v.string()),
});
export type Received = v.InferOutput<typeof receivedSchema>;

const info = v.object({ hits: v.number(), totalCents: v.number() });
/** The count and the total (balances or amounts) of a whole filtered set. */
export type PaymentListTotals = v.InferOutput<typeof info>;
const totalsAnswer = v.object({ info });
/** `totals=false`: the count and total come only when this first page holds the whole set. */
const pageInfo = v.object({ hits: v.optional(v.number()), totalCents: v.optional(v.number()) });
const outstandingPage = v.object({ data: v.array(outstandingSchema), info: pageInfo });
/** Exported for the data layer's stores (the customer sheet's payments). */
export const receivedPage = v.object({ data: v.array(receivedSchema), info: pageInfo });
export type OutstandingPage = v.InferOutput<typeof outstandingPage>;
export type ReceivedPage = v.InferOutput<typeof receivedPage>;

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

export interface PayRow {
  invoiceId: number;
  isRetainage: boolean;
  amountCents: number;
  paidOn: string;
  mode: PaymentMode;
  bankId?: number | null;
  comment?: string;
  chequeNumber?: string | null;
  drawer?: string | null;
  receivedBeforeIssuance?: boolean;
}

const batchError = v.object({ key: v.string(), items: v.array(v.string()) });
const batchPayAnswer = v.object({
  data: v.object({
    paid: v.array(v.object({ invoiceId: v.number(), isRetainage: v.boolean(), paymentId: v.number() })),
    failed: v.array(
      v.object({
        invoiceId: v.number(),
        isRetainage: v.boolean(),
        invoiceNumber: v.nullable(v.string()),
        key: v.string(),
      }),
    ),
  }),
  errors: v.array(batchError),
});
export type BatchPayResult = v.InferOutput<typeof batchPayAnswer>;

const batchDeleteAnswer = v.object({
  data: v.object({
    deleted: v.array(v.number()),
    failed: v.array(v.object({ id: v.number(), key: v.string() })),
  }),
  errors: v.array(batchError),
});
export type BatchDeleteResult = v.InferOutput<typeof batchDeleteAnswer>;

/** Each row is paid or refused on its own: the answer says which and why. */
export function batchPay(enterpriseId: number, payments: PayRow[]): Promise<BatchPayResult> {
  return postJson(`${paymentsPath(enterpriseId)}/batch-pay`, batchPayAnswer, { payments });
}

export function batchDelete(enterpriseId: number, ids: number[]): Promise<BatchDeleteResult> {
  return postJson(`${paymentsPath(enterpriseId)}/batch-delete`, batchDeleteAnswer, { ids });
}
