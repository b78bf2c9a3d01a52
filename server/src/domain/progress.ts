/**
 * Progress statements (situations de travaux) and the final invoice: each bills a cumulative
 * percentage per quote line (or per chapter, for all its lines). A line's cumulative amount is
 * round(contract amount × cumulative %), the contract amount being the line's HT net of its share of
 * the quote's global discount (lines.ts `lineContractHt`), and a statement bills the difference from
 * the previous one, so the statements of a line add up to its contract amount exactly; the final
 * invoice takes every line to 100 %.
 */
import { checkWithinQuote, invoiceAmounts } from './amounts.js';
import { depositDeduction } from './deposits.js';
import { type DomainResult, ok, refuse } from './errors.js';
import { liveInvoices } from './lifecycle.js';
import { basesByRate, lineContractHt } from './lines.js';
import { type Bp, type Cents, FULL_PERCENT, percentOf } from './money.js';
import type { InvoiceAmounts, LineProgress, QuoteContext, QuoteInvoice } from './types.js';

/** Cumulative percentages asked for; a line's own percentage wins over its chapter's. */
export interface ProgressRequest {
  lines?: readonly LineProgress[];
  chapters?: readonly { chapterId: number; percent: Bp }[];
}

/** One quote line on a statement: previous progress, this progress, and the amount of this statement. */
export interface ProgressLine {
  lineId: number;
  vatRate: Bp;
  /** The line's contract amount on the quote: its HT net of its discount share (its full HT without one). */
  lineHt: Cents;
  previousPercent: Bp;
  percent: Bp;
  thisPercent: Bp;
  previousHt: Cents;
  cumulativeHt: Cents;
  /** What this statement bills for the line: cumulativeHt − previousHt. */
  thisHt: Cents;
}

export interface Statement {
  lines: ProgressLine[];
  /** Cumulative progress after this statement, one entry per quote line (to store on the invoice). */
  progress: LineProgress[];
  amounts: InvoiceAmounts;
  /** Every line at 100 %: the final invoice. */
  final: boolean;
}

/** Cumulative progress before a new statement: the last standing facture's, or 0 on every line. */
export function previousProgress(quote: QuoteContext, prior: readonly QuoteInvoice[]): LineProgress[] {
  const last = liveInvoices(prior)
    .filter((i) => i.kind === 'facture')
    .sort((a, b) => b.createdOrder - a.createdOrder)[0];
  return quote.lines.map((line) => ({
    lineId: line.id,
    percent: last?.progress.find((p) => p.lineId === line.id)?.percent ?? 0,
  }));
}

/** Every line at 100 %: what the final invoice asks for. */
export function finalProgress(quote: QuoteContext): LineProgress[] {
  return quote.lines.map((line) => ({ lineId: line.id, percent: FULL_PERCENT }));
}

/**
 * The cumulative progress of every quote line after applying a request to the previous progress.
 * Refused ('invalid_invoice_parameters') for an unknown line or chapter, a percentage outside
 * 0–100 % (in hundredths), or progress going back (a credit note corrects an invoice instead).
 */
export function resolveProgress(
  quote: QuoteContext,
  previous: readonly LineProgress[],
  request: ProgressRequest,
): DomainResult<LineProgress[]> {
  const valid = (percent: Bp) => Number.isInteger(percent) && percent >= 0 && percent <= FULL_PERCENT;
  const asked = new Map<number, Bp>();
  for (const chapter of request.chapters ?? []) {
    const lines = quote.lines.filter((l) => l.chapterId !== null && l.chapterId === chapter.chapterId);
    if (lines.length === 0 || !valid(chapter.percent)) return refuse('invalid_invoice_parameters');
    for (const line of lines) asked.set(line.id, chapter.percent);
  }
  for (const line of request.lines ?? []) {
    if (!quote.lines.some((l) => l.id === line.lineId) || !valid(line.percent)) {
      return refuse('invalid_invoice_parameters');
    }
    asked.set(line.lineId, line.percent);
  }
  const result: LineProgress[] = [];
  for (const line of quote.lines) {
    const before = previous.find((p) => p.lineId === line.id)?.percent ?? 0;
    const percent = asked.get(line.id) ?? before;
    if (percent < before) return refuse('invalid_invoice_parameters');
    result.push({ lineId: line.id, percent });
  }
  return ok(result);
}

/** The statement's lines from the progress before and after it. */
export function progressLines(
  quote: QuoteContext,
  previous: readonly LineProgress[],
  current: readonly LineProgress[],
): ProgressLine[] {
  return quote.lines.map((line) => {
    const ht = lineContractHt(line);
    const previousPercent = previous.find((p) => p.lineId === line.id)?.percent ?? 0;
    const percent = current.find((p) => p.lineId === line.id)?.percent ?? previousPercent;
    const previousHt = percentOf(ht, previousPercent);
    const cumulativeHt = percentOf(ht, percent);
    return {
      lineId: line.id,
      vatRate: line.vatRate,
      lineHt: ht,
      previousPercent,
      percent,
      thisPercent: percent - previousPercent,
      previousHt,
      cumulativeHt,
      thisHt: cumulativeHt - previousHt,
    };
  });
}

/**
 * A progress statement (or the final invoice) of the quote: its lines, the deposits it deducts and its
 * amounts. `prior` is the quote's other invoices. Refused when no line progresses, or when it would
 * bill more than the quote at a rate.
 */
export function progressStatement(
  quote: QuoteContext,
  prior: readonly QuoteInvoice[],
  request: ProgressRequest,
): DomainResult<Statement> {
  const previous = previousProgress(quote, prior);
  const current = resolveProgress(quote, previous, request);
  if (!current.ok) return current;
  const lines = progressLines(quote, previous, current.value);
  if (!lines.some((l) => l.thisPercent > 0)) return refuse('invalid_invoice_parameters');
  const gross = basesByRate(lines.map((l) => ({ vatRate: l.vatRate, ht: l.thisHt })));
  const cumulative = basesByRate(lines.map((l) => ({ vatRate: l.vatRate, ht: l.cumulativeHt })));
  const amounts = invoiceAmounts(quote, prior, gross, depositDeduction(quote, prior, cumulative));
  const capped = checkWithinQuote(quote, prior, amounts);
  if (!capped.ok) return refuse(capped.key);
  return ok({
    lines,
    progress: current.value,
    amounts,
    final: current.value.every((p) => p.percent === FULL_PERCENT),
  });
}
