/**
 * The document settings as the preferences forms check them before saving (spec section 3,
 * Document settings). The limits are written here once: the API's edit schema
 * (server/src/schemas/documents.ts) is built from the same `documentSettingsRanges` and
 * `documentSettingsLengths`, so a value the form lets through is one the server takes. Every
 * field is optional: each page saves its own.
 *
 * The answers of `settings/documents`, `settings/sending` and `settings/logos` are here too: the
 * server declares them with these schemas and the client parses them with the same.
 */
import { z } from 'zod';
import { paymentDeadlineRules, paymentModes } from './customers.js';
import { booleanField, optionalText, requiredText, wholeNumber } from './fields.js';
import { lazy } from './lazy.js';

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

export const documentSettingsInputSchema = lazy(() =>
  z
    .object({
      quantityPrecision: ranged('quantityPrecision'),
      unitPricePrecision: ranged('unitPricePrecision'),
      documentsPerPage: ranged('documentsPerPage'),
      invoiceNumberFormat: requiredText(documentSettingsLengths.invoiceNumberFormat),
      creditNoteNumberFormat: requiredText(documentSettingsLengths.creditNoteNumberFormat),
      creditNoteOwnSequence: booleanField(),
      invoiceTitle: optionalText(documentSettingsLengths.invoiceTitle),
      invoiceComment: optionalText(documentSettingsLengths.invoiceComment),
      invoiceCompanyName: optionalText(documentSettingsLengths.invoiceCompanyName),
      invoiceShowPaymentModes: booleanField(),
      invoiceShowBank: booleanField(),
      headerText: optionalText(documentSettingsLengths.headerText),
      footerText: optionalText(documentSettingsLengths.footerText),
      termsOfSale: optionalText(documentSettingsLengths.termsOfSale),
      termsOnQuote: booleanField(),
      termsOnInvoice: booleanField(),
      termsOnNewPage: booleanField(),
      quoteTitle: optionalText(documentSettingsLengths.quoteTitle),
      quoteCompanyName: optionalText(documentSettingsLengths.quoteCompanyName),
      quoteCeeMention: optionalText(documentSettingsLengths.quoteCeeMention),
      quoteValidityDays: ranged('quoteValidityDays'),
    })
    .partial(),
);

// ---------------------------------------------------------------------------------------------
// Answers: stored values, whose types only are checked (older rows may not fit today's rules).

const int = () => z.number().int();

/** Every document setting: precisions and numbering (issue 9), and what the printed documents show. */
export const documentSettingsSchema = lazy(() =>
  z.object({
    /** Decimals shown for quantities and unit prices on documents (0–3 and 0–4). */
    quantityPrecision: int(),
    unitPricePrecision: int(),
    documentsPerPage: int(),
    /** Tokens: {AAAA} year, {AA} two-digit year, {MM} month, {N…} the counter on that many digits. */
    invoiceNumberFormat: z.string(),
    creditNoteNumberFormat: z.string(),
    /** true: credit notes take their numbers from their own counter and format. */
    creditNoteOwnSequence: z.boolean(),
    invoiceTitle: z.string(),
    invoiceComment: z.string(),
    /** The seller name printed on invoices; empty = the company's name. */
    invoiceCompanyName: z.string(),
    invoiceShowPaymentModes: z.boolean(),
    invoiceShowBank: z.boolean(),
    /** The bank printed on invoices; null = the company's default bank. */
    invoiceBankId: int().nullable(),
    /** The company's general payment deadline: new invoices and customers without their own take it. */
    defaultPaymentDeadline: z.object({
      rule: z.enum(paymentDeadlineRules),
      value: z.union([z.number(), z.string()]),
    }),
    /** The company's general payment modes, as the deadline. */
    defaultPaymentModes: z.array(z.enum(paymentModes)),
    headerText: z.string(),
    footerText: z.string(),
    termsOfSale: z.string(),
    termsOnQuote: z.boolean(),
    termsOnInvoice: z.boolean(),
    termsOnNewPage: z.boolean(),
    quoteTitle: z.string(),
    quoteCompanyName: z.string(),
    quoteCeeMention: z.string(),
    /** A new quote is valid for its date plus these days (1–365). */
    quoteValidityDays: int(),
    operationNature: z.enum(['goods', 'services', 'mixed']),
    vatOnDebits: z.boolean(),
    latePenaltyRate: z.string(),
    insuranceCoverage: z.string(),
    version: int(),
  }),
);
export type DocumentSettings = z.output<typeof documentSettingsSchema>;

/** The sending settings (issue 10): sender, the templates and the placeholders they may use. */
export const sendingSettingsSchema = lazy(() =>
  z.object({
    senderName: z.string(),
    senderEmail: z.string(),
    subjectTemplate: z.string(),
    bodyTemplate: z.string(),
    placeholders: z
      .array(z.string())
      .meta({ example: ['numero', 'montant', 'client', 'echeance', 'date', 'entreprise'] }),
    version: int(),
  }),
);
export type SendingSettings = z.output<typeof sendingSettingsSchema>;

/** The addresses of the header (company) logo and the footer logo, null without one. */
export const documentLogosSchema = lazy(() =>
  z.object({
    logo: z.string().nullable().meta({ description: "The header logo's address (the company logo)" }),
    footerLogo: z.string().nullable().meta({ description: "The footer logo's address" }),
  }),
);
export type DocumentLogos = z.output<typeof documentLogosSchema>;
