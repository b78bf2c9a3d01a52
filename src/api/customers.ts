import * as v from 'valibot';
import {
  type CustomerData,
  type CustomerType,
  customerTextSchemas,
  customerTypes,
  paymentDeadlineRules,
  paymentModes,
} from '../contract/customers';
import { getJson, postJson } from './client';

/**
 * Types and value lists are the shared contract's (src/contract/customers.ts); answers are still
 * parsed here with valibot, at the boundary.
 */
export {
  type CustomerType,
  customerTypes,
  type PaymentDeadline,
  type PaymentDeadlineRule,
  type PaymentMode,
  paymentDeadlineRules,
  paymentModes,
} from '../contract/customers';

/** A payment deadline as the API answers it (a customer's, the company's, an invoice's). */
export const paymentDeadlineSchema = v.object({
  rule: v.picklist(paymentDeadlineRules),
  /** A number of days or a day of month; an ISO date (yyyy-MM-dd) for the rule `date`. */
  value: v.union([v.number(), v.string()]),
});
/** The company's general deadline, as the settings answer it. */
export type GeneralPaymentDeadline = v.InferOutput<typeof paymentDeadlineSchema>;

const customerSchema = v.object({
  id: v.number(),
  type: v.picklist(customerTypes),
  ...customerTextSchemas(() => v.string()),
  customerCode: v.string(),
  customerCodeAuto: v.boolean(),
  /**
   * null: the company's general default. Read as stored, whatever it holds: the sheet must open a
   * customer whose rule and value do not fit (rows written before the contract) and show the
   * field's message (customerToForm reads it).
   */
  paymentDeadline: v.unknown(),
  /** null: the company's general default; read as stored, like the deadline. */
  paymentModes: v.unknown(),
  /** Grows at each save; an edit names the version it started from (409 stale_version otherwise). */
  version: v.number(),
});
/** A customer as the API answers it (the stored values, which older rows may not fit the contract). */
export type Customer = v.InferOutput<typeof customerSchema>;

/** What the forms send: the contract's fields; no `customerCode` asks for the next generated one. */
export type CustomerInput = CustomerData & {
  customerCode?: string;
  /** Keep a manual code another customer already has (the spec: flagged, then edited or kept). */
  keepDuplicateCode?: boolean;
};

/** An edit: the version it started from and the changed fields only. */
export type CustomerChanges = Partial<CustomerInput> & { version: number };

/** Exported for the data layer's stores (src/api/query.ts). */
export const customerAnswer = v.object({ data: customerSchema });
export const customerPageAnswer = v.object({
  data: v.array(customerSchema),
  info: v.object({ hits: v.number() }),
});
export type CustomerPage = v.InferOutput<typeof customerPageAnswer>;

/** `GET …/customers/{customerId}/overview`: the customer's figures (its sheet, issue 26). */
export const customerOverviewAnswer = v.object({
  data: v.object({
    /** « Reste à encaisser »: validated invoices' TTC (credit notes negative) less every payment. */
    balanceCents: v.number(),
    /** Of which retainage still held. */
    retainageHeldCents: v.number(),
    /** « En retard »: what invoices past their due date still owe. */
    overdueCents: v.number(),
    invoicedInclTaxCents: v.number(),
    paidCents: v.number(),
    /** « Reste à facturer » on its accepted quotes, excl. tax. */
    toInvoiceExclTaxCents: v.number(),
  }),
});
export type CustomerOverview = v.InferOutput<typeof customerOverviewAnswer>['data'];

const customerSettingsAnswer = v.object({
  data: v.object({
    nextCustomerCode: v.string(),
    paymentDeadline: paymentDeadlineSchema,
    paymentModes: v.array(v.picklist(paymentModes)),
  }),
});
export type CustomerSettings = v.InferOutput<typeof customerSettingsAnswer>['data'];

export const customerSortKeys = ['name', 'customerCode', 'city', 'email', 'type'] as const;
export type CustomerSortKey = (typeof customerSortKeys)[number];

export interface CustomerQuery {
  q?: string;
  type?: CustomerType;
  sort?: CustomerSortKey;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

const customersPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/customers`;

function queryString(query: CustomerQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function listCustomers(enterpriseId: number, query: CustomerQuery = {}): Promise<CustomerPage> {
  return getJson(`${customersPath(enterpriseId)}${queryString(query)}`, customerPageAnswer);
}

export async function getCustomer(enterpriseId: number, customerId: number): Promise<Customer> {
  return (await getJson(`${customersPath(enterpriseId)}/${customerId}`, customerAnswer)).data;
}

export async function createCustomer(enterpriseId: number, customer: CustomerInput): Promise<Customer> {
  return (await postJson(customersPath(enterpriseId), customerAnswer, customer)).data;
}

export async function editCustomer(
  enterpriseId: number,
  id: number,
  changes: CustomerChanges,
): Promise<Customer> {
  return (await postJson(`${customersPath(enterpriseId)}/${id}/edit`, customerAnswer, { id, ...changes }))
    .data;
}

/** POST …/delete (the API's CORS allows GET and POST only); 409 `customer_in_use` when a document names it. */
export async function deleteCustomer(enterpriseId: number, id: number): Promise<void> {
  await postJson(
    `${customersPath(enterpriseId)}/${id}/delete`,
    v.object({ data: v.object({ id: v.number() }) }),
  );
}

export async function getCustomerSettings(enterpriseId: number): Promise<CustomerSettings> {
  return (await getJson(`/v2/companies/${enterpriseId}/customer-settings`, customerSettingsAnswer)).data;
}

const duplicateSchema = v.nullable(
  v.object({
    id: v.number(),
    type: v.picklist(customerTypes),
    companyName: v.string(),
    civility: v.string(),
    firstName: v.string(),
    lastName: v.string(),
  }),
);
const duplicatesAnswer = v.object({ data: v.object({ email: duplicateSchema, siret: duplicateSchema }) });
/** Another customer of the company with the email, and with the SIRET (null: none). */
export type CustomerDuplicates = v.InferOutput<typeof duplicatesAnswer>['data'];

/** A warning, never a refusal: the form says so under the field and still saves. */
export async function findCustomerDuplicates(
  enterpriseId: number,
  query: { email: string; siret: string; exceptId?: number },
): Promise<CustomerDuplicates> {
  const params = new URLSearchParams({ email: query.email, siret: query.siret });
  if (query.exceptId !== undefined) params.set('exceptId', String(query.exceptId));
  const path = `/v2/companies/${enterpriseId}/customer-duplicates?${params}`;
  return (await getJson(path, duplicatesAnswer)).data;
}
