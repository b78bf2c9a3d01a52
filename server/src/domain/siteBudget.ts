/**
 * A job's budget against its actual cost (« Gestion chantier », issue 24). The budget is the
 * déboursé sec of the job's accepted quotes (each priced line's quantity × its library cost:
 * `quoteMargins(...).cost`, lines without a cost left out and counted); the actual cost is the
 * hours worked, each entry at the hourly cost copied when it was entered and rounded to the cent on
 * its own (as an invoice line is), plus the supplier invoices excluding VAT (the firm recovers
 * the VAT: it is no cost of the job). The margin as it stands is the accepted quotes' sale price
 * excluding VAT (after their discount) less that actual cost.
 */
import { entryCostCents } from '../../../src/contract/siteManagement.js';
import type { Cents } from './money.js';

export { entryCostCents };

export interface BudgetQuote {
  /** The quote's total excluding VAT, after its global discount. */
  saleExclTaxCents: Cents;
  /** Its déboursé sec (lines with a cost). */
  costCents: Cents;
  /** Its priced lines without a cost (the budget does not know them). */
  linesWithoutCost: number;
}

export interface BudgetInput {
  quotes: readonly BudgetQuote[];
  timeEntries: readonly { minutes: number; hourlyCostCents: Cents }[];
  purchases: readonly { exclTaxCents: Cents }[];
}

export interface JobBudget {
  saleExclTaxCents: Cents;
  budgetCostCents: Cents;
  /** Sale − budget: the margin the quote planned. */
  budgetMarginCents: Cents;
  minutes: number;
  labourCostCents: Cents;
  purchasesCents: Cents;
  actualCostCents: Cents;
  /** Sale − actual cost: the margin as it stands. */
  marginCents: Cents;
  /** Budget − actual: what is left to spend before the planned margin is eaten (negative: over budget). */
  remainingBudgetCents: Cents;
  /** Actual / budget in basis points (10000 = the budget spent); null without a budget. */
  consumedBasisPoints: number | null;
  linesWithoutCost: number;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export function jobBudget({ quotes, timeEntries, purchases }: BudgetInput): JobBudget {
  const saleExclTaxCents = sum(quotes.map((q) => q.saleExclTaxCents));
  const budgetCostCents = sum(quotes.map((q) => q.costCents));
  const labourCostCents = sum(timeEntries.map((e) => entryCostCents(e.minutes, e.hourlyCostCents)));
  const purchasesCents = sum(purchases.map((p) => p.exclTaxCents));
  const actualCostCents = labourCostCents + purchasesCents;
  return {
    saleExclTaxCents,
    budgetCostCents,
    budgetMarginCents: saleExclTaxCents - budgetCostCents,
    minutes: sum(timeEntries.map((e) => e.minutes)),
    labourCostCents,
    purchasesCents,
    actualCostCents,
    marginCents: saleExclTaxCents - actualCostCents,
    remainingBudgetCents: budgetCostCents - actualCostCents,
    consumedBasisPoints:
      budgetCostCents <= 0 ? null : Math.round((actualCostCents * 10_000) / budgetCostCents),
    linesWithoutCost: sum(quotes.map((q) => q.linesWithoutCost)),
  };
}

/**
 * The progress each chapter proposes for the next progress statement: the latest recorded on site
 * per chapter, never below what is already invoiced (a statement cannot go back), in basis points.
 * Chapters without a site record keep what is invoiced (null: no proposal).
 */
export function proposedChapterProgress(
  recorded: ReadonlyMap<string, number>,
  invoiced: ReadonlyMap<string, number>,
  chapters: readonly string[],
): Map<string, number | null> {
  return new Map(
    chapters.map((chapter) => {
      const site = recorded.get(chapter);
      return [chapter, site === undefined ? null : Math.max(site, invoiced.get(chapter) ?? 0)];
    }),
  );
}
