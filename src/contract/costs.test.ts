import { describe, expect, it } from 'vitest';
import { computeCosts } from './costs';
import { sampleCostFigures as base, sampleComputedCosts } from './testing/costs';

describe('costs and sale prices', () => {
  it('computes the hourly cost and the hourly sale price to the cent', () => {
    expect(computeCosts(base)).toEqual(sampleComputedCosts);
  });

  it('spreads nothing over zero hours (never a division by zero)', () => {
    expect(computeCosts({ ...base, yearlySiteHours: 0 }).structureHourlyCents).toBe(0);
  });

  it('the sale price never falls under the cost, and grows with the margins', () => {
    for (let step = 0; step < 200; step += 1) {
      const figures = {
        ...base,
        directLabourCostCents: (step * 7919) % 10_000,
        contingencyBasisPoints: (step * 31) % 3000,
        benefitBasisPoints: (step * 53) % 5000,
      };
      const { hourlyCostCents, hourlySalePriceCents } = computeCosts(figures);
      expect(hourlySalePriceCents).toBeGreaterThanOrEqual(hourlyCostCents);
      expect(
        computeCosts({ ...figures, benefitBasisPoints: figures.benefitBasisPoints + 100 })
          .hourlySalePriceCents,
      ).toBeGreaterThanOrEqual(hourlySalePriceCents);
    }
  });
});
