/**
 * An invoice's documents (issue 10): its PDF (the Factur-X file of a validated invoice, the
 * PROVISOIRE preview of a draft), the mail proposed to send it, the mails it was sent in, and the
 * send. Shapes: server/src/schemas/sending.ts.
 */
import * as v from 'valibot';
import { api, type DownloadedFile, dispositionFileName, getJson, postJson } from './client';

const invoicePath = (enterpriseId: number, invoiceId: number) =>
  `/v2/companies/${enterpriseId}/invoices/${invoiceId}`;

/** The PDF and the server's name for it (Content-Disposition), e.g. `FA-2026-00001.pdf`. */
export type InvoicePdf = DownloadedFile;

/**
 * The invoice's PDF as the server renders it, read with the bearer token (not a plain link). The
 * editor's own preview says so (`preview`): any other read of a validated invoice's PDF counts as
 * handing it out, after which it can no longer be reverted (a credit note corrects it).
 */
export async function fetchInvoicePdf(
  enterpriseId: number,
  invoiceId: number,
  { signal, preview = false }: { signal?: AbortSignal; preview?: boolean } = {},
): Promise<InvoicePdf> {
  const response = await api()
    .headers({ Accept: 'application/pdf' })
    .options(signal ? { signal } : {})
    .get(`${invoicePath(enterpriseId, invoiceId)}/pdf${preview ? '?preview=1' : ''}`)
    .res();
  const blob = await response.blob();
  return {
    // Typed, whatever the server's header: the browser's viewer picks its renderer by this type.
    blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    filename: dispositionFileName(response.headers.get('content-disposition'), `facture-${invoiceId}.pdf`),
  };
}

const mailDraftSchema = v.object({
  to: v.string(),
  senderName: v.string(),
  senderEmail: v.string(),
  subject: v.string(),
  text: v.string(),
});
export type InvoiceMailDraft = v.InferOutput<typeof mailDraftSchema>;

const sendingSchema = v.object({
  id: v.number(),
  sentAt: v.string(),
  sentBy: v.nullable(v.string()),
  to: v.string(),
  senderName: v.string(),
  senderEmail: v.string(),
  subject: v.string(),
  attachmentName: v.string(),
});
export type InvoiceSending = v.InferOutput<typeof sendingSchema>;

const sendingsAnswer = v.object({
  data: v.object({ draft: mailDraftSchema, sendings: v.array(sendingSchema) }),
});
export type InvoiceSendings = v.InferOutput<typeof sendingsAnswer>['data'];

/** The mail proposed for the invoice (the sending settings rendered) and the mails already sent. */
export async function getInvoiceSendings(enterpriseId: number, invoiceId: number): Promise<InvoiceSendings> {
  return (await getJson(`${invoicePath(enterpriseId, invoiceId)}/sendings`, sendingsAnswer)).data;
}

export interface InvoiceSendInput {
  to: string;
  subject: string;
  text: string;
}

/** Sends the validated invoice, its PDF attached; the answer is the mail as recorded. */
export async function sendInvoice(
  enterpriseId: number,
  invoiceId: number,
  input: InvoiceSendInput,
): Promise<InvoiceSending> {
  return (
    await postJson(`${invoicePath(enterpriseId, invoiceId)}/send`, v.object({ data: sendingSchema }), input)
  ).data;
}
