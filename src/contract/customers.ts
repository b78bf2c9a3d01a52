/**
 * The customer resource (spec section 3) as both sides read it: the fields a client sends, their
 * limits and checks, the rules between fields, and the stored shape. The form validates with
 * `customerInputSchema`; the server parses create bodies with the same fields and checks every
 * edit's resulting customer with the same schema, so neither side accepts what the other refuses.
 */
import { z } from 'zod';
import {
  type FieldCode,
  isoDate,
  isValidPhone,
  isValidZipCode,
  optionalEmail,
  optionalSiret,
  optionalText,
  optionalVatNumber,
  wholeNumber,
} from './fields.js';
import { lazy } from './lazy.js';

export const customerTypes = ['professional', 'private'] as const;
export type CustomerType = (typeof customerTypes)[number];

/** Payment modes of spec section 3: transfer, check, card, cash, direct debit (SEPA), credit note. */
export const paymentModes = ['transfer', 'check', 'card', 'cash', 'sepa', 'avoir'] as const;
export type PaymentMode = (typeof paymentModes)[number];

/** Payment deadline rules of spec section 5: X days, end of month, shift to day X of month, date. */
export const paymentDeadlineRules = ['days', 'endOfMonth', 'dayOfMonth', 'date'] as const;
export type PaymentDeadlineRule = (typeof paymentDeadlineRules)[number];

/** The longest text each field takes. */
export const customerTextLimits = {
  civility: 30,
  firstName: 100,
  lastName: 100,
  companyName: 200,
  job: 100,
  phone: 30,
  cellPhone: 30,
  fax: 30,
  address: 300,
  zipCode: 10,
  city: 100,
  country: 100,
  comments: 4000,
} as const;

/**
 * The rule decides what the value is: a number of days (0–365) for X days and end of month, a day
 * of the month (1–31) for the shift, a yyyy-MM-dd day for a date.
 */
export const paymentDeadlineSchema = lazy(() =>
  z.discriminatedUnion(
    'rule',
    [
      z.object({ rule: z.literal('days'), value: wholeNumber(0, 365) }),
      z.object({ rule: z.literal('endOfMonth'), value: wholeNumber(0, 365) }),
      z.object({ rule: z.literal('dayOfMonth'), value: wholeNumber(1, 31) }),
      z.object({ rule: z.literal('date'), value: isoDate() }),
    ],
    { error: 'invalid' },
  ),
);
export type PaymentDeadline = z.output<typeof paymentDeadlineSchema>;

/** At least one mode, each known, none twice. */
export const paymentModesSchema = lazy(() =>
  z
    .array(z.enum(paymentModes, { error: 'invalid' }), { error: 'invalid' })
    .min(1, 'required')
    .refine((modes) => new Set(modes).size === modes.length, 'invalid'),
);

/** A manual accounting code: letters, digits, - and _, up to 20. */
export const customerCodeSchema = lazy(() =>
  z
    .string({ error: 'string' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'customer_code'),
);

const text = (name: keyof typeof customerTextLimits) => optionalText(customerTextLimits[name]);

/** Every field a client writes, each checked on its own. */
export const customerFields = lazy(() => ({
  type: z.enum(customerTypes, { error: (issue) => (issue.input === undefined ? 'required' : 'invalid') }),
  civility: text('civility'),
  firstName: text('firstName'),
  lastName: text('lastName'),
  companyName: text('companyName'),
  job: text('job'),
  email: optionalEmail(),
  phone: text('phone'),
  cellPhone: text('cellPhone'),
  fax: text('fax'),
  address: text('address'),
  zipCode: text('zipCode'),
  city: text('city'),
  country: text('country'),
  vatNumber: optionalVatNumber(),
  siret: optionalSiret(),
  /** null: the company's general default. */
  paymentDeadline: paymentDeadlineSchema.nullable(),
  /** null: the company's general default. */
  paymentModes: paymentModesSchema.nullable(),
  comments: text('comments'),
}));

export type CustomerFieldName = keyof typeof customerFields;

/** The fields a customer holds as plain text, in the order the form and the API show them. */
export const customerTextFields = [
  'civility',
  'firstName',
  'lastName',
  'companyName',
  'job',
  'email',
  'phone',
  'cellPhone',
  'fax',
  'address',
  'zipCode',
  'city',
  'country',
  'vatNumber',
  'siret',
  'comments',
] as const satisfies readonly CustomerFieldName[];
export type CustomerTextField = (typeof customerTextFields)[number];

/**
 * A new customer's texts: all empty but the country, France. The form starts from them and the
 * server gives them to the fields a create body leaves out, so both agree on what « empty » is.
 */
export const emptyCustomerTexts = {
  ...(Object.fromEntries(customerTextFields.map((name) => [name, ''])) as Record<CustomerTextField, string>),
  country: 'France',
};

/** One schema per text field, for the shapes that hold each text as it is (no limit, no check). */
export function customerTextSchemas<Schema>(schema: () => Schema): Record<CustomerTextField, Schema> {
  return Object.fromEntries(customerTextFields.map((name) => [name, schema()])) as Record<
    CustomerTextField,
    Schema
  >;
}
/** A customer's written fields after parsing (what is stored). */
export type CustomerData = { [Name in CustomerFieldName]: z.output<(typeof customerFields)[Name]> };

/** Fields only a professional has: a private customer's must stay empty. */
export const professionalOnlyFields = ['companyName', 'siret', 'vatNumber'] as const;

/**
 * The rules between fields: a professional is named by its company, a private customer by their
 * last name and has no company fields; phone numbers and the zip code follow the country's format.
 */
export function customerRuleIssues(customer: CustomerData): Partial<Record<CustomerFieldName, FieldCode>> {
  const issues: Partial<Record<CustomerFieldName, FieldCode>> = {};
  if (customer.type === 'professional' && !customer.companyName) issues.companyName = 'required';
  if (customer.type === 'private') {
    if (!customer.lastName) issues.lastName = 'required';
    for (const name of professionalOnlyFields) if (customer[name]) issues[name] = 'professional_only';
  }
  for (const name of ['phone', 'cellPhone', 'fax'] as const) {
    if (customer[name] && !isValidPhone(customer[name], customer.country)) issues[name] = 'phone';
  }
  if (customer.zipCode && !isValidZipCode(customer.zipCode, customer.country)) issues.zipCode = 'zip_code';
  return issues;
}

/** Adds the rules between fields to an object schema whose output holds the customer's fields. */
export function withCustomerRules<Schema extends z.ZodType<CustomerData>>(schema: Schema) {
  return schema.superRefine((customer, context) => {
    for (const [name, code] of Object.entries(customerRuleIssues(customer))) {
      context.addIssue({ code: 'custom', path: [name], message: code });
    }
  });
}

/** A whole customer as a client writes it: each field, then the rules between them. */
export const customerInputSchema = lazy(() => withCustomerRules(z.object(customerFields)));
export type CustomerInput = z.input<typeof customerInputSchema>;

/**
 * The answers, as the server declares them (server/src/schemas/customers.ts names them for the
 * OpenAPI document) and the client parses them (src/api/customers.ts): one description of the JSON.
 */

/**
 * A customer's deadline as stored and answered: a value the rules refuse today (stored before a
 * rule, or by hand) is answered as it is, so that the sheet shows it with its message; the rules
 * apply to what is written (`paymentDeadlineSchema`).
 */
export const storedPaymentDeadlineSchema = lazy(() =>
  z.object({
    rule: z.enum(paymentDeadlineRules),
    value: z.union([z.number(), z.string()]),
  }),
);

/** A stored customer as the API answers it. `version` grows by one at each save. */
export const customerSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    type: z.enum(customerTypes),
    ...customerTextSchemas(() => z.string()),
    customerCode: z.string(),
    customerCodeAuto: z.boolean(),
    /** null: the company's general default. */
    paymentDeadline: storedPaymentDeadlineSchema.nullable(),
    /** null: the company's general default. */
    paymentModes: z.array(z.enum(paymentModes)).nullable(),
    /** Grows by one at each save; an edit names the version it started from. */
    version: z.number().int(),
  }),
);
export type Customer = z.output<typeof customerSchema>;

/** What the customer form shows of the company's settings: general defaults, next generated code. */
export const customerSettingsSchema = lazy(() =>
  z.object({
    /** The code the next customer created without one would get (another may take it first). */
    nextCustomerCode: z.string(),
    paymentDeadline: paymentDeadlineSchema,
    paymentModes: z.array(z.enum(paymentModes)),
  }),
);

const duplicateSchema = lazy(() =>
  z
    .object({
      id: z.number().int(),
      type: z.enum(customerTypes),
      companyName: z.string(),
      civility: z.string(),
      firstName: z.string(),
      lastName: z.string(),
    })
    .nullable(),
);

/** Another customer of the company with the email, and with the SIRET (null: none). */
export const customerDuplicatesSchema = lazy(() =>
  z.object({ email: duplicateSchema, siret: duplicateSchema }),
);

const cents = () => z.number().int();

/** `GET …/customers/{customerId}/overview`: the customer's figures (its sheet, issue 26). */
export const customerOverviewSchema = lazy(() =>
  z.object({
    /** « Reste à encaisser »: validated invoices' TTC (credit notes negative) less every payment received. */
    balanceCents: cents(),
    /** Of which retainage still held. */
    retainageHeldCents: cents(),
    /** « En retard »: what validated invoices past their due date still owe (the invoices list's overdue filter). */
    overdueCents: cents(),
    /** Validated invoices' TTC, credit notes negative. */
    invoicedInclTaxCents: cents(),
    /** Payments received on its invoices, retainage included. */
    paidCents: cents(),
    /** « Reste à facturer » excl. VAT: what its accepted quotes still leave to invoice. */
    toInvoiceExclTaxCents: cents(),
  }),
);
