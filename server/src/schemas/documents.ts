/** Shapes of the document settings API (`settings/documents`) and of the invoice document routes. */
import { z } from '@hono/zod-openapi';
import { PaymentDeadlineSchema, PaymentModesSchema } from './customers.js';
import { DocumentSettingsSchema } from './invoicing.js';

const int = () => z.number().int();
const text = (max: number) => z.string().max(max);

/** Every document setting: precisions and numbering (issue 9), and what the printed documents show. */
export const DocumentSettingsFullSchema = DocumentSettingsSchema.extend({
  invoiceTitle: z.string(),
  invoiceComment: z.string(),
  /** The seller name printed on invoices; empty = the company's name. */
  invoiceCompanyName: z.string(),
  invoiceShowPaymentModes: z.boolean(),
  invoiceShowBank: z.boolean(),
  /** The bank printed on invoices; null = the company's default bank. */
  invoiceBankId: int().nullable(),
  /** The company's general payment deadline: new invoices and customers without their own take it. */
  defaultPaymentDeadline: PaymentDeadlineSchema,
  /** The company's general payment modes, as the deadline. */
  defaultPaymentModes: PaymentModesSchema,
  headerText: z.string(),
  footerText: z.string(),
  termsOfSale: z.string(),
  termsOnQuote: z.boolean(),
  termsOnInvoice: z.boolean(),
  termsOnNewPage: z.boolean(),
  quoteTitle: z.string(),
  quoteCompanyName: z.string(),
  quoteCeeMention: z.string(),
  /** A new quote's validity: its date + these days. */
  quoteValidityDays: int(),
  operationNature: z.enum(['goods', 'services', 'mixed']),
  vatOnDebits: z.boolean(),
  latePenaltyRate: z.string(),
  insuranceCoverage: z.string(),
}).openapi('DocumentSettingsFull');

/** The fields an edit may change (any subset), with the version it started from. */
export const EditDocumentSettingsSchema = z
  .object({
    version: int().min(1),
    quantityPrecision: int().min(0).max(3),
    unitPricePrecision: int().min(0).max(4),
    documentsPerPage: int().min(1).max(200),
    invoiceNumberFormat: text(40).min(1),
    creditNoteNumberFormat: text(40).min(1),
    creditNoteOwnSequence: z.boolean(),
    invoiceTitle: text(100),
    invoiceComment: text(2000),
    invoiceCompanyName: text(200),
    invoiceShowPaymentModes: z.boolean(),
    invoiceShowBank: z.boolean(),
    invoiceBankId: int().min(1).nullable(),
    defaultPaymentDeadline: PaymentDeadlineSchema,
    defaultPaymentModes: PaymentModesSchema,
    headerText: text(1000),
    footerText: text(1000),
    termsOfSale: text(20_000),
    termsOnQuote: z.boolean(),
    termsOnInvoice: z.boolean(),
    termsOnNewPage: z.boolean(),
    quoteTitle: text(100),
    quoteCompanyName: text(200),
    quoteCeeMention: text(2000),
    quoteValidityDays: int().min(1).max(365),
    operationNature: z.enum(['goods', 'services', 'mixed']),
    vatOnDebits: z.boolean(),
    latePenaltyRate: text(300).min(1),
    insuranceCoverage: text(300).min(1),
  })
  .partial()
  .required({ version: true })
  .openapi('EditDocumentSettings');

/** The numbering fields: only an administrator changes them. */
export const numberingFields = [
  'invoiceNumberFormat',
  'creditNoteNumberFormat',
  'creditNoteOwnSequence',
] as const;
