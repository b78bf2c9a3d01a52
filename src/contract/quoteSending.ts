/**
 * `POST …/quotes/{id}/send`'s answer (issue 21): the mail sent, as recorded. The server declares it
 * with this schema (routes/quote-documents.ts), so every server test checks the answer against it.
 * Its own module: the quote screens load the quote again after a send and do not read the answer,
 * so their chunk does not carry it (src/api/quotes.ts `sendQuote`).
 */
import { z } from 'zod';
import { invoiceSendingSchema } from './invoiceDocuments.js';
import { lazy } from './lazy.js';

export const quoteSendingSchema = lazy(() =>
  invoiceSendingSchema.omit({ sentBy: true }).extend({
    number: z.string(),
    status: z.literal('sent'),
    validUntil: z.string().meta({ description: 'The last day the link works (France)' }),
  }),
);
export type QuoteSending = z.output<typeof quoteSendingSchema>;
