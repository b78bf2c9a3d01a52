/**
 * The document settings as the preferences forms check them before saving (spec section 3,
 * Document settings). The limits are written here once: the API's edit schema
 * (server/src/schemas/documents.ts) is built from the same `documentSettingsRanges` and
 * `documentSettingsLengths`, so a value the form lets through is one the server takes. Every
 * field is optional: each page saves its own.
 */
import { z } from 'zod';
import { optionalText, wholeNumber } from './fields.js';
import { flag, requiredText } from './preferences.js';

export const documentSettingsRanges = {
  quantityPrecision: { min: 0, max: 3 },
  unitPricePrecision: { min: 0, max: 4 },
  documentsPerPage: { min: 1, max: 200 },
  /** A new quote's validity: its date plus these days (server: quoteValidityDays 1–365). */
  quoteValidityDays: { min: 1, max: 365 },
} as const;

/** The longest text of each text setting, in characters. */
export const documentSettingsLengths = {
  invoiceNumberFormat: 40,
  creditNoteNumberFormat: 40,
  invoiceTitle: 100,
  invoiceComment: 2000,
  invoiceCompanyName: 200,
  headerText: 1000,
  footerText: 1000,
  termsOfSale: 20_000,
  quoteTitle: 100,
  quoteCompanyName: 200,
  quoteCeeMention: 2000,
  latePenaltyRate: 300,
  insuranceCoverage: 300,
} as const;

const ranged = (name: keyof typeof documentSettingsRanges) =>
  wholeNumber(documentSettingsRanges[name].min, documentSettingsRanges[name].max);

export const documentSettingsInputSchema = z
  .object({
    quantityPrecision: ranged('quantityPrecision'),
    unitPricePrecision: ranged('unitPricePrecision'),
    documentsPerPage: ranged('documentsPerPage'),
    invoiceNumberFormat: requiredText(documentSettingsLengths.invoiceNumberFormat),
    creditNoteNumberFormat: requiredText(documentSettingsLengths.creditNoteNumberFormat),
    creditNoteOwnSequence: flag(),
    invoiceTitle: optionalText(documentSettingsLengths.invoiceTitle),
    invoiceComment: optionalText(documentSettingsLengths.invoiceComment),
    invoiceCompanyName: optionalText(documentSettingsLengths.invoiceCompanyName),
    invoiceShowPaymentModes: flag(),
    invoiceShowBank: flag(),
    headerText: optionalText(documentSettingsLengths.headerText),
    footerText: optionalText(documentSettingsLengths.footerText),
    termsOfSale: optionalText(documentSettingsLengths.termsOfSale),
    termsOnQuote: flag(),
    termsOnInvoice: flag(),
    termsOnNewPage: flag(),
    quoteTitle: optionalText(documentSettingsLengths.quoteTitle),
    quoteCompanyName: optionalText(documentSettingsLengths.quoteCompanyName),
    quoteCeeMention: optionalText(documentSettingsLengths.quoteCeeMention),
    quoteValidityDays: ranged('quoteValidityDays'),
  })
  .partial();
