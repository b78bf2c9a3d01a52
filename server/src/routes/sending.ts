/**
 * Sending invoices by email (issue 10): the sending settings, the mail proposed for an invoice with
 * its history, and the send itself (the invoice's PDF attached). Thin: checks and records are in
 * server/src/mail/, the PDF is the documents module's, the transport is `deps.mailer`.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { invoiceSendSchema, sendingSettingsEditSchema } from '../../../src/contract/sending.js';
import { invoiceName, recordActivity } from '../activity/record.js';
import { renderInvoicePdf } from '../documents/invoice-document.js';
import { DocumentRenderUnavailable } from '../documents/pdf-renderer.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { createSharedCounters } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { markReleased, unmarkReleased } from '../invoicing/invoices.js';
import { invoiceSendingsOf, prepareInvoiceMail, recordInvoiceSending } from '../mail/invoice-mail.js';
import { editSendingSettings, sendingSettingsOf } from '../mail/sending-settings.js';
import { bearerSecurity, jsonBody as body, ErrorSchema, jsonContent as json } from '../schemas/common.js';
import { IdParams } from '../schemas/invoicing.js';
import { InvoiceSendingSchema, InvoiceSendingsSchema, SendingSettingsSchema } from '../schemas/sending.js';
import { readErrors, refusal, writeErrors } from './invoicing-responses.js';
import { editSettings, readSettings } from './settings-route.js';

const settingsPath = '/v2/companies/{enterprise_id}/settings/sending';
const invoicePath = '/v2/companies/{enterprise_id}/invoices/{id}';

/**
 * Mails per company and minute. A person sends a few; this stops a loop or a double-click storm
 * from rendering PDFs and hitting the mail server without end (429 rate_limited past it).
 */
export const mailsPerMinute = 10;

const sendingsRoute = createRoute({
  method: 'get',
  path: `${invoicePath}/sendings`,
  tags: ['Factures'],
  summary: 'The mail proposed for the invoice (templates rendered) and every mail it was sent in',
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: json(z.object({ data: InvoiceSendingsSchema }), 'Draft and history'), ...readErrors },
});

const sendRoute = createRoute({
  method: 'post',
  path: `${invoicePath}/send`,
  tags: ['Factures'],
  summary: 'Send a validated invoice by email, its PDF attached; recorded on the invoice',
  security: bearerSecurity,
  request: { params: IdParams, body: body(invoiceSendSchema) },
  responses: {
    200: json(z.object({ data: InvoiceSendingSchema }), 'The mail sent'),
    ...writeErrors('invoice_not_sendable'),
    422: json(ErrorSchema, 'validation, recipient_missing, sender_email_missing'),
    429: json(ErrorSchema, `rate_limited: over ${mailsPerMinute} mails a minute for the company`),
    502: json(ErrorSchema, 'mail_not_sent: the mail server refused or failed'),
    503: json(ErrorSchema, 'document_unavailable: the PDF was not drawn within its bounds (nothing sent)'),
  },
});

export function sendingRoutes({ db, mailer, log, pdfRenderer }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // Counted in the database: every instance of the API shares the company's count.
  const mails = createSharedCounters(db.owner);
  const mailRule = { limit: mailsPerMinute, windowSeconds: 60 };

  const answer = { schema: SendingSettingsSchema, description: 'The sending settings' };
  readSettings(app, db, {
    path: settingsPath,
    summary: 'The sending settings: sender, subject and body templates (defaults until edited)',
    ...answer,
    read: sendingSettingsOf,
  });
  editSettings(app, db, {
    path: `${settingsPath}/edit`,
    summary: 'Change the sending settings (the version read; 409 stale_version when it moved)',
    body: sendingSettingsEditSchema,
    ...answer,
    admin: false,
    conflicts: 'stale_version',
    save: (tx, edit, { companyId }) => editSendingSettings(tx, companyId, edit),
  });

  app.openapi(sendingsRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const data = await db.withTenant(companyId, (tx) => invoiceSendingsOf(tx, companyId, id));
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(sendRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const prepared = await db.withTenant(companyId, (tx) => prepareInvoiceMail(tx, companyId, id, input));
    if (!prepared.ok) return refusal(c, prepared);
    if (!(await mails.hit(`mails:${companyId}`, mailRule)).allowed) return apiError(c, 'rate_limited');
    // Sent from now on (never reverted, issue 18): marked before the PDF is drawn and mailed, so a
    // revert cannot slip in between; given back if nothing leaves.
    const releasedAt = new Date();
    const marked = await db.withTenant(companyId, (tx) => markReleased(tx, companyId, id, releasedAt));
    const giveBack = () =>
      marked ? db.withTenant(companyId, (tx) => unmarkReleased(tx, companyId, id, releasedAt)) : undefined;
    let pdf: Awaited<ReturnType<typeof renderInvoicePdf>>;
    try {
      pdf = await renderInvoicePdf(db, companyId, id, pdfRenderer);
    } catch (error) {
      await giveBack();
      if (error instanceof DocumentRenderUnavailable) {
        log.log('warn', 'pdf-unavailable', { companyId, invoiceId: id, error: error.message });
        return apiError(c, 'document_unavailable');
      }
      throw error;
    }
    const mail = prepared.value;
    let messageId: string;
    try {
      ({ messageId } = await mailer.send({
        to: mail.to,
        from: { name: mail.senderName, address: mail.senderEmail },
        subject: mail.subject,
        text: mail.text,
        attachments: [{ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' }],
      }));
    } catch (error) {
      await giveBack();
      log.log('error', 'mail-not-sent', { companyId, invoiceId: id, error: (error as Error).message });
      return apiError(c, 'mail_not_sent');
    }
    const data = await db.withTenant(companyId, async (tx) => {
      const sending = await recordInvoiceSending(tx, companyId, id, {
        mail,
        userId,
        attachmentName: pdf.filename,
        messageId,
      });
      await recordActivity(tx, {
        companyId,
        userId,
        kind: 'invoice.sent',
        objectId: id,
        label: await invoiceName(tx, companyId, id).then(
          // « Avoir » is masculine: « Avoir AV-2026-00002 envoyé ».
          (name) => `${name} ${name.startsWith('Avoir') ? 'envoyé' : 'envoyée'} à ${mail.to}`,
        ),
        details: { to: mail.to, sendingId: sending.id },
      });
      return sending;
    });
    return c.json({ data }, 200);
  });

  return app;
}
