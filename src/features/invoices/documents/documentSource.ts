/**
 * Where the invoice's documents come from: the API with the signed-in company by default; a story
 * or a test gives its own through the context, so the components never need a server to render.
 */
import { createContext } from 'react';
import {
  fetchInvoicePdf,
  getInvoiceSendings,
  type InvoicePdf,
  type InvoiceSendInput,
  type InvoiceSending,
  type InvoiceSendings,
  sendInvoice,
} from '../../../api/invoiceDocuments';
import { $session } from '../../../session/session';

export interface InvoiceDocumentSource {
  /** `preview`: the editor's own view, which does not count as handing the invoice out. */
  pdf(invoiceId: number, options?: { signal?: AbortSignal; preview?: boolean }): Promise<InvoicePdf>;
  sendings(invoiceId: number): Promise<InvoiceSendings>;
  send(invoiceId: number, input: InvoiceSendInput): Promise<InvoiceSending>;
}

function enterpriseId(): number {
  const id = $session.get().enterpriseId;
  if (id === null) throw new Error('No signed-in company');
  return id;
}

// Async, so that a missing session is a refused promise the components show, never a throw.
export const apiDocumentSource: InvoiceDocumentSource = {
  pdf: async (invoiceId, options) => fetchInvoicePdf(enterpriseId(), invoiceId, options),
  sendings: async (invoiceId) => getInvoiceSendings(enterpriseId(), invoiceId),
  send: async (invoiceId, input) => sendInvoice(enterpriseId(), invoiceId, input),
};

export const InvoiceDocumentSourceContext = createContext<InvoiceDocumentSource>(apiDocumentSource);
