/**
 * The document preferences' calls (issue 12): the document settings (`settings/documents`), the
 * sending settings (`settings/sending`) and the documents' logos (the footer logo's upload and
 * removal). Errors are ApiErrors (the forms say them in French); answers are checked at the boundary.
 */
import { z } from 'zod';
import {
  type DocumentLogos,
  type DocumentSettings,
  documentLogosSchema,
  documentSettingsSchema,
  type SendingSettings,
  sendingSettingsSchema,
} from '../contract/documentSettings';
import type { SendingSettingsEdit } from '../contract/sending';
import { api, getJson, parseAnswer, postJson } from './client';

/** The answers' schemas are the contract's (src/contract/documentSettings.ts), as the server's. */
export type { DocumentLogos, DocumentSettings, SendingSettings };
/** An edit: the version read, then only the fields changed. */
export type DocumentSettingsEdit = Partial<Omit<DocumentSettings, 'version'>> & { version: number };

const data = <Schema extends z.ZodType>(schema: Schema) => z.object({ data: schema });
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
  (await getJson(`${company(enterpriseId)}/settings/logos`, data(documentLogosSchema))).data;

/** The file's bytes as the body, typed by the browser's own reading of the file (as the company logo). */
export async function uploadFooterLogo(enterpriseId: number, file: Blob): Promise<DocumentLogos> {
  const body = await api()
    .url(`${company(enterpriseId)}/footer-logo`)
    .headers({ 'Content-Type': file.type })
    .body(file)
    .post()
    .json();
  return parseAnswer(data(documentLogosSchema), `${company(enterpriseId)}/footer-logo`, body).data;
}

export const removeFooterLogo = async (enterpriseId: number) =>
  (await postJson(`${company(enterpriseId)}/footer-logo/delete`, data(documentLogosSchema))).data;
