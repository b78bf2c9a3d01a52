import { describe, expect, it } from 'vitest';
import { type PricingRates, priceItems } from '../../../contract/pricing';
import { compositionPrice, type QuoteComposition } from '../../../contract/quotes';
import {
  changeComponent,
  compositionFromLibrary,
  lineFromComposition,
  withComponentCost,
} from './composition';

/** Hourly cost 40 €, sold 52,50 €; materials × 1,3. */
const rates: PricingRates = {
  hourlyCostCents: 4_000,
  hourlySalePriceCents: 5_250,
  contingencyBasisPoints: 500,
  benefitBasisPoints: 2_500,
  materialsCoefficientMilli: 1_300,
};

/** A plasterboard partition: 1,05 m² of board (8 €, sold 10,40 €) and 0,5 h of labour, per m². */
const work = {
  id: 9,
  components: [
    {
      itemId: 1,
      quantityMilli: 1_050,
      kind: 'supply' as const,
      code: 'BA13',
      designation: 'Plaque BA13',
      unit: 'm²',
      costCents: 800,
      salePriceCents: 1_040,
    },
    {
      itemId: 2,
      quantityMilli: 500,
      kind: 'labour' as const,
      code: 'MO',
      designation: 'Pose',
      unit: 'h',
      costCents: 4_000,
      salePriceCents: 5_250,
    },
  ],
};

describe('a library work’s composition in a quote', () => {
  it('is copied with each component’s figures, and priced by the library’s rule for a work', () => {
    const composition = compositionFromLibrary(work);
    expect(composition).toEqual({
      libraryItemId: 9,
      components: [
        expect.objectContaining({
          itemId: 1,
          unitCostCents: 800,
          unitSaleCents: 1_040,
          quantityMilli: 1_050,
        }),
        expect.objectContaining({
          itemId: 2,
          unitCostCents: 4_000,
          unitSaleCents: 5_250,
          quantityMilli: 500,
        }),
      ],
    });
    // 1,05 × 8 + 0,5 × 40 = 28,40 € of cost; 1,05 × 10,40 + 0,5 × 52,50 = 37,17 € of sale.
    expect(lineFromComposition(composition, rates)).toEqual({
      composition,
      costCents: 2_840,
      unitPrice: '37,17',
    });
    // The same as the library prices that work from its items (the server's rule).
    const library = priceItems(
      [
        {
          id: 1,
          kind: 'supply',
          unitCostCents: 800,
          lossBasisPoints: 0,
          fixedSalePriceCents: null,
          components: [],
        },
        {
          id: 2,
          kind: 'labour',
          unitCostCents: null,
          lossBasisPoints: 0,
          fixedSalePriceCents: null,
          components: [],
        },
        {
          id: 9,
          kind: 'work',
          unitCostCents: null,
          lossBasisPoints: 0,
          fixedSalePriceCents: null,
          components: [
            { itemId: 1, quantityMilli: 1_050 },
            { itemId: 2, quantityMilli: 500 },
          ],
        },
      ],
      rates,
    );
    expect(library.get(9)).toEqual({ costCents: 2_840, salePriceCents: 3_717 });
  });

  it('a quantity changed moves the line’s cost and price; a cost changed moves the sale by the rule', () => {
    const composition = compositionFromLibrary(work);
    const more = changeComponent(composition, 0, { quantityMilli: 2_000 }, rates);
    expect(lineFromComposition(more, rates)).toMatchObject({ costCents: 3_600, unitPrice: '47,05' });
    // The board at 10 €: sold at the materials coefficient (13 €), priced by the rule from now on.
    const dearer = changeComponent(composition, 0, { unitCostCents: 1_000 }, rates);
    expect(dearer.components[0]).toMatchObject({ unitCostCents: 1_000 });
    expect(dearer.components[0]?.unitSaleCents).toBeUndefined();
    expect(compositionPrice(dearer, rates)).toEqual({ costCents: 3_050, salePriceCents: 3_990 });
  });

  it('a component sold at its own price, a sub-work, or no rates yet: the sale moves in proportion', () => {
    const own = { ...compositionFromLibrary(work).components[0]!, unitSaleCents: 2_000 };
    expect(withComponentCost(own, 1_600, rates)).toMatchObject({
      unitCostCents: 1_600,
      unitSaleCents: 4_000,
    });
    const sub = { ...own, kind: 'work' as const, unitSaleCents: 1_200 };
    expect(withComponentCost(sub, 400, rates)).toMatchObject({ unitSaleCents: 600 });
    expect(withComponentCost(compositionFromLibrary(work).components[0]!, 1_600, null)).toMatchObject({
      unitSaleCents: 2_080,
    });
    // At a cost of zero the price stays.
    expect(withComponentCost({ ...own, unitCostCents: 0 }, 500, null)).toMatchObject({
      unitSaleCents: 2_000,
    });
  });

  it('without rates, prices only a composition whose components all carry their price; a typed price stays', () => {
    const composition = compositionFromLibrary(work);
    expect(lineFromComposition(composition, null)).toMatchObject({ costCents: 2_840, unitPrice: '37,17' });
    const ruled: QuoteComposition = changeComponent(composition, 0, { unitCostCents: 1_000 }, rates);
    expect(lineFromComposition(ruled, null)).toBeNull();
    expect(lineFromComposition({ ...composition, priceTyped: true }, rates)).toEqual({
      composition: { ...composition, priceTyped: true },
      costCents: 2_840,
    });
  });
});
