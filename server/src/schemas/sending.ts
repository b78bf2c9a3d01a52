/** Answers of the sending routes (issue 10); the request bodies are the contract's (src/contract/sending.ts). */
import { z } from '@hono/zod-openapi';
import { sendingSettingsSchema } from '../../../src/contract/documentSettings.js';
import {
  invoiceSendingSchema,
  invoiceSendingsSchema,
  mailDraftSchema,
} from '../../../src/contract/invoiceDocuments.js';
import { named } from './fields.js';

/** The contract's (src/contract/documentSettings.ts): the preferences page parses it with the same. */
export const SendingSettingsSchema = named(sendingSettingsSchema, 'SendingSettings');

/**
 * An invoice's mail answers: the contract's (src/contract/invoiceDocuments.ts), which the send
 * dialog parses. The draft is also a quote's (routes/quote-documents.ts).
 */
export const InvoiceMailDraftSchema = named(mailDraftSchema, 'InvoiceMailDraft');
export const InvoiceSendingSchema = named(invoiceSendingSchema, 'InvoiceSending');
export const InvoiceSendingsSchema = named(
  invoiceSendingsSchema.extend({ draft: InvoiceMailDraftSchema, sendings: z.array(InvoiceSendingSchema) }),
  'InvoiceSendings',
);
