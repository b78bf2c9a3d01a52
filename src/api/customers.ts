import { z } from 'zod';
import {
  type CustomerData,
  type CustomerType,
  customerDuplicatesSchema,
  customerOverviewSchema,
  customerSchema,
  customerSettingsSchema,
} from '../contract/customers';
import { lazy } from '../contract/lazy';
import { listPageSchema } from '../contract/lists';
import { getJson, postJson } from './client';

/**
 * Types, value lists and the answers' schemas are the shared contract's (src/contract/customers.ts):
 * the server declares its answers with the same schemas, parsed here at the boundary.
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

/** What the forms send: the contract's fields; no `customerCode` asks for the next generated one. */
export type CustomerInput = CustomerData & {
  customerCode?: string;
  /** Keep a manual code another customer already has (the spec: flagged, then edited or kept). */
  keepDuplicateCode?: boolean;
};

/** An edit: the version it started from and the changed fields only. */
export type CustomerChanges = Partial<CustomerInput> & { version: number };

/**
 * A customer as the sheet reads it: the contract's, but its deadline and modes read as stored,
 * whatever the database holds (a jsonb the rules did not always check): the sheet must open a
 * customer whose rule and value do not fit and show the field's message (customerToForm reads
 * them). Everything else is parsed as the server declares it.
 */
const storedCustomerSchema = lazy(() =>
  customerSchema.extend({
    paymentDeadline: z.unknown(),
    paymentModes: z.unknown(),
  }),
);
/** A customer as the API answers it (the stored values, which older rows may not fit the contract). */
export type Customer = z.output<typeof storedCustomerSchema>;

/** Exported for the data layer's stores (src/api/query.ts). */
export const customerAnswer = lazy(() => z.object({ data: storedCustomerSchema }));
export const customerPageAnswer = lazy(() => listPageSchema(storedCustomerSchema));
export type CustomerPage = z.output<typeof customerPageAnswer>;

/** `GET …/customers/{customerId}/overview`: the customer's figures (its sheet, issue 26). */
export const customerOverviewAnswer = lazy(() => z.object({ data: customerOverviewSchema }));
export type CustomerOverview = z.output<typeof customerOverviewSchema>;

const customerSettingsAnswer = lazy(() => z.object({ data: customerSettingsSchema }));
export type CustomerSettings = z.output<typeof customerSettingsSchema>;
/** The company's general deadline, as the settings answer it. */
export type GeneralPaymentDeadline = CustomerSettings['paymentDeadline'];

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
    z.object({ data: z.object({ id: z.number() }) }),
  );
}

export async function getCustomerSettings(enterpriseId: number): Promise<CustomerSettings> {
  return (await getJson(`/v2/companies/${enterpriseId}/customer-settings`, customerSettingsAnswer)).data;
}

const duplicatesAnswer = lazy(() => z.object({ data: customerDuplicatesSchema }));
/** Another customer of the company with the email, and with the SIRET (null: none). */
export type CustomerDuplicates = z.output<typeof customerDuplicatesSchema>;

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
