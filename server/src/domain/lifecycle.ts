/**
 * Invoice lifecycle (spec section 4): PROVISOIRE → validated through the validation action; back to
 * PROVISOIRE only for the quote's last validated part, before works reception and retainage payments;
 * cancelling only the quote's last invoice (a PROVISOIRE one is deleted, a validated one gets a credit
 * note: it is never deleted). Every refusal is a server error key.
 *
 * "Standing" invoices are the quote's parts: not credit notes, and not cancelled by one. "Later" means
 * created after (`createdOrder`).
 */
import { amountsAddUp, checkWithinQuote } from './amounts.js';
import { allowed, type DomainResult, ok, refuse } from './errors.js';
import { isValidRetainageRate } from './retainage.js';
import type { InvoiceKind, QuoteContext, QuoteInvoice } from './types.js';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Ids of the invoices a credit note cancels. */
export function cancelledIds(invoices: readonly QuoteInvoice[]): Set<number> {
  return new Set(
    invoices.flatMap((i) =>
      i.kind === 'factureAvoir' && i.correctsInvoiceId !== null ? [i.correctsInvoiceId] : [],
    ),
  );
}

/** The quote's standing invoices: neither credit notes nor cancelled by one. */
export function liveInvoices(invoices: readonly QuoteInvoice[]): QuoteInvoice[] {
  const cancelled = cancelledIds(invoices);
  return invoices.filter((i) => i.kind !== 'factureAvoir' && !cancelled.has(i.id));
}

function laterStanding(invoice: QuoteInvoice, quoteInvoices: readonly QuoteInvoice[]): boolean {
  return liveInvoices(quoteInvoices).some(
    (i) => i.id !== invoice.id && i.createdOrder > invoice.createdOrder,
  );
}

/**
 * A new invoice of the quote (`quoteInvoices`: all its invoices). Only one PROVISOIRE invoice per quote;
 * no deposit once the quote has invoices; credit notes come only from cancelling.
 */
export function checkCreate(quoteInvoices: readonly QuoteInvoice[], kind: InvoiceKind): DomainResult<void> {
  if (kind === 'factureAvoir') return refuse('invalid_invoice_parameters');
  if (quoteInvoices.some((i) => i.status === 'PROVISOIRE')) return refuse('quote_has_provisional_invoice');
  if (kind === 'factureAcompte' && quoteInvoices.length > 0) {
    return refuse('deposit_invoice_with_existing_invoices');
  }
  return allowed;
}

/** Only a PROVISOIRE invoice can be changed. */
export function checkEdit(invoice: QuoteInvoice): DomainResult<void> {
  return invoice.status === 'PROVISOIRE' ? allowed : refuse('invoice_already_validated');
}

export interface ValidationInput {
  invoice: QuoteInvoice;
  /** The quote's other invoices. */
  prior: readonly QuoteInvoice[];
  quote: QuoteContext;
  /**
   * The latest invoice date validated in the numbering sequence this invoice will take its number
   * from (`sequenceFor`), or null for the first: numbers follow dates.
   */
  lastValidatedDate: string | null;
  /** Today in France (yyyy-MM-dd): an invoice is not dated after the day it is issued. */
  today: string;
}

/**
 * Validation of a PROVISOIRE invoice: its parameters (a date, something billed, a credit note's
 * corrected invoice, a retainage rate of at most 5 %), amounts that add up, the quote's caps per VAT
 * rate, and a date no earlier than the sequence's last validation.
 */
export function checkValidate({
  invoice,
  prior,
  quote,
  lastValidatedDate,
  today,
}: ValidationInput): DomainResult<void> {
  if (invoice.status !== 'PROVISOIRE') return refuse('invoice_already_validated');
  const creditNote = invoice.kind === 'factureAvoir';
  if (
    !isoDate.test(invoice.date) ||
    !isValidRetainageRate(quote.retainageRate) ||
    (creditNote ? invoice.correctsInvoiceId === null : invoice.amounts.grossHt <= 0)
  ) {
    return refuse('invalid_invoice_parameters');
  }
  // CGI art. 242 nonies A and 289: the invoice date is its issue date; a later one is not issued yet.
  if (invoice.date > today) return refuse('invoice_date_in_future');
  if (!amountsAddUp(invoice.amounts)) return refuse('invoice_validation_error');
  const capped = checkWithinQuote(
    quote,
    prior.filter((i) => i.id !== invoice.id),
    invoice.amounts,
  );
  if (!capped.ok) return capped;
  if (lastValidatedDate !== null && invoice.date < lastValidatedDate) {
    return refuse('invoice_date_before_last_validation');
  }
  return allowed;
}

export interface RevertInput {
  invoice: QuoteInvoice;
  /** All the quote's invoices. */
  quoteInvoices: readonly QuoteInvoice[];
  /** The job's works-reception date (ISO), or null. */
  receptionDate: string | null;
  /** The invoice was sent by mail or downloaded outside the editor's preview (its customer may hold it). */
  released: boolean;
  /** Partial credit notes issued on it (they print its number and amounts). */
  creditNotes: number;
}

/**
 * Back to PROVISOIRE (spec section 4): only a validated standing invoice that is the quote's last part,
 * while the job has no works-reception date and its retainage has no payments. It keeps its number,
 * which its next validation reuses (the sequence stays gapless). And only while the invoice never
 * left the editor (issue 18; CGI art. 289 and BOFiP BOI-TVA-DECLA-30-20: an issued invoice is
 * corrected by a credit note that references it, never rewritten under the same number), nor has a
 * credit note referencing it.
 */
export function checkRevert({
  invoice,
  quoteInvoices,
  receptionDate,
  released,
  creditNotes,
}: RevertInput): DomainResult<void> {
  if (invoice.status !== 'VALIDEE') return refuse('invoice_not_validated');
  if (invoice.kind === 'factureAvoir') return refuse('invalid_invoice_parameters');
  if (cancelledIds(quoteInvoices).has(invoice.id)) return refuse('invoice_already_cancelled');
  if (laterStanding(invoice, quoteInvoices)) return refuse('invoice_not_last_validated_part');
  if (receptionDate) return refuse('business_has_delivery_date');
  if (invoice.retainagePaid !== 0) return refuse('retainage_already_paid');
  if (released) return refuse('invoice_already_sent');
  if (creditNotes > 0) return refuse('invoice_has_credit_notes');
  return allowed;
}

/** The customer as the buyer's identification rule needs it. */
export interface Buyer {
  type: 'professional' | 'private';
  /** SIRET (14 digits) whose first 9 are the SIREN; '' when unknown. */
  siret: string;
  /** Empty, « France » or « FR »: established in France. */
  inFrance: boolean;
}

/**
 * The buyer's SIREN is mandatory on an invoice to a business established in France (the
 * e-invoicing reform's new mention: ordonnance n° 2021-1190, décret n° 2022-1299 amending CGI annex
 * II art. 242 nonies A; calendar of the 2024 finance law, art. 91). A private customer, or a business
 * abroad, has none. Answers the missing field (`siret`, whose first 9 digits are the SIREN), or null.
 */
export function missingBuyerFields(buyer: Buyer): { siret: 'required' } | null {
  if (buyer.type !== 'professional' || !buyer.inFrance) return null;
  return /^\d{9}/.test(buyer.siret.replace(/\s/g, '')) ? null : { siret: 'required' };
}

/**
 * What cancelling an invoice does: a PROVISOIRE invoice is deleted (if `checkDelete` allows it); a
 * validated one is cancelled by a credit note (`creditNoteAmounts`), issued validated. Only the
 * quote's last standing invoice.
 */
export function cancelAction(
  invoice: QuoteInvoice,
  quoteInvoices: readonly QuoteInvoice[],
): DomainResult<'delete' | 'creditNote'> {
  if (invoice.kind === 'factureAvoir') return refuse('credit_note_not_cancellable');
  if (cancelledIds(quoteInvoices).has(invoice.id)) return refuse('invoice_already_cancelled');
  if (laterStanding(invoice, quoteInvoices)) return refuse('cancel_not_last_invoice');
  if (invoice.status === 'VALIDEE') return ok('creditNote');
  const deletable = checkDelete(invoice);
  return deletable.ok ? ok('delete') : refuse(deletable.key);
}

/**
 * Only a PROVISOIRE invoice that never had a number may be deleted: a validated one is cancelled by a
 * credit note, and one reverted to PROVISOIRE holds its number (deleting it would leave a hole in the
 * sequence), so it must be validated again, then cancelled.
 */
export function checkDelete(invoice: QuoteInvoice): DomainResult<void> {
  if (invoice.status !== 'PROVISOIRE') return refuse('validated_invoice_not_deletable');
  return invoice.number === null ? allowed : refuse('numbered_invoice_not_deletable');
}
