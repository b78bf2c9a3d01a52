/**
 * A company's costs whose figures come out round, and what they give: 20 € an hour + 45 % of
 * charges = 29 €; (10 000 + 5 000 + 15 000) € over 1 500 hours = 20 € of structure an hour; 49 € an
 * hour, sold 49 € × 1,05 × 1,10 = 56,595 € → 56,60 €. The contract's test, the costs screen's test
 * and its story share them, and so does the server's costs test.
 */
import type { ComputedCosts, CostFigures } from '../costs.js';

export const sampleCostFigures: CostFigures = {
  directLabourCostCents: 2000,
  employerChargesBasisPoints: 4500,
  siteCostCents: 1_000_000,
  indirectChargesCents: 500_000,
  overheadExpensesCents: 1_500_000,
  yearlySiteHours: 1500,
  contingencyBasisPoints: 500,
  benefitBasisPoints: 1000,
};

export const sampleComputedCosts: ComputedCosts = {
  employerChargesCents: 900,
  mocCostCents: 2900,
  structureHourlyCents: 2000,
  hourlyCostCents: 4900,
  hourlySalePriceCents: 5660,
};
