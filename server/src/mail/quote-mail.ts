/**
 * Sending a quote by email (issue 21): the mail proposed for it, the checks before sending, and the
 * text the customer gets, with the link to the online acceptance page. The sender is the sending
 * settings' (as for invoices); the subject and body are the quote's own (the settings' templates
 * speak of an invoice and its due date). The PDF, the token and the transport are the caller's
 * (routes/quote-documents.ts): nothing here waits on a mail server inside a transaction.
 */
import { and, eq } from 'drizzle-orm';
import { formatCents, formatIsoDate } from '../../../src/contract/format.js';
import type { InvoiceSendInput } from '../../../src/contract/sending.js';
import type { Tx } from '../db/database.js';
import { companies, customers, documentSettings, quotes } from '../db/schema.js';
import { type QuoteItem, quoteSendIssues, quoteTransition } from '../domain/index.js';
import { customerName } from '../invoicing/load.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import type { InvoiceMailDraft } from './invoice-mail.js';
import { sendingSettingsOf } from './sending-settings.js';

/** Where the link goes in a text the user wrote; without it, the link is added at the end. */
export const linkPlaceholder = '{lien}';

/** What the mail and the checks need of a quote, or null when it is not the company's. */
export async function quoteFacts(tx: Tx, companyId: number, quoteId: number) {
  const [row] = await tx
    .select({
      id: quotes.id,
      number: quotes.number,
      status: quotes.status,
      date: quotes.date,
      validUntil: quotes.validUntil,
      latest: quotes.latest,
      items: quotes.items,
      discountBasisPoints: quotes.discountBasisPoints,
      depositBasisPoints: quotes.depositBasisPoints,
      reverseCharge: quotes.reverseCharge,
      totalInclTaxCents: quotes.totalInclTaxCents,
      customerName,
      customerEmail: customers.email,
      companyName: companies.name,
      quoteCompanyName: documentSettings.quoteCompanyName,
    })
    .from(quotes)
    .innerJoin(customers, eq(customers.id, quotes.customerId))
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(documentSettings, eq(documentSettings.companyId, quotes.companyId))
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId)));
  return row ?? null;
}

type QuoteFacts = NonNullable<Awaited<ReturnType<typeof quoteFacts>>>;

const companyNameOf = (facts: QuoteFacts) => facts.quoteCompanyName || facts.companyName;

async function draftOf(tx: Tx, companyId: number, facts: QuoteFacts): Promise<InvoiceMailDraft> {
  const settings = await sendingSettingsOf(tx, companyId);
  const validity = facts.validUntil ? `, valable jusqu'au ${formatIsoDate(facts.validUntil)}` : '';
  return {
    to: facts.customerEmail,
    senderName: settings.senderName,
    senderEmail: settings.senderEmail,
    subject: `Devis ${facts.number} - ${companyNameOf(facts)}`,
    text: [
      'Bonjour,',
      '',
      `Veuillez trouver ci-joint notre devis ${facts.number} du ${formatIsoDate(facts.date)}, d'un montant de ${formatCents(facts.totalInclTaxCents)} TTC${validity}.`,
      '',
      `Vous pouvez le consulter et l'accepter en ligne avec ce lien personnel : ${linkPlaceholder}`,
      '',
      'Nous restons à votre disposition pour toute question.',
      '',
      'Cordialement,',
      companyNameOf(facts),
    ].join('\n'),
  };
}

/** The mail the send dialog proposes (templates rendered), or null when the quote is not the company's. */
export async function quoteMailDraft(tx: Tx, companyId: number, quoteId: number) {
  const facts = await quoteFacts(tx, companyId, quoteId);
  return facts ? draftOf(tx, companyId, facts) : null;
}

/**
 * The mail to send as the dialog left it, or the refusal: the domain's `quoteTransition('send')`
 * (an answered quote, an expired one, an earlier revision), a quote without priced lines or without
 * a validity date (the link would hold forever), no recipient, no sender address.
 */
export async function prepareQuoteMail(
  tx: Tx,
  companyId: number,
  quoteId: number,
  input: InvoiceSendInput,
  today: string,
): Promise<Outcome<InvoiceMailDraft & { number: string; validUntil: string }>> {
  const facts = await quoteFacts(tx, companyId, quoteId);
  if (!facts) return fail('not_found');
  const transition = quoteTransition(
    'send',
    { status: facts.status, validUntil: facts.validUntil, latest: facts.latest, fullyInvoiced: false },
    today,
  );
  if (!transition.ok) return fail(transition.key);
  const content = {
    items: facts.items as QuoteItem[],
    discountRate: facts.discountBasisPoints,
    depositRate: facts.depositBasisPoints,
    reverseCharge: facts.reverseCharge,
  };
  const issues = quoteSendIssues(content);
  if (!facts.validUntil) issues.validUntil = 'required';
  if (Object.keys(issues).length > 0 || !facts.validUntil) return fail('validation', issues);
  const draft = await draftOf(tx, companyId, facts);
  const to = input.to || draft.to;
  if (!to) return fail('recipient_missing');
  if (!draft.senderEmail) return fail('sender_email_missing');
  return done({
    ...draft,
    to,
    subject: input.subject ?? draft.subject,
    text: input.text ?? draft.text,
    number: facts.number,
    validUntil: facts.validUntil,
  });
}

/** The text with the link: in place of `{lien}`, else as a last paragraph of its own. */
export function withLink(text: string, url: string): string {
  if (text.includes(linkPlaceholder)) return text.replaceAll(linkPlaceholder, url);
  return `${text.trimEnd()}\n\nConsulter et accepter le devis en ligne : ${url}\n`;
}
