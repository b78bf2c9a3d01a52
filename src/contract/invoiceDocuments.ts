/**
 * The answers of an invoice's sending (issue 10), written once (issue 20): the server declares them
 * (server/src/schemas/sending.ts names them for the OpenAPI document) and the client parses them
 * with the same (src/api/invoiceDocuments.ts). The send's body is src/contract/sending.ts.
 */
import { z } from 'zod';
import { lazy } from './lazy.js';

/** The mail proposed for an invoice (or a quote): the sending settings rendered for it. */
export const mailDraftSchema = lazy(() =>
  z.object({
    to: z.string().meta({ description: "The customer's email, '' when it has none" }),
    senderName: z.string(),
    senderEmail: z.string(),
    subject: z.string(),
    text: z.string(),
  }),
);
export type MailDraft = z.output<typeof mailDraftSchema>;

/** A mail the invoice was sent in, as recorded. */
export const invoiceSendingSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    sentAt: z.string().meta({ description: 'ISO date-time' }),
    /** Who sent it (first and last name); null when the user was deleted or has no name. */
    sentBy: z.string().nullable(),
    to: z.string(),
    senderName: z.string(),
    senderEmail: z.string(),
    subject: z.string(),
    attachmentName: z.string(),
  }),
);
export type InvoiceSending = z.output<typeof invoiceSendingSchema>;

/** `GET …/invoices/{id}/sendings`: the mail proposed now and the mails already sent. */
export const invoiceSendingsSchema = lazy(() =>
  z.object({
    draft: mailDraftSchema,
    sendings: z.array(invoiceSendingSchema),
  }),
);
export type InvoiceSendings = z.output<typeof invoiceSendingsSchema>;
