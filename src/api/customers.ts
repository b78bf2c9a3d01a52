import * as v from 'valibot';
import { getJson, postJson } from './client';

export const customerTypes = ['professional', 'private'] as const;
export type CustomerType = (typeof customerTypes)[number];

/** Payment modes of spec section 3: transfer, check, card, cash, direct debit (SEPA), credit note. */
export const paymentModes = ['transfer', 'check', 'card', 'cash', 'sepa', 'avoir'] as const;
export type PaymentMode = (typeof paymentModes)[number];

/** Payment deadline rules of spec section 5: X days, end of month, shift to day X of month, date. */
export const paymentDeadlineRules = ['days', 'endOfMonth', 'dayOfMonth', 'date'] as const;
export type PaymentDeadlineRule = (typeof paymentDeadlineRules)[number];

const paymentDeadlineSchema = v.object({
  rule: v.picklist(paymentDeadlineRules),
  /** A number of days or a day of month; an ISO date (yyyy-MM-dd) for the rule `date`. */
  value: v.union([v.number(), v.string()]),
});
export type PaymentDeadline = v.InferOutput<typeof paymentDeadlineSchema>;

const customerSchema = v.object({
  id: v.number(),
  type: v.picklist(customerTypes),
  civility: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  companyName: v.string(),
  job: v.string(),
  email: v.string(),
  phone: v.string(),
  cellPhone: v.string(),
  fax: v.string(),
  address: v.string(),
  zipCode: v.string(),
  city: v.string(),
  country: v.string(),
  vatNumber: v.string(),
  siret: v.string(),
  customerCode: v.string(),
  customerCodeAuto: v.boolean(),
  /** null: the company's general default. */
  paymentDeadline: v.nullable(paymentDeadlineSchema),
  /** null: the company's general default. */
  paymentModes: v.nullable(v.array(v.picklist(paymentModes))),
  comments: v.string(),
});
export type Customer = v.InferOutput<typeof customerSchema>;

/** What the form sends: every field but the id; no `customerCode` asks for the next generated one. */
export type CustomerInput = Omit<Customer, 'id' | 'customerCode' | 'customerCodeAuto'> & {
  customerCode?: string;
  /** Keep a manual code another customer already has (the spec: flagged, then edited or kept). */
  keepDuplicateCode?: boolean;
};

const customerAnswer = v.object({ data: customerSchema });
const customerPageAnswer = v.object({
  data: v.array(customerSchema),
  info: v.object({ hits: v.number() }),
});
export type CustomerPage = v.InferOutput<typeof customerPageAnswer>;

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
  changes: Partial<CustomerInput>,
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
