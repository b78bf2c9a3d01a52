/**
 * An invoice's amounts from what it bills and what it deducts, per VAT rate, with the VAT of the
 * quote's invoices computed cumulatively (see `cumulativeVat`) and the retainage withheld.
 */
import { allowed, type DomainResult, refuse } from './errors.js';
import {
  basesByRate,
  cumulativeVat,
  quoteBases,
  type RateBase,
  type RateTotal,
  totalsOf,
  vatOf,
} from './lines.js';
import { type Cents, sumCents } from './money.js';
import { retainageOf } from './retainage.js';
import type { InvoiceAmounts, QuoteContext, QuoteInvoice, RateAmounts } from './types.js';

/** Per rate, the HT and VAT of all these invoices (credit notes count negative). */
export function invoicedByRate(invoices: readonly QuoteInvoice[]): RateTotal[] {
  const totals = new Map<number, RateTotal>();
  for (const invoice of invoices) {
    for (const r of invoice.amounts.byRate) {
      const t = totals.get(r.vatRate) ?? { vatRate: r.vatRate, ht: 0, vat: 0 };
      totals.set(r.vatRate, { vatRate: r.vatRate, ht: t.ht + r.ht, vat: t.vat + r.vat });
    }
  }
  return [...totals.values()].sort((a, b) => b.vatRate - a.vatRate);
}

/**
 * The amounts of a new deposit or statement of the quote. `gross` is what it bills per rate,
 * `deducted` the deposits it deducts per rate; `prior` the quote's other invoices (this one excluded).
 */
export function invoiceAmounts(
  quote: QuoteContext,
  prior: readonly QuoteInvoice[],
  gross: readonly RateBase[],
  deducted: readonly RateBase[],
): InvoiceAmounts {
  const rates = basesByRate([...quoteBases(quote), ...gross].map((b) => ({ vatRate: b.vatRate, ht: 0 })));
  const at = (bases: readonly RateBase[], vatRate: number): Cents =>
    sumCents(bases.filter((b) => b.vatRate === vatRate).map((b) => b.ht));
  const nets = rates.map(({ vatRate }) => ({ vatRate, ht: at(gross, vatRate) - at(deducted, vatRate) }));
  const vats = cumulativeVat(invoicedByRate(prior), nets, quote.reverseCharge);
  const byRate: RateAmounts[] = vats.map(({ vatRate, ht, vat }) => ({
    vatRate,
    grossHt: at(gross, vatRate),
    depositHt: at(deducted, vatRate),
    ht,
    vat,
  }));
  const depositTtc = sumCents(
    byRate.map((r) => r.depositHt + vatOf(r.depositHt, r.vatRate, quote.reverseCharge)),
  );
  return withTotals(byRate, depositTtc, quote);
}

function withTotals(byRate: RateAmounts[], depositTtc: Cents, quote: QuoteContext): InvoiceAmounts {
  const ht = sumCents(byRate.map((r) => r.ht));
  const vat = sumCents(byRate.map((r) => r.vat));
  const ttc = ht + vat;
  const retainage = retainageOf(ttc, quote.retainageRate);
  return {
    byRate,
    grossHt: sumCents(byRate.map((r) => r.grossHt)),
    depositHt: sumCents(byRate.map((r) => r.depositHt)),
    depositTtc,
    ht,
    vat,
    ttc,
    retainage,
    due: ttc - retainage,
    reverseCharge: quote.reverseCharge,
  };
}

/**
 * The quote caps every invoice: at each VAT rate, what its invoices bill (this one included) may not
 * exceed the quote's base nor its VAT ('amount higher than the associated VAT'), nor fall below zero.
 */
export function checkWithinQuote(
  quote: QuoteContext,
  prior: readonly QuoteInvoice[],
  amounts: InvoiceAmounts,
): DomainResult<void> {
  const quoteByRate = totalsOf(quoteBases(quote), quote.reverseCharge).byRate;
  const invoiced = invoicedByRate(prior);
  for (const r of amounts.byRate) {
    if (r.ht === 0 && r.vat === 0) continue;
    const cap = quoteByRate.find((q) => q.vatRate === r.vatRate);
    const before = invoiced.find((i) => i.vatRate === r.vatRate) ?? { ht: 0, vat: 0 };
    const ht = before.ht + r.ht;
    const vat = before.vat + r.vat;
    if (!cap || ht > cap.ht || vat > cap.vat || ht < 0 || vat < 0) return refuse('amount_higher_than_vat');
  }
  return allowed;
}

/** Whether stored amounts add up (each total the sum of its parts); a failure is a validation error. */
export function amountsAddUp(a: InvoiceAmounts): boolean {
  const sum = (pick: (r: RateAmounts) => Cents) => sumCents(a.byRate.map(pick));
  return (
    a.byRate.every((r) => r.ht === r.grossHt - r.depositHt && (!a.reverseCharge || r.vat === 0)) &&
    a.grossHt === sum((r) => r.grossHt) &&
    a.depositHt === sum((r) => r.depositHt) &&
    a.ht === sum((r) => r.ht) &&
    a.vat === sum((r) => r.vat) &&
    a.ttc === a.ht + a.vat &&
    a.due === a.ttc - a.retainage
  );
}
