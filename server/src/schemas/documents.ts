/** Shapes of the document settings API (`settings/documents`) and of the invoice document routes. */
import { z } from '@hono/zod-openapi';
import {
  documentSettingsLengths as lengths,
  documentSettingsRanges as ranges,
} from '../../../src/contract/documentSettings.js';
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

/**
 * The fields an edit may change (any subset), with the version it started from. Their limits are
 * the contract's (src/contract/documentSettings.ts), which the preferences forms check too.
 */
export const EditDocumentSettingsSchema = z
  .object({
    version: int().min(1),
    quantityPrecision: int().min(ranges.quantityPrecision.min).max(ranges.quantityPrecision.max),
    unitPricePrecision: int().min(ranges.unitPricePrecision.min).max(ranges.unitPricePrecision.max),
    documentsPerPage: int().min(ranges.documentsPerPage.min).max(ranges.documentsPerPage.max),
    invoiceNumberFormat: text(lengths.invoiceNumberFormat).min(1),
    creditNoteNumberFormat: text(lengths.creditNoteNumberFormat).min(1),
    creditNoteOwnSequence: z.boolean(),
    invoiceTitle: text(lengths.invoiceTitle),
    invoiceComment: text(lengths.invoiceComment),
    invoiceCompanyName: text(lengths.invoiceCompanyName),
    invoiceShowPaymentModes: z.boolean(),
    invoiceShowBank: z.boolean(),
    invoiceBankId: int().min(1).nullable(),
    defaultPaymentDeadline: PaymentDeadlineSchema,
    defaultPaymentModes: PaymentModesSchema,
    headerText: text(lengths.headerText),
    footerText: text(lengths.footerText),
    termsOfSale: text(lengths.termsOfSale),
    termsOnQuote: z.boolean(),
    termsOnInvoice: z.boolean(),
    termsOnNewPage: z.boolean(),
    quoteTitle: text(lengths.quoteTitle),
    quoteCompanyName: text(lengths.quoteCompanyName),
    quoteCeeMention: text(lengths.quoteCeeMention),
    quoteValidityDays: int().min(ranges.quoteValidityDays.min).max(ranges.quoteValidityDays.max),
    operationNature: z.enum(['goods', 'services', 'mixed']),
    vatOnDebits: z.boolean(),
    latePenaltyRate: text(lengths.latePenaltyRate).min(1),
    insuranceCoverage: text(lengths.insuranceCoverage).min(1),
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
