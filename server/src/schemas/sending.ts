/** Answers of the sending routes (issue 10); the request bodies are the contract's (src/contract/sending.ts). */
import { z } from '@hono/zod-openapi';

export const SendingSettingsSchema = z
  .object({
    senderName: z.string(),
    senderEmail: z.string(),
    subjectTemplate: z.string(),
    bodyTemplate: z.string(),
    placeholders: z
      .array(z.string())
      .openapi({ example: ['numero', 'montant', 'client', 'echeance', 'date', 'entreprise'] }),
    version: z.number().int(),
  })
  .openapi('SendingSettings');

export const InvoiceMailDraftSchema = z
  .object({
    to: z.string().openapi({ description: "The customer's email, '' when it has none" }),
    senderName: z.string(),
    senderEmail: z.string(),
    subject: z.string(),
    text: z.string(),
  })
  .openapi('InvoiceMailDraft');

export const InvoiceSendingSchema = z
  .object({
    id: z.number().int(),
    sentAt: z.string().openapi({ description: 'ISO date-time' }),
    sentBy: z.string().nullable(),
    to: z.string(),
    senderName: z.string(),
    senderEmail: z.string(),
    subject: z.string(),
    attachmentName: z.string(),
  })
  .openapi('InvoiceSending');

export const InvoiceSendingsSchema = z
  .object({ draft: InvoiceMailDraftSchema, sendings: z.array(InvoiceSendingSchema) })
  .openapi('InvoiceSendings');
