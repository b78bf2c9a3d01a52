/** Shapes of the document settings API (`settings/documents`) and of the invoice document routes. */
import { z } from '@hono/zod-openapi';
import {
  documentSettingsSchema,
  documentSettingsLengths as lengths,
  documentSettingsRanges as ranges,
} from '../../../src/contract/documentSettings.js';
import { PaymentDeadlineSchema, PaymentModesSchema } from './customers.js';
import { named } from './fields.js';

const int = () => z.number().int();
const text = (max: number) => z.string().max(max);

/** Every document setting: the contract's (src/contract/documentSettings.ts), which the client parses. */
export const DocumentSettingsFullSchema = named(documentSettingsSchema, 'DocumentSettingsFull');

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
