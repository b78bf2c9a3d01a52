/**
 * A quote's content (issue 21) and its amounts, in the domain layer. The rules themselves (the tree,
 * its validation, the amounts per line, chapter and rate, the discount's and the deposit's shares)
 * are written once in the shared contract (src/contract/quotes.ts) because the quote editor shows
 * the same totals live: the server imports them from here, as it does the price library's rule.
 */
import { dueDateOf } from './dueDate.js';

export {
  type ContentIssues,
  discountByRate,
  discountedLineAmounts,
  type ItemPath,
  MAX_CHAPTER_DEPTH,
  MAX_LINE_CENTS,
  MAX_QUANTITY_MILLI,
  MAX_QUOTE_ITEMS,
  MAX_UNIT_PRICE_CENTS,
  pricedLines,
  type QuoteAmounts,
  type QuoteChapter,
  type QuoteChapterAmount,
  type QuoteContent,
  type QuoteDeposit,
  type QuoteItem,
  type QuoteItemRow,
  type QuoteLineAmount,
  type QuoteLineItem,
  type QuotePricedLine,
  type QuoteRateTotal,
  type QuoteTextLine,
  quoteAmounts,
  quoteContentIssues,
  quoteDeposit,
  quoteItemsFromRows,
  quoteLineHt,
  quoteRows,
  quoteSendIssues,
  quoteTextLimits,
} from '../../../src/contract/quotes.js';

/** The default validity date: the quote's date + the setting's days (30 by default). */
export const DEFAULT_VALIDITY_DAYS = 30;

export function defaultValidUntil(quoteDate: string, validityDays = DEFAULT_VALIDITY_DAYS): string {
  return dueDateOf(quoteDate, { rule: 'days', value: validityDays });
}
