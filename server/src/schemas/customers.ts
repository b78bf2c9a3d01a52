import { z } from '@hono/zod-openapi';
import {
  customerCodeSchema,
  customerDuplicatesSchema,
  customerFields,
  customerSchema,
  customerSettingsSchema,
  customerTypes,
  emptyCustomerTexts,
  paymentDeadlineSchema,
  paymentModesSchema,
  storedPaymentDeadlineSchema,
  withCustomerRules,
} from '../../../src/contract/customers.js';
import { listQueryShape } from './common.js';
import { booleanField, idNumber, idParam, named } from './fields.js';
import { CompanyUsersParams } from './users.js';

/**
 * The customer's fields, limits and rules are the shared contract's (src/contract/customers.ts):
 * the form validates with the same schemas. Here they get their OpenAPI names and the server's
 * defaults.
 */
export { customerTypes };

/** null = the company's general default; otherwise the customer's own rule (spec section 5). */
// `describe` makes a copy built after @hono/zod-openapi extended zod: the contract's own
// instances may have been built before (zod 4 gives each instance its methods when it is made).
export const PaymentDeadlineSchema = paymentDeadlineSchema
  .describe('The rule decides the value: days, a day of the month, or a yyyy-MM-dd date')
  .openapi('PaymentDeadline');

/** A customer's deadline as stored and answered (the contract's, which says why it is lenient). */
export const StoredPaymentDeadlineSchema = named(storedPaymentDeadlineSchema, 'StoredPaymentDeadline');

export const PaymentModesSchema = paymentModesSchema
  .describe('null = the general default')
  .openapi({ description: 'null = the general default' });

export const CustomerSchema = named(
  customerSchema.extend({ paymentDeadline: StoredPaymentDeadlineSchema.nullable() }),
  'Customer',
);

/** What a field left out of a create body becomes. */
const createDefaults = { ...emptyCustomerTexts, paymentDeadline: null, paymentModes: null } as const;

/** Every field with its create default: a field left out of a create body takes it. */
const createFields = Object.fromEntries(
  Object.entries(customerFields).map(([name, schema]) => [
    name,
    name in createDefaults
      ? (schema as z.ZodType).default(createDefaults[name as keyof typeof createDefaults])
      : schema,
  ]),
) as unknown as typeof customerFields;

/** Without a code (or with customerCodeAuto true) the next number of the company's counter is given. */
export const CreateCustomerSchema = withCustomerRules(
  z.object({
    ...createFields,
    customerCode: customerCodeSchema.optional(),
    /** Keep a manual code that another customer already has (the spec flags it; the user may keep it). */
    keepDuplicateCode: booleanField().default(false),
  }),
).openapi('CreateCustomer');

/**
 * An edit sends the id, the version it started from and the changed fields only. The customer that
 * would result is checked whole against the contract in the route (rules between fields included).
 * `version` is optional here so that another company's id still answers 404 before anything else;
 * the route requires it.
 */
export const EditCustomerSchema = z
  .object({
    id: idNumber(),
    version: idNumber().optional(),
    ...Object.fromEntries(Object.entries(customerFields).map(([name, schema]) => [name, schema.optional()])),
    customerCode: customerCodeSchema.optional(),
    keepDuplicateCode: booleanField().default(false),
  })
  .openapi('EditCustomer') as unknown as z.ZodType<
  { id: number; version?: number; customerCode?: string; keepDuplicateCode: boolean } & Partial<{
    [K in keyof typeof customerFields]: z.output<(typeof customerFields)[K]>;
  }>
>;

/** Columns the list can be sorted by; `name` is the company name (professionals) or the last name. */
export const customerSortKeys = ['name', 'customerCode', 'city', 'email', 'type'] as const;

export const CustomersQuery = z.object({
  type: z
    .enum(customerTypes, { error: 'invalid' })
    .optional()
    .openapi({
      param: { name: 'type', in: 'query' },
      description: 'Only professionals or only private customers',
    }),
  ...listQueryShape({
    sortKeys: customerSortKeys,
    defaultSort: 'name',
    search: 'Searches names, company, email, city, code',
  }),
});

export const CustomerParams = CompanyUsersParams.extend({
  customerId: idParam().openapi({ param: { name: 'customerId', in: 'path' }, example: 1 }),
});

export const CustomerEditParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

/** What the customer form shows of the company's settings: general defaults, next generated code. */
export const CustomerSettingsSchema = named(
  customerSettingsSchema.extend({ paymentDeadline: PaymentDeadlineSchema }),
  'CustomerSettings',
);

/** The email and SIRET a form is about to save, to warn when another customer already has them. */
export const CustomerDuplicatesQuery = z.object({
  email: z
    .string({ error: 'string' })
    .trim()
    .max(254, 'too_long')
    .optional()
    .openapi({ param: { name: 'email', in: 'query' } }),
  siret: z
    .string({ error: 'string' })
    .max(30, 'too_long')
    .optional()
    .openapi({ param: { name: 'siret', in: 'query' } }),
  exceptId: idParam()
    .optional()
    .openapi({ param: { name: 'exceptId', in: 'query' }, description: 'The customer being edited' }),
});

export const CustomerDuplicatesSchema = named(customerDuplicatesSchema, 'CustomerDuplicates');
