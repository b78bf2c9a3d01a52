/**
 * A quote's lifecycle (issue 21), one rule: draft → sent → accepted | refused, and expired once its
 * validity date has passed without an answer. A sent quote is never changed silently: « Modifier »
 * makes a new revision (same number with a letter, DE-2026-00012-B) and the earlier one stays
 * readable; an accepted quote is frozen; only an accepted quote is invoiced. Every refusal is a
 * server error key (domain/errors.ts).
 *
 * Days are calendar days in France (yyyy-MM-dd, the routes pass `todayInFrance()`); a quote is valid
 * through its validity date, and expired from the next day.
 */

import { invoicedByRate } from './amounts.js';
import { allowed, type DomainResult, ok, refuse } from './errors.js';
import { quoteBases } from './lines.js';
import type { QuoteContext, QuoteInvoice } from './types.js';

/** What the database stores. `expired` is never stored: it is read from the validity date. */
export type StoredQuoteStatus = 'draft' | 'sent' | 'accepted' | 'refused';
/** What a quote is today: its stored status, or `expired`. */
export type QuoteStatus = StoredQuoteStatus | 'expired';
/** The stored statuses (the API's `quoteStatuses` in schemas/invoicing.ts are these). */
export const storedQuoteStatuses: readonly StoredQuoteStatus[] = ['draft', 'sent', 'accepted', 'refused'];

export interface QuoteState {
  status: StoredQuoteStatus;
  /** The last day the offer holds (yyyy-MM-dd); null while a draft has none yet. */
  validUntil: string | null;
  /** This is the quote's latest revision (an earlier one is kept to be read, never acted on). */
  latest: boolean;
  /** Its invoices bill all of it (`isFullyInvoiced`); only meaningful once accepted. */
  fullyInvoiced: boolean;
}

/**
 * edit: « Modifier »; send: sent to the customer (by mail, or marked as sent); accept, refuse: the
 * customer's answer (online with the acceptance token, or recorded by the company); invoice: a new
 * invoice of the quote; duplicate: « Dupliquer ».
 */
export type QuoteAction = 'edit' | 'send' | 'accept' | 'refuse' | 'invoice' | 'duplicate';
export const quoteActions: readonly QuoteAction[] = [
  'edit',
  'send',
  'accept',
  'refuse',
  'invoice',
  'duplicate',
];

export interface QuoteTransition {
  /** This revision's stored status afterwards. */
  status: StoredQuoteStatus;
  /**
   * What the action makes besides: `revision`, the next revision of this quote, a draft with its
   * content (`nextRevisionNumber`), this one left unchanged; `copy`, a new draft with a new number.
   */
  creates: 'revision' | 'copy' | null;
}

/** Expired: its validity date is before today (France). A quote is valid through that day. */
export function isPastValidity(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

/** A sent quote whose validity date has passed without an answer is expired. */
export function quoteStatusOn(state: Pick<QuoteState, 'status' | 'validUntil'>, today: string): QuoteStatus {
  return state.status === 'sent' && isPastValidity(state.validUntil, today) ? 'expired' : state.status;
}

/**
 * What `action` does to a quote in `state` on `today`, or why it is refused:
 * - edit: a draft is changed in place; a sent, expired or refused one gets a new revision (it left
 *   the company: never changed silently); an accepted one is frozen (`quote_not_editable`).
 * - send: a draft with a validity date not passed becomes sent (one past it: `quote_expired`, a
 *   revision gets a new date); sending a sent quote again changes nothing; an answered quote is not
 *   sent again (`quote_already_answered`).
 * - accept, refuse: only a sent quote within its validity (`quote_not_sent`, `quote_expired`); an
 *   answer is given once (`quote_already_answered`: a second acceptance, an acceptance after a refusal).
 * - invoice: only an accepted quote (`quote_not_accepted`), not fully invoiced (`quote_fully_invoiced`).
 * - duplicate: any quote, a new draft.
 * Only the latest revision may be acted on (`quote_revision_superseded`), except to duplicate it.
 */
export function quoteTransition(
  action: QuoteAction,
  state: QuoteState,
  today: string,
): DomainResult<QuoteTransition> {
  const { status } = state;
  const stay = (creates: QuoteTransition['creates'] = null) => ok<QuoteTransition>({ status, creates });
  if (action === 'duplicate') return stay('copy');
  if (!state.latest) return refuse('quote_revision_superseded');
  const current = quoteStatusOn(state, today);
  switch (action) {
    case 'edit':
      if (current === 'accepted') return refuse('quote_not_editable');
      return current === 'draft' ? stay() : stay('revision');
    case 'send':
      if (current === 'accepted' || current === 'refused') return refuse('quote_already_answered');
      if (current === 'expired' || isPastValidity(state.validUntil, today)) return refuse('quote_expired');
      return ok({ status: 'sent', creates: null });
    case 'accept':
    case 'refuse':
      if (current === 'accepted' || current === 'refused') return refuse('quote_already_answered');
      if (current === 'draft') return refuse('quote_not_sent');
      if (current === 'expired') return refuse('quote_expired');
      return ok({ status: action === 'accept' ? 'accepted' : 'refused', creates: null });
    case 'invoice':
      if (current !== 'accepted') return refuse('quote_not_accepted');
      return state.fullyInvoiced ? refuse('quote_fully_invoiced') : stay();
  }
}

/** Whether `action` is allowed (for the buttons a screen shows). */
export function canQuote(action: QuoteAction, state: QuoteState, today: string): boolean {
  return quoteTransition(action, state, today).ok;
}

/**
 * The online acceptance link: its token holds until the validity date (inclusive, France). Answering
 * through it is `quoteTransition('accept' | 'refuse')` on the revision it was issued for, so a second
 * acceptance, one after a refusal, one past the validity date or one of a superseded revision are
 * refused with the same keys as in the back office.
 */
export function checkAcceptanceToken(
  answer: 'accept' | 'refuse',
  state: QuoteState,
  today: string,
): DomainResult<StoredQuoteStatus> {
  const transition = quoteTransition(answer, state, today);
  return transition.ok ? ok(transition.value.status) : transition;
}

/** The last day a token issued for this quote works: its validity date. */
export function acceptanceTokenValidUntil(state: Pick<QuoteState, 'validUntil'>): string | null {
  return state.validUntil;
}

/**
 * Fully invoiced: the quote has something to bill and its invoices (all of them, PROVISOIRE ones
 * included) bill all of it at every VAT rate. Credit notes count negative, so a cancelled invoice
 * frees its part again; deposits count, and the statements that deduct them count net.
 */
export function isFullyInvoiced(quote: QuoteContext, invoices: readonly QuoteInvoice[]): boolean {
  const bases = quoteBases(quote);
  if (!bases.some((b) => b.ht > 0)) return false;
  const invoiced = invoicedByRate(invoices);
  return bases.every((b) => (invoiced.find((i) => i.vatRate === b.vatRate)?.ht ?? 0) >= b.ht);
}

/** Invoicing the quote: `quoteTransition('invoice')` with `fullyInvoiced` read from its invoices. */
export function checkQuoteInvoiceable(
  state: Omit<QuoteState, 'fullyInvoiced'>,
  quote: QuoteContext,
  invoices: readonly QuoteInvoice[],
  today: string,
): DomainResult<void> {
  const result = quoteTransition(
    'invoice',
    { ...state, fullyInvoiced: isFullyInvoiced(quote, invoices) },
    today,
  );
  return result.ok ? allowed : result;
}

// Revisions --------------------------------------------------------------------------------------

/**
 * A revision's letters from its index: the first revision (0) is « A », never printed; then B … Z,
 * then AA, AB … AZ, BA … (the spreadsheet columns' sequence: no letter count is ever ambiguous).
 */
export function revisionLetters(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`not a revision index: ${index}`);
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const digit = (n - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** The index of revision letters (A → 0, B → 1, Z → 25, AA → 26), or null for anything else. */
export function revisionIndex(letters: string): number | null {
  if (!/^[A-Z]{1,10}$/.test(letters)) return null;
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/** The printed number of a revision: DE-2026-00012 for the first, DE-2026-00012-B for the next. */
export function quoteRevisionNumber(baseNumber: string, index: number): string {
  return index === 0 ? baseNumber : `${baseNumber}-${revisionLetters(index)}`;
}

/**
 * A printed number's base and revision index: DE-2026-00012-B → {DE-2026-00012, 1}. A number whose
 * last part is not letters is a first revision (quote numbers end with their counter's digits).
 */
export function parseQuoteRevisionNumber(number: string): { baseNumber: string; index: number } {
  const match = /^(.*\d)-([A-Z]+)$/.exec(number);
  const index = match ? revisionIndex(match[2] as string) : null;
  return match && index !== null
    ? { baseNumber: match[1] as string, index }
    : { baseNumber: number, index: 0 };
}

/** The next revision's number, from the latest revision's. */
export function nextRevisionNumber(latestNumber: string): string {
  const { baseNumber, index } = parseQuoteRevisionNumber(latestNumber);
  return quoteRevisionNumber(baseNumber, index + 1);
}
