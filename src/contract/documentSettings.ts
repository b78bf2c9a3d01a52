/**
 * The document settings as the preferences forms check them before saving (spec section 3,
 * Document settings): the limits are the API's (server/src/schemas/documents.ts), so a value the
 * form lets through is one the server takes. Every field is optional: each page saves its own.
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

const ranged = (name: keyof typeof documentSettingsRanges) =>
  wholeNumber(documentSettingsRanges[name].min, documentSettingsRanges[name].max);

export const documentSettingsInputSchema = z
  .object({
    quantityPrecision: ranged('quantityPrecision'),
    unitPricePrecision: ranged('unitPricePrecision'),
    documentsPerPage: ranged('documentsPerPage'),
    invoiceNumberFormat: requiredText(40),
    creditNoteNumberFormat: requiredText(40),
    creditNoteOwnSequence: flag(),
    invoiceTitle: optionalText(100),
    invoiceComment: optionalText(2000),
    invoiceCompanyName: optionalText(200),
    invoiceShowPaymentModes: flag(),
    invoiceShowBank: flag(),
    headerText: optionalText(1000),
    footerText: optionalText(1000),
    termsOfSale: optionalText(20_000),
    termsOnQuote: flag(),
    termsOnInvoice: flag(),
    termsOnNewPage: flag(),
    quoteTitle: optionalText(100),
    quoteCompanyName: optionalText(200),
    quoteCeeMention: optionalText(2000),
    quoteValidityDays: ranged('quoteValidityDays'),
  })
  .partial();
