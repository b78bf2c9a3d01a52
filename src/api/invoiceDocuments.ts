/**
 * An invoice's documents (issue 10): its PDF (the Factur-X file of a validated invoice, the
 * PROVISOIRE preview of a draft), the mail proposed to send it, the mails it was sent in, and the
 * send. The answers' schemas are the shared contract's (src/contract/invoiceDocuments.ts): the server
 * declares its answers with the same ones, parsed here at the boundary.
 */
import { z } from 'zod';
import {
  type InvoiceSending,
  type InvoiceSendings,
  invoiceSendingSchema,
  invoiceSendingsSchema,
  type MailDraft,
} from '../contract/invoiceDocuments';
import { lazy } from '../contract/lazy';
import { api, type DownloadedFile, dispositionFileName, getJson, postJson } from './client';

export type { InvoiceSending, InvoiceSendings };
/** The mail proposed to send an invoice. */
export type InvoiceMailDraft = MailDraft;

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

const sendingsAnswer = lazy(() => z.object({ data: invoiceSendingsSchema }));

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
    await postJson(
      `${invoicePath(enterpriseId, invoiceId)}/send`,
      z.object({ data: invoiceSendingSchema }),
      input,
    )
  ).data;
}
