/**
 * Deposits (factureAcompte): a percentage or an HT amount of the quote, split over the quote's VAT
 * rates in proportion to its HT at each rate (`quoteBases`: net of the quote's global discount, so a
 * deposit of d % is d % of what the customer accepted); later invoices of the quote deduct them, rate
 * by rate, in proportion to the progress they bill, the final invoice deducting exactly what is left.
 */

import { checkWithinQuote, invoiceAmounts } from './amounts.js';
import { type DomainResult, ok, refuse } from './errors.js';
import { liveInvoices } from './lifecycle.js';
import { basesByRate, quoteBases, type RateBase } from './lines.js';
import { allocate, type Bp, type Cents, FULL_PERCENT, mulDivRound, percentOf, sumCents } from './money.js';
import type { InvoiceAmounts, QuoteContext, QuoteInvoice } from './types.js';

/** A percentage of the quote's HT (each rate's HT × percent, rounded), or an HT amount. */
export type DepositRequest = { percent: Bp } | { amountHt: Cents };

/** What a deposit bills per rate. Refused when empty, above 100 % or above the quote. */
export function depositBases(quote: QuoteContext, request: DepositRequest): DomainResult<RateBase[]> {
  const bases = quoteBases(quote);
  const quoteHt = sumCents(bases.map((b) => b.ht));
  if (quoteHt <= 0) return refuse('invalid_invoice_parameters');
  if ('percent' in request) {
    const { percent } = request;
    if (!Number.isInteger(percent) || percent <= 0 || percent > FULL_PERCENT) {
      return refuse('invalid_invoice_parameters');
    }
    return ok(bases.map((b) => ({ vatRate: b.vatRate, ht: percentOf(b.ht, percent) })));
  }
  const { amountHt } = request;
  if (!Number.isSafeInteger(amountHt) || amountHt <= 0) return refuse('invalid_invoice_parameters');
  if (amountHt > quoteHt) return refuse('amount_higher_than_vat');
  const positive = bases.filter((b) => b.ht > 0);
  const shares = allocate(
    amountHt,
    positive.map((b) => b.ht),
  );
  return ok(positive.map((b, i) => ({ vatRate: b.vatRate, ht: shares[i] ?? 0 })));
}

/** The amounts of a deposit invoice; `prior` is the quote's other invoices. */
export function depositInvoice(
  quote: QuoteContext,
  prior: readonly QuoteInvoice[],
  request: DepositRequest,
): DomainResult<InvoiceAmounts> {
  const bases = depositBases(quote, request);
  if (!bases.ok) return bases;
  const amounts = invoiceAmounts(quote, prior, bases.value, []);
  const capped = checkWithinQuote(quote, prior, amounts);
  return capped.ok ? ok(amounts) : refuse(capped.key);
}

/** Deposits of the quote still standing (cancelled ones excluded), per rate. */
export function depositsOf(prior: readonly QuoteInvoice[]): RateBase[] {
  return basesByRate(
    liveInvoices(prior)
      .filter((i) => i.kind === 'factureAcompte')
      .flatMap((i) => i.amounts.byRate.map((r) => ({ vatRate: r.vatRate, ht: r.ht }))),
  );
}

/**
 * Deposits a statement deducts, per rate: round(deposits × cumulative progress HT / quote HT) minus
 * what earlier invoices deducted. Cumulative, so the deductions of a quote add up exactly to its
 * deposits once progress reaches 100 % (the final invoice), whatever the steps.
 */
export function depositDeduction(
  quote: QuoteContext,
  prior: readonly QuoteInvoice[],
  cumulativeGross: readonly RateBase[],
): RateBase[] {
  const deposits = depositsOf(prior);
  const at = (bases: readonly RateBase[], vatRate: Bp) =>
    sumCents(bases.filter((b) => b.vatRate === vatRate).map((b) => b.ht));
  const deductedBefore = basesByRate(
    prior.flatMap((i) => i.amounts.byRate.map((r) => ({ vatRate: r.vatRate, ht: r.depositHt }))),
  );
  return quoteBases(quote).map(({ vatRate, ht: quoteHt }) => {
    const deposit = at(deposits, vatRate);
    const cumulative = quoteHt === 0 ? 0 : mulDivRound(deposit, at(cumulativeGross, vatRate), quoteHt);
    return { vatRate, ht: cumulative - at(deductedBefore, vatRate) };
  });
}
