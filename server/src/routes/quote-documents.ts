/**
 * A quote's document and its sending (issue 21): the PDF (after an online acceptance, the PDF
 * accepted followed by the « Acceptation électronique » page), the mail the send dialog proposes,
 * and the send itself: the PDF attached, the link to the public acceptance page in the text, the
 * quote `sent`. Same tenant rules as every endpoint: another company's quote is a 404. Thin: the
 * drawing is server/src/documents, the mail's checks server/src/mail/quote-mail.ts, the transport
 * `deps.mailer` (the invoices' one, hence the same outbox without SMTP).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { quoteSendingSchema } from '../../../src/contract/quoteSending.js';
import { quoteMailSchema } from '../../../src/contract/quotes.js';
import { invoiceSendSchema } from '../../../src/contract/sending.js';
import { recordActivity } from '../activity/record.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { createSharedCounters } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { markQuoteSent, quoteSentEvent } from '../invoicing/quotes.js';
import { callerSessionId } from '../invoicing/session-id.js';
import { todayInFrance } from '../invoicing/today.js';
import { prepareQuoteMail, quoteMailDraft, withLink } from '../mail/quote-mail.js';
import { bearerSecurity, jsonBody as body, ErrorSchema, jsonContent as json } from '../schemas/common.js';
import { named } from '../schemas/fields.js';
import { IdParams } from '../schemas/invoicing.js';
import { readErrors, refusal, writeErrors } from './invoicing-responses.js';
import { mailsPerMinute } from './sending.js';

/** The PDF machinery loads on the first document asked, not at start-up (as invoice-documents.ts). */
const documents = () => import('../documents/quote-document.js');
const links = () => import('../documents/quote-link.js');
const renderers = () => import('../documents/pdf-renderer.js');

const tags = ['Devis'];
const base = '/v2/companies/{enterprise_id}/quotes/{id}';

const binary = (type: string, description: string) => ({
  content: { [type]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
  description,
});

const pdfRoute = createRoute({
  method: 'get',
  path: `${base}/pdf`,
  tags,
  summary:
    'The quote as PDF; once accepted online, the PDF accepted (byte for byte) followed by the « Acceptation électronique » page',
  security: bearerSecurity,
  request: { params: IdParams },
  responses: {
    200: binary('application/pdf', 'The PDF (attachment, named after the number)'),
    ...readErrors,
    503: json(ErrorSchema, 'document_unavailable: not drawn within its time and memory bounds'),
  },
});

/** The contract's (src/contract/quotes.ts): the send dialog parses it with the same. */
const QuoteMailSchema = named(quoteMailSchema, 'QuoteMail');

const mailRoute = createRoute({
  method: 'get',
  path: `${base}/mail`,
  tags,
  summary:
    "The mail the send dialog proposes: the customer email, the sender of the sending settings, the quote's subject and text ({lien}: where the acceptance link goes)",
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: json(z.object({ data: QuoteMailSchema }), 'The proposed mail'), ...readErrors },
});

/** The contract's (src/contract/quoteSending.ts). */
const QuoteSendingSchema = named(quoteSendingSchema, 'QuoteSending');

const sendRoute = createRoute({
  method: 'post',
  path: `${base}/send`,
  tags,
  summary:
    'Send the quote by email, its PDF attached and the link to the online acceptance page in the text; the quote becomes sent (a new send makes a new link, the earlier one stops working)',
  security: bearerSecurity,
  request: { params: IdParams, body: body(invoiceSendSchema) },
  responses: {
    200: json(z.object({ data: QuoteSendingSchema }), 'The mail sent'),
    ...writeErrors('quote_already_answered, quote_expired, quote_revision_superseded, resource_locked'),
    422: json(
      ErrorSchema,
      'validation (items: no priced line; validUntil: none), recipient_missing, sender_email_missing',
    ),
    429: json(ErrorSchema, `rate_limited: over ${mailsPerMinute} mails a minute for the company`),
    502: json(ErrorSchema, 'mail_not_sent: the mail server refused or failed (the quote is left as it was)'),
    503: json(ErrorSchema, 'document_unavailable: the PDF was not drawn within its bounds (nothing sent)'),
  },
});

/** RFC 6266: a plain ASCII name and its UTF-8 form. */
export const attachmentHeader = (filename: string, disposition: 'attachment' | 'inline' = 'attachment') =>
  `${disposition}; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

export function quoteDocumentsRoutes({ db, mailer, log, config }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // The invoices' count: one company's mails per minute, whatever they carry.
  const mails = createSharedCounters(db.owner);
  const mailRule = { limit: mailsPerMinute, windowSeconds: 60 };

  app.openapi(pdfRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { QuoteNotFoundError, renderQuotePdf } = await documents();
    const { DocumentRenderUnavailable } = await renderers();
    try {
      const { filename, bytes } = await renderQuotePdf(db, companyId, id);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/pdf',
        'content-disposition': attachmentHeader(filename),
        'cache-control': 'private, no-store',
      });
    } catch (error) {
      if (error instanceof QuoteNotFoundError) return apiError(c, 'not_found');
      if (error instanceof DocumentRenderUnavailable) {
        log.log('warn', 'pdf-unavailable', { companyId, quoteId: id, error: error.message });
        return apiError(c, 'document_unavailable');
      }
      throw error;
    }
  });

  app.openapi(mailRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const draft = await db.withTenant(companyId, (tx) => quoteMailDraft(tx, companyId, id));
    if (!draft) return apiError(c, 'not_found');
    return c.json({ data: { draft } }, 200);
  });

  app.openapi(sendRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const today = todayInFrance();
    const prepared = await db.withTenant(companyId, (tx) =>
      prepareQuoteMail(tx, companyId, id, input, today),
    );
    if (!prepared.ok) return refusal(c, prepared);
    if (!(await mails.hit(`mails:${companyId}`, mailRule)).allowed) return apiError(c, 'rate_limited');
    const { newAcceptanceToken, acceptanceUrl, unmarkQuoteSent } = await links();
    const { token, hash } = newAcceptanceToken();
    // Marked sent with the new link before the mail leaves (the link must work when it arrives);
    // given back if nothing leaves.
    const sentAt = new Date();
    const marked = await db.withTenant(companyId, (tx) =>
      markQuoteSent(tx, companyId, id, {
        today,
        now: sentAt,
        acceptanceTokenHash: hash,
        sessionId: callerSessionId(c),
        // Written once the mail has left (below): a send given back leaves no event.
        recordEvent: false,
      }),
    );
    if (!marked.ok) return refusal(c, marked);
    const giveBack = () => db.withTenant(companyId, (tx) => unmarkQuoteSent(tx, companyId, id, marked.value));
    const { renderQuotePdf } = await documents();
    const { DocumentRenderUnavailable } = await renderers();
    let pdf: Awaited<ReturnType<typeof renderQuotePdf>>;
    try {
      pdf = await renderQuotePdf(db, companyId, id);
    } catch (error) {
      await giveBack();
      if (error instanceof DocumentRenderUnavailable) {
        log.log('warn', 'pdf-unavailable', { companyId, quoteId: id, error: error.message });
        return apiError(c, 'document_unavailable');
      }
      throw error;
    }
    const mail = prepared.value;
    try {
      await mailer.send({
        to: mail.to,
        from: { name: mail.senderName, address: mail.senderEmail },
        subject: mail.subject,
        text: withLink(mail.text, acceptanceUrl(config, token)),
        attachments: [{ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' }],
      });
    } catch (error) {
      await giveBack();
      log.log('error', 'mail-not-sent', { companyId, quoteId: id, error: (error as Error).message });
      return apiError(c, 'mail_not_sent');
    }
    await db.withTenant(companyId, (tx) =>
      recordActivity(tx, quoteSentEvent(companyId, userId, { id, number: mail.number })),
    );
    return c.json(
      {
        data: {
          id,
          number: mail.number,
          status: 'sent' as const,
          sentAt: sentAt.toISOString(),
          validUntil: mail.validUntil,
          to: mail.to,
          senderName: mail.senderName,
          senderEmail: mail.senderEmail,
          subject: mail.subject,
          attachmentName: pdf.filename,
        },
      },
      200,
    );
  });

  return app;
}
