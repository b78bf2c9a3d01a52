/**
 * The price library's rule (issue 22): a work's cost is the sum of its parts, rounded once; sale
 * prices follow the costs screen's figures; a composition never contains itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCosts } from '../../../src/contract/costs.js';
import { sampleComputedCosts, sampleCostFigures } from '../../../src/contract/testing/costs.js';
import {
  CompositionCycleError,
  changedPrices,
  libraryPricer,
  type PricedItem,
  type PricingRates,
  priceItems,
  pricingRates,
  wouldCycle,
} from '../../src/domain/pricing.js';

const rates = pricingRates({ ...sampleCostFigures, materialsCoefficientMilli: 1200 });

const supply = (
  id: number,
  unitCostCents: number,
  lossBasisPoints = 0,
  fixed: number | null = null,
): PricedItem => ({
  id,
  kind: 'supply',
  unitCostCents,
  lossBasisPoints,
  fixedSalePriceCents: fixed,
  components: [],
});
const labour = (id: number, own: number | null = null): PricedItem => ({
  id,
  kind: 'labour',
  unitCostCents: own,
  lossBasisPoints: 0,
  fixedSalePriceCents: null,
  components: [],
});
const equipment = (id: number, unitCostCents: number): PricedItem => ({
  id,
  kind: 'equipment',
  unitCostCents,
  lossBasisPoints: 0,
  fixedSalePriceCents: null,
  components: [],
});
const work = (id: number, components: [number, number][], fixed: number | null = null): PricedItem => ({
  id,
  kind: 'work',
  unitCostCents: null,
  lossBasisPoints: 0,
  fixedSalePriceCents: fixed,
  components: components.map(([itemId, quantityMilli]) => ({ itemId, quantityMilli })),
});

/** Exact value of a rational in cents, rounded half away from zero (the reference). */
const roundHalfUp = (numerator: bigint, denominator: bigint) =>
  Number((2n * numerator + denominator) / (2n * denominator));

const rateArb: fc.Arbitrary<PricingRates> = fc
  .record({
    directLabourCostCents: fc.integer({ min: 0, max: 10_000 }),
    employerChargesBasisPoints: fc.integer({ min: 0, max: 20_000 }),
    siteCostCents: fc.integer({ min: 0, max: 100_000_000 }),
    indirectChargesCents: fc.integer({ min: 0, max: 100_000_000 }),
    overheadExpensesCents: fc.integer({ min: 0, max: 100_000_000 }),
    yearlySiteHours: fc.integer({ min: 0, max: 8784 }),
    contingencyBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    benefitBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    materialsCoefficientMilli: fc.integer({ min: 0, max: 5000 }),
  })
  .map(pricingRates);

/** Leaves (no work) with ids 1..n. */
const leavesArb = fc
  .array(
    fc.oneof(
      fc.record({
        kind: fc.constant('supply' as const),
        cost: fc.integer({ min: 0, max: 1_000_000 }),
        loss: fc.integer({ min: 0, max: 10_000 }),
      }),
      fc.record({
        kind: fc.constant('labour' as const),
        cost: fc.option(fc.integer({ min: 0, max: 20_000 })),
      }),
      fc.record({ kind: fc.constant('equipment' as const), cost: fc.integer({ min: 0, max: 1_000_000 }) }),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((specs) =>
    specs.map((spec, i): PricedItem => {
      const id = i + 1;
      if (spec.kind === 'supply') return supply(id, spec.cost, spec.loss);
      if (spec.kind === 'labour') return labour(id, spec.cost);
      return equipment(id, spec.cost);
    }),
  );

const componentsArb = (ids: number[]) =>
  fc.array(fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 1, max: 100_000 })), {
    minLength: 1,
    maxLength: 6,
  });

describe('the price of one unit of each kind', () => {
  it('supply: purchase price with its loss; sold × the materials coefficient (the examples of the issue)', () => {
    // 12,50 € + 5 % = 13,125 € → 13,13 €; × 1,200 = 15,75 €.
    expect(priceItems([supply(1, 1250, 500)], rates).get(1)).toEqual({
      costCents: 1313,
      salePriceCents: 1575,
    });
    expect(priceItems([equipment(1, 4000)], rates).get(1)).toEqual({ costCents: 4000, salePriceCents: 4800 });
  });

  it("labour: the company's hourly cost and hourly sale price, the very figures of the costs screen", () => {
    expect(rates.hourlyCostCents).toBe(sampleComputedCosts.hourlyCostCents);
    expect(priceItems([labour(1)], rates).get(1)).toEqual({
      costCents: sampleComputedCosts.hourlyCostCents,
      salePriceCents: sampleComputedCosts.hourlySalePriceCents,
    });
    fc.assert(
      fc.property(rateArb, (r) => {
        const price = priceItems([labour(1)], r).get(1)!;
        expect(price).toEqual({ costCents: r.hourlyCostCents, salePriceCents: r.hourlySalePriceCents });
      }),
    );
  });

  it('labour at its own hourly cost is marked up as computeCosts marks up the hourly cost', () => {
    fc.assert(
      fc.property(rateArb, fc.integer({ min: 0, max: 100_000 }), (r, own) => {
        const price = priceItems([labour(1, own)], r).get(1)!;
        const figures = computeCosts({
          ...sampleCostFigures,
          directLabourCostCents: own,
          employerChargesBasisPoints: 0,
          yearlySiteHours: 0,
          contingencyBasisPoints: r.contingencyBasisPoints,
          benefitBasisPoints: r.benefitBasisPoints,
        });
        expect(price.costCents).toBe(own);
        // Within a cent of the floating-point screen figure (the rule computes it exactly).
        expect(Math.abs(price.salePriceCents - figures.hourlySalePriceCents)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a fixed sale price wins over the rule, and the cost is unchanged by it', () => {
    fc.assert(
      fc.property(
        rateArb,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (r, cost, fixed) => {
          const free = priceItems([supply(1, cost)], r).get(1)!;
          const pinned = priceItems([supply(1, cost, 0, fixed)], r).get(1)!;
          expect(pinned).toEqual({ costCents: free.costCents, salePriceCents: fixed });
        },
      ),
    );
  });
});

describe("a work's price", () => {
  it('is the sum over its components of quantity × their exact figures, rounded once at the end', () => {
    fc.assert(
      fc.property(
        rateArb,
        leavesArb.chain((leaves) =>
          componentsArb(leaves.map((l) => l.id)).map((components) => ({ leaves, components })),
        ),
        (r, { leaves, components }) => {
          const items = [...leaves, work(100, components)];
          const price = priceItems(items, r).get(100)!;
          // The reference: each part's exact cost as a fraction over 10^7 (loss 10^-4, quantity 10^-3).
          let cost = 0n;
          let sale = 0n;
          for (const [id, q] of components) {
            const leaf = leaves[id - 1]!;
            const base =
              leaf.kind === 'supply'
                ? BigInt(leaf.unitCostCents!) * BigInt(10_000 + leaf.lossBasisPoints)
                : BigInt(leaf.unitCostCents ?? r.hourlyCostCents) * 10_000n;
            cost += base * BigInt(q);
            const leafSale =
              leaf.kind === 'labour'
                ? BigInt(priceItems([leaf], r).get(leaf.id)!.salePriceCents) * 10_000_000n
                : base * BigInt(r.materialsCoefficientMilli);
            sale += leafSale * BigInt(q);
          }
          expect(price.costCents).toBe(roundHalfUp(cost, 10_000_000n));
          expect(price.salePriceCents).toBe(roundHalfUp(sale, 10_000_000_000n));
        },
      ),
    );
  });

  it('of a sub-work uses its exact figure: nesting a work changes nothing but the grouping', () => {
    fc.assert(
      fc.property(
        rateArb,
        leavesArb.chain((leaves) =>
          componentsArb(leaves.map((l) => l.id)).map((components) => ({ leaves, components })),
        ),
        fc.integer({ min: 1, max: 5 }),
        (r, { leaves, components }, times) => {
          // `times` units of a sub-work W = the work whose components are W's, each × times.
          const flat = work(
            201,
            components.map(([id, q]) => [id, q * times]),
          );
          const nested = work(202, [[200, times * 1000]]);
          const prices = priceItems([...leaves, work(200, components), flat, nested], r);
          expect(prices.get(202)).toEqual(prices.get(201));
        },
      ),
    );
  });

  it('is additive: a work of two parts costs the two one-part works together, within a cent', () => {
    fc.assert(
      fc.property(
        rateArb,
        leavesArb.chain((leaves) =>
          fc
            .tuple(componentsArb(leaves.map((l) => l.id)), componentsArb(leaves.map((l) => l.id)))
            .map(([a, b]) => ({ leaves, a, b })),
        ),
        (r, { leaves, a, b }) => {
          const prices = priceItems([...leaves, work(301, a), work(302, b), work(303, [...a, ...b])], r);
          const sum = prices.get(301)!.costCents + prices.get(302)!.costCents;
          expect(Math.abs(prices.get(303)!.costCents - sum)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('rounds half away from zero, once: 3 × 0,5 c is 2 c, not 3 × 1 c', () => {
    // An equipment at 0 € … a supply of 1 c with 50 % of loss: 1,5 c; three halves of it: 2,25 c.
    const items = [supply(1, 1, 5000), work(2, [[1, 500]]), work(3, [[2, 3000]])];
    const prices = priceItems(items, { ...rates, materialsCoefficientMilli: 1000 });
    expect(prices.get(1)!.costCents).toBe(2); // 1,5 → 2
    expect(prices.get(2)!.costCents).toBe(1); // 0,75 → 1
    expect(prices.get(3)!.costCents).toBe(2); // 3 × 0,75 = 2,25 → 2, not 3 × 1
  });
});

describe('compositions never contain themselves', () => {
  it('wouldCycle finds the work at any depth and only then', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 29 }), (depth, at) => {
        // A chain 1 ← 2 ← … ← depth: work k contains k − 1.
        const componentsOf = (id: number) => (id > 1 && id <= depth ? [id - 1] : []);
        const target = (at % depth) + 1;
        // Work `target` given the top of the chain as a component contains itself when the chain reaches it.
        expect(wouldCycle(target, [depth], componentsOf)).toBe(true);
        expect(wouldCycle(depth + 1, [depth], componentsOf)).toBe(false);
      }),
    );
    expect(wouldCycle(7, [7], () => [])).toBe(true);
    // Two paths to the same sub-work are no cycle.
    expect(wouldCycle(1, [2, 3], (id) => (id === 2 || id === 3 ? [4] : []))).toBe(false);
  });

  it('the pricer refuses a stored cycle instead of looping', () => {
    const pricer = libraryPricer(
      (id) => ({ 1: work(1, [[2, 1000]]), 2: work(2, [[1, 1000]]) })[id as 1 | 2],
      rates,
    );
    expect(() => pricer.price(1)).toThrow(CompositionCycleError);
  });
});

describe('how many items change price', () => {
  it('counts the items whose sale price moves, never one with a fixed price', () => {
    const items = [
      supply(1, 1000),
      supply(2, 1000, 0, 5000),
      labour(3),
      equipment(4, 100),
      work(5, [[3, 1000]]),
      work(6, [[2, 1000]]),
    ];
    const dearer = { ...rates, materialsCoefficientMilli: 1300 };
    expect(changedPrices(items, rates, dearer)).toBe(2);
    expect(changedPrices(items, rates, rates)).toBe(0);
    const labourDearer = pricingRates({
      ...sampleCostFigures,
      directLabourCostCents: 2100,
      materialsCoefficientMilli: 1200,
    });
    expect(changedPrices(items, rates, labourDearer)).toBe(2);
  });
});
