import { z } from '@hono/zod-openapi';
import { paymentModes } from '../db/schema.js';
import { booleanField, idNumber, idParam, optionalText } from './fields.js';
import { CompanyUsersParams } from './users.js';

export const customerTypes = ['professional', 'private'] as const;
export const paymentDeadlineRules = ['days', 'endOfMonth', 'dayOfMonth', 'date'] as const;

/** null = the company's general default; otherwise the customer's own rule (spec section 5). */
export const PaymentDeadlineSchema = z
  .object({
    rule: z.enum(paymentDeadlineRules, { error: 'invalid' }),
    value: z.union(
      [z.number().int('number').min(0, 'number').max(365, 'number'), z.iso.date({ error: 'date' })],
      {
        error: 'invalid',
      },
    ),
  })
  .openapi('PaymentDeadline');

export const PaymentModesSchema = z
  .array(z.enum(paymentModes, { error: 'invalid' }), { error: 'invalid' })
  .min(1, 'required')
  .openapi({ description: 'null = the general default' });

const optionalEmail = () =>
  z
    .string({ error: 'string' })
    .trim()
    .max(254, 'too_long')
    .nullable()
    .transform((value) => (value ?? '').toLowerCase())
    .refine((value) => value === '' || z.email().safeParse(value).success, 'email');

const customerCode = () =>
  z
    .string({ error: 'string' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'invalid');

export const CustomerSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(customerTypes),
    civility: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string(),
    job: z.string(),
    email: z.string(),
    phone: z.string(),
    cellPhone: z.string(),
    fax: z.string(),
    address: z.string(),
    zipCode: z.string(),
    city: z.string(),
    country: z.string(),
    vatNumber: z.string(),
    siret: z.string(),
    customerCode: z.string(),
    customerCodeAuto: z.boolean(),
    paymentDeadline: PaymentDeadlineSchema.nullable(),
    paymentModes: z.array(z.enum(paymentModes)).nullable(),
    comments: z.string(),
  })
  .openapi('Customer');

const editableFields = {
  type: z.enum(customerTypes, { error: (issue) => (issue.input === undefined ? 'required' : 'invalid') }),
  civility: optionalText(30),
  firstName: optionalText(100),
  lastName: optionalText(100),
  companyName: optionalText(200),
  job: optionalText(100),
  email: optionalEmail(),
  phone: optionalText(30),
  cellPhone: optionalText(30),
  fax: optionalText(30),
  address: optionalText(300),
  zipCode: optionalText(10),
  city: optionalText(100),
  country: optionalText(100),
  vatNumber: optionalText(20),
  siret: optionalText(14),
  paymentDeadline: PaymentDeadlineSchema.nullable(),
  paymentModes: PaymentModesSchema.nullable(),
  comments: optionalText(4000),
};

/** Without a code (or with customerCodeAuto true) the next number of the company's counter is given. */
export const CreateCustomerSchema = z
  .object({
    type: editableFields.type,
    civility: editableFields.civility.default(''),
    firstName: editableFields.firstName.default(''),
    lastName: editableFields.lastName.default(''),
    companyName: editableFields.companyName.default(''),
    job: editableFields.job.default(''),
    email: editableFields.email.default(''),
    phone: editableFields.phone.default(''),
    cellPhone: editableFields.cellPhone.default(''),
    fax: editableFields.fax.default(''),
    address: editableFields.address.default(''),
    zipCode: editableFields.zipCode.default(''),
    city: editableFields.city.default(''),
    country: editableFields.country.default('France'),
    vatNumber: editableFields.vatNumber.default(''),
    siret: editableFields.siret.default(''),
    paymentDeadline: editableFields.paymentDeadline.default(null),
    paymentModes: editableFields.paymentModes.default(null),
    comments: editableFields.comments.default(''),
    customerCode: customerCode().optional(),
    /** Keep a manual code that another customer already has (the spec flags it; the user may keep it). */
    keepDuplicateCode: booleanField().default(false),
  })
  .openapi('CreateCustomer');

export const EditCustomerSchema = z
  .object({
    id: idNumber(),
    ...Object.fromEntries(Object.entries(editableFields).map(([name, schema]) => [name, schema.optional()])),
    customerCode: customerCode().optional(),
    keepDuplicateCode: booleanField().default(false),
  })
  .openapi('EditCustomer') as unknown as z.ZodType<
  { id: number; customerCode?: string; keepDuplicateCode: boolean } & Partial<{
    [K in keyof typeof editableFields]: z.output<(typeof editableFields)[K]>;
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
  sort: z
    .enum(customerSortKeys, { error: 'invalid' })
    .default('name')
    .openapi({ param: { name: 'sort', in: 'query' } }),
  order: z
    .enum(['asc', 'desc'], { error: 'invalid' })
    .default('asc')
    .openapi({ param: { name: 'order', in: 'query' } }),
  q: z
    .string({ error: 'string' })
    .trim()
    .max(100, 'too_long')
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: 'Searches names, company, email, city, code',
    }),
  limit: z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(1, 'number')
    .max(200, 'number')
    .default(50)
    .openapi({ param: { name: 'limit', in: 'query' } }),
  offset: z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(0, 'number')
    .max(1_000_000, 'number')
    .default(0)
    .openapi({ param: { name: 'offset', in: 'query' } }),
});

export const CustomerParams = CompanyUsersParams.extend({
  customerId: idParam().openapi({ param: { name: 'customerId', in: 'path' }, example: 1 }),
});

export const CustomerEditParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

/** What the customer form shows of the company's settings: general defaults, next generated code. */
export const CustomerSettingsSchema = z
  .object({
    /** The code the next customer created without one would get (another may take it first). */
    nextCustomerCode: z.string(),
    paymentDeadline: PaymentDeadlineSchema,
    paymentModes: z.array(z.enum(paymentModes)),
  })
  .openapi('CustomerSettings');
