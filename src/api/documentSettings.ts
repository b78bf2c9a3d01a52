/**
 * The document preferences' calls (issue 12): the document settings (`settings/documents`), the
 * sending settings (`settings/sending`) and the documents' logos (the footer logo's upload and
 * removal). Shapes: server/src/schemas/documents.ts, sending.ts and routes/document-logos.ts.
 * Errors are ApiErrors (the forms say them in French); answers are checked at the boundary.
 */
import * as v from 'valibot';
import { paymentDeadlineRules, paymentModes } from '../contract/customers';
import type { SendingSettingsEdit } from '../contract/sending';
import { api, getJson, postJson } from './client';

const int = () => v.pipe(v.number(), v.integer());

const documentSettingsSchema = v.object({
  quantityPrecision: int(),
  unitPricePrecision: int(),
  documentsPerPage: int(),
  invoiceNumberFormat: v.string(),
  creditNoteNumberFormat: v.string(),
  creditNoteOwnSequence: v.boolean(),
  invoiceTitle: v.string(),
  invoiceComment: v.string(),
  invoiceCompanyName: v.string(),
  invoiceShowPaymentModes: v.boolean(),
  invoiceShowBank: v.boolean(),
  invoiceBankId: v.nullable(int()),
  /** The company's general payment deadline and modes (new invoices and customers take them). */
  defaultPaymentDeadline: v.object({
    rule: v.picklist(paymentDeadlineRules),
    value: v.union([v.number(), v.string()]),
  }),
  defaultPaymentModes: v.array(v.picklist(paymentModes)),
  headerText: v.string(),
  footerText: v.string(),
  termsOfSale: v.string(),
  termsOnQuote: v.boolean(),
  termsOnInvoice: v.boolean(),
  termsOnNewPage: v.boolean(),
  quoteTitle: v.string(),
  quoteCompanyName: v.string(),
  quoteCeeMention: v.string(),
  /** A new quote is valid for its date plus these days (1–365). */
  quoteValidityDays: int(),
  version: int(),
});
export type DocumentSettings = v.InferOutput<typeof documentSettingsSchema>;
/** An edit: the version read, then only the fields changed. */
export type DocumentSettingsEdit = Partial<Omit<DocumentSettings, 'version'>> & { version: number };

const sendingSettingsSchema = v.object({
  senderName: v.string(),
  senderEmail: v.string(),
  subjectTemplate: v.string(),
  bodyTemplate: v.string(),
  placeholders: v.array(v.string()),
  version: int(),
});
export type SendingSettings = v.InferOutput<typeof sendingSettingsSchema>;

const logosSchema = v.object({ logo: v.nullable(v.string()), footerLogo: v.nullable(v.string()) });
/** The addresses of the header (company) logo and the footer logo, null without one. */
export type DocumentLogos = v.InferOutput<typeof logosSchema>;

const data = <S extends v.GenericSchema>(schema: S) => v.object({ data: schema });
const company = (enterpriseId: number) => `/v2/companies/${enterpriseId}`;

export const getDocumentSettings = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/documents`, data(documentSettingsSchema))).data;

export const editDocumentSettings = async (enterpriseId: number, edit: DocumentSettingsEdit) =>
  (await postJson(`${company(enterpriseId)}/settings/documents/edit`, data(documentSettingsSchema), edit))
    .data;

export const getSendingSettings = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/sending`, data(sendingSettingsSchema))).data;

export const editSendingSettings = async (enterpriseId: number, edit: SendingSettingsEdit) =>
  (await postJson(`${company(enterpriseId)}/settings/sending/edit`, data(sendingSettingsSchema), edit)).data;

export const getDocumentLogos = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/logos`, data(logosSchema))).data;

/** The file's bytes as the body, typed by the browser's own reading of the file (as the company logo). */
export async function uploadFooterLogo(enterpriseId: number, file: Blob): Promise<DocumentLogos> {
  const body = await api()
    .url(`${company(enterpriseId)}/footer-logo`)
    .headers({ 'Content-Type': file.type })
    .body(file)
    .post()
    .json();
  return v.parse(data(logosSchema), body).data;
}

export const removeFooterLogo = async (enterpriseId: number) =>
  (await postJson(`${company(enterpriseId)}/footer-logo/delete`, data(logosSchema))).data;
