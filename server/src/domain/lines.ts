/**
 * Line and per-rate totals. Each line is rounded to the cent, then VAT is computed per rate on the
 * sum of the lines at that rate (EN 16931 BR-CO-17: base × rate, rounded half up to the cent).
 */
import { basesByRate, lineHt, type RateBase, vatOf } from '../../../src/contract/money.js';
import { type Bp, type Cents, type Fixed4, percentOf, roundToPrecision, sumCents } from './money.js';
import type { QuoteContext, QuoteLine } from './types.js';

/** The document settings' precisions: decimals kept on quantities and on unit prices. */
export interface Precisions {
  quantityPrecision: number;
  unitPricePrecision: number;
}

/** A line's quantity and unit price as kept: each rounded to its precision before the line's HT. */
export function lineAtPrecision<Line extends { quantity: Fixed4; unitPrice: Fixed4 }>(
  line: Line,
  precisions: Precisions,
): Line {
  return {
    ...line,
    quantity: roundToPrecision(line.quantity, precisions.quantityPrecision),
    unitPrice: roundToPrecision(line.unitPrice, precisions.unitPricePrecision),
  };
}

// The line's rounding, the per-rate sums and the VAT are the browser's too (the quote editor's live
// totals): one rule, in src/contract/money.ts.
export { basesByRate, lineHt, type RateBase, vatOf } from '../../../src/contract/money.js';

/**
 * A quote line's contract amount: round(quantity × unit price) minus its share of the quote's global
 * discount. What the quote's invoices bill for the line in all (deposits, statements and final
 * invoice), so a discounted quote is never billed more than the customer accepted; with no discount,
 * the line's HT.
 */
export function lineContractHt(line: Pick<QuoteLine, 'quantity' | 'unitPrice' | 'discount'>): Cents {
  return lineHt(line.quantity, line.unitPrice) - (line.discount ?? 0);
}

export interface RateTotal {
  vatRate: Bp;
  ht: Cents;
  vat: Cents;
}

export interface Totals {
  /** Highest rate first. */
  byRate: RateTotal[];
  ht: Cents;
  vat: Cents;
  ttc: Cents;
  reverseCharge: boolean;
}

/** Totals of a standalone document: VAT per rate on its base, then HT, TVA and TTC as sums. */
export function totalsOf(bases: readonly RateBase[], reverseCharge: boolean): Totals {
  return sumTotals(
    basesByRate(bases).map((b) => ({ ...b, vat: vatOf(b.ht, b.vatRate, reverseCharge) })),
    reverseCharge,
  );
}

/** HT, TVA and TTC as the sums of per-rate totals. */
export function sumTotals(byRate: readonly RateTotal[], reverseCharge: boolean): Totals {
  const ht = sumCents(byRate.map((r) => r.ht));
  const vat = sumCents(byRate.map((r) => r.vat));
  return { byRate: [...byRate], ht, vat, ttc: ht + vat, reverseCharge };
}

/**
 * The quote's lines, each at its contract amount (rounded, net of its discount share), per rate: what
 * its invoices must add up to, the bases of its deposits and what « fully invoiced » compares with.
 */
export function quoteBases(quote: QuoteContext): RateBase[] {
  return basesByRate(quote.lines.map((l) => ({ vatRate: l.vatRate, ht: lineContractHt(l) })));
}

export function quoteTotals(quote: QuoteContext): Totals {
  return totalsOf(quoteBases(quote), quote.reverseCharge);
}

/**
 * VAT of one invoice of a quote, per rate: round(rate × everything invoiced at that rate so far,
 * this invoice included) − the VAT already invoiced at that rate. So the invoices of a quote add up to
 * the quote's VAT exactly; each invoice's VAT is within one cent of its own base × rate (inside the
 * official BR-CO-17 schematron's tolerance).
 */
export function cumulativeVat(
  previous: readonly RateTotal[],
  bases: readonly RateBase[],
  reverseCharge: boolean,
): RateTotal[] {
  return basesByRate(bases).map(({ vatRate, ht }) => {
    if (reverseCharge) return { vatRate, ht, vat: 0 };
    const before = previous.filter((p) => p.vatRate === vatRate);
    const htBefore = sumCents(before.map((p) => p.ht));
    const vatBefore = sumCents(before.map((p) => p.vat));
    return { vatRate, ht, vat: percentOf(htBefore + ht, vatRate) - vatBefore };
  });
}
