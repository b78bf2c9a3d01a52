/**
 * Costs and sale prices (spec section 3, Costs): the figures the screen computes live and the
 * server answers. Integer cents in and out; each step rounds half away from zero to the cent.
 *
 * - employer charges = direct labour cost × charges %
 * - MOC cost (main-d'œuvre chargée, hourly) = direct labour cost + employer charges
 * - structure cost per hour = (site cost + indirect charges + overhead expenses) / yearly site hours
 * - hourly cost = MOC cost + structure cost per hour
 * - hourly sale price = hourly cost × (1 + contingency %) × (1 + benefit %)
 */
export interface CostFigures {
  directLabourCostCents: number;
  employerChargesBasisPoints: number;
  siteCostCents: number;
  indirectChargesCents: number;
  overheadExpensesCents: number;
  yearlySiteHours: number;
  contingencyBasisPoints: number;
  benefitBasisPoints: number;
}

export interface ComputedCosts {
  employerChargesCents: number;
  mocCostCents: number;
  structureHourlyCents: number;
  hourlyCostCents: number;
  hourlySalePriceCents: number;
}

const roundCents = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

export function computeCosts(figures: CostFigures): ComputedCosts {
  const employerChargesCents = roundCents(
    (figures.directLabourCostCents * figures.employerChargesBasisPoints) / 10_000,
  );
  const mocCostCents = figures.directLabourCostCents + employerChargesCents;
  const yearly = figures.siteCostCents + figures.indirectChargesCents + figures.overheadExpensesCents;
  // No hours worked yet: no structure cost to spread (never a division by zero).
  const structureHourlyCents = figures.yearlySiteHours > 0 ? roundCents(yearly / figures.yearlySiteHours) : 0;
  const hourlyCostCents = mocCostCents + structureHourlyCents;
  const hourlySalePriceCents = roundCents(
    (hourlyCostCents * (10_000 + figures.contingencyBasisPoints) * (10_000 + figures.benefitBasisPoints)) /
      100_000_000,
  );
  return { employerChargesCents, mocCostCents, structureHourlyCents, hourlyCostCents, hourlySalePriceCents };
}
