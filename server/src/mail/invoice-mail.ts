/**
 * Sending an invoice by email (issue 10): the mail the dialog proposes (the settings' templates
 * rendered for the invoice), the checks before sending, and the record of every mail sent, kept on
 * the invoice (`invoice_sendings`). The PDF and the transport are the caller's (routes/sending.ts):
 * nothing here waits on a mail server inside a database transaction.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { formatCents, formatIsoDate } from '../../../src/contract/format.js';
import {
  type InvoiceSendInput,
  oneLine,
  renderTemplate,
  type SendingValues,
} from '../../../src/contract/sending.js';
import type { Tx } from '../db/database.js';
import { companies, customers, invoiceSendings, invoices, users } from '../db/schema.js';
import { documentSign } from '../documents/mentions.js';
import { customerName } from '../invoicing/load.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import { sendingSettingsOf } from './sending-settings.js';

export interface InvoiceMailDraft {
  /** The customer's email ('' when it has none: the dialog asks for one). */
  to: string;
  senderName: string;
  senderEmail: string;
  subject: string;
  text: string;
}

export interface InvoiceSending {
  id: number;
  sentAt: string;
  /** First and last name of the user who sent it (null once that user is deleted). */
  sentBy: string | null;
  to: string;
  senderName: string;
  senderEmail: string;
  subject: string;
  attachmentName: string;
}

/** What the templates and the checks need of an invoice, or null when it is not the company's. */
async function invoiceFacts(tx: Tx, companyId: number, invoiceId: number) {
  const [row] = await tx
    .select({
      status: invoices.status,
      kind: invoices.kind,
      number: invoices.number,
      date: invoices.date,
      dueDate: invoices.dueDate,
      totalInclTaxCents: invoices.totalInclTaxCents,
      retainageCents: invoices.retainageCents,
      customerName,
      customerEmail: customers.email,
      companyName: companies.name,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));
  return row ?? null;
}

function placeholderValues(facts: NonNullable<Awaited<ReturnType<typeof invoiceFacts>>>): SendingValues {
  return {
    numero: facts.number ?? 'PROVISOIRE',
    // What the customer is asked to pay, as the PDF attached prints it (« Net à payer ») and as its
    // Factur-X XML states it (BT-115): the total incl. VAT less the retainage withheld, if any. A
    // credit note's amount is positive (its sign is in its name).
    montant: formatCents(documentSign(facts) * (facts.totalInclTaxCents - facts.retainageCents)),
    client: facts.customerName,
    echeance: formatIsoDate(facts.dueDate),
    date: formatIsoDate(facts.date),
    entreprise: facts.companyName,
  };
}

async function draftOf(
  tx: Tx,
  companyId: number,
  facts: NonNullable<Awaited<ReturnType<typeof invoiceFacts>>>,
) {
  const settings = await sendingSettingsOf(tx, companyId);
  const values = placeholderValues(facts);
  return {
    to: facts.customerEmail,
    senderName: settings.senderName,
    senderEmail: settings.senderEmail,
    subject: oneLine(renderTemplate(settings.subjectTemplate, values)),
    text: renderTemplate(settings.bodyTemplate, values),
  } satisfies InvoiceMailDraft;
}

/** The mails recorded for the company that `which` selects, newest first, as the API answers them. */
async function sendingsWhere(tx: Tx, companyId: number, which: SQL): Promise<InvoiceSending[]> {
  const rows = await tx
    .select({
      id: invoiceSendings.id,
      sentAt: invoiceSendings.sentAt,
      sentBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      to: invoiceSendings.recipient,
      senderName: invoiceSendings.senderName,
      senderEmail: invoiceSendings.senderEmail,
      subject: invoiceSendings.subject,
      attachmentName: invoiceSendings.attachmentName,
    })
    .from(invoiceSendings)
    .leftJoin(users, eq(users.id, invoiceSendings.sentByUserId))
    .where(and(eq(invoiceSendings.companyId, companyId), which))
    .orderBy(desc(invoiceSendings.sentAt), desc(invoiceSendings.id));
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}

export async function invoiceSendingsOf(
  tx: Tx,
  companyId: number,
  invoiceId: number,
): Promise<{ draft: InvoiceMailDraft; sendings: InvoiceSending[] } | null> {
  const facts = await invoiceFacts(tx, companyId, invoiceId);
  if (!facts) return null;
  return {
    draft: await draftOf(tx, companyId, facts),
    sendings: await sendingsWhere(tx, companyId, eq(invoiceSendings.invoiceId, invoiceId)),
  };
}

/**
 * The mail to send, as the dialog left it (what the user did not send comes from the settings and
 * the customer), or the refusal: a PROVISOIRE invoice, no recipient, no sender address.
 */
export async function prepareInvoiceMail(
  tx: Tx,
  companyId: number,
  invoiceId: number,
  input: InvoiceSendInput,
): Promise<Outcome<InvoiceMailDraft>> {
  const facts = await invoiceFacts(tx, companyId, invoiceId);
  if (!facts) return fail('not_found');
  if (facts.status !== 'VALIDATED') return fail('invoice_not_sendable');
  const draft = await draftOf(tx, companyId, facts);
  const to = input.to || draft.to;
  if (!to) return fail('recipient_missing');
  if (!draft.senderEmail) return fail('sender_email_missing');
  return done({ ...draft, to, subject: input.subject ?? draft.subject, text: input.text ?? draft.text });
}

export async function recordInvoiceSending(
  tx: Tx,
  companyId: number,
  invoiceId: number,
  sent: { mail: InvoiceMailDraft; userId: number; attachmentName: string; messageId: string },
): Promise<InvoiceSending> {
  const [row] = await tx
    .insert(invoiceSendings)
    .values({
      companyId,
      invoiceId,
      sentByUserId: sent.userId,
      recipient: sent.mail.to,
      senderName: sent.mail.senderName,
      senderEmail: sent.mail.senderEmail,
      subject: sent.mail.subject,
      body: sent.mail.text,
      attachmentName: sent.attachmentName,
      messageId: sent.messageId,
    })
    .returning({ id: invoiceSendings.id });
  // Read back as the history answers it (the sender's name joined).
  const [sending] = row ? await sendingsWhere(tx, companyId, eq(invoiceSendings.id, row.id)) : [];
  if (!sending) throw new Error('The sending just recorded is not readable');
  return sending;
}
