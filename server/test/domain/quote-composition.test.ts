/**
 * A quote line's composition (issue 22) and measured quantity (issue 23), as pure rules: the
 * composition is priced by the price library's own rule (a work of the copied components: Σ
 * quantity × figure, rounded once), a component's own sale price counts as it is, the others by the
 * company's rule; the measured lines against the measures now; the content checks' paths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compositionPrice,
  measuredQuantityIssues,
  measureSourcesOf,
  type QuoteComposition,
  type QuoteCompositionComponent,
  type QuoteItem,
  quoteContentIssues,
} from '../../../src/contract/quotes.js';
import { sampleCostFigures } from '../../../src/contract/testing/costs.js';
import { labourHourlySaleCents, libraryPricer, pricingRates } from '../../src/domain/pricing.js';

const rates = pricingRates({ ...sampleCostFigures, materialsCoefficientMilli: 1350 });

/** n / d rounded half away from zero, exactly. */
const round = (n: bigint, d: bigint) => {
  const negative = n < 0n;
  const a = negative ? -n : n;
  const q = (2n * a + d) / (2n * d);
  return Number(negative ? -q : q);
};

const component = fc.record({
  itemId: fc.constant(null),
  kind: fc.constantFrom('supply' as const, 'labour' as const, 'equipment' as const),
  designation: fc.constant('Composant'),
  unit: fc.constant('u'),
  quantityMilli: fc.integer({ min: 0, max: 1_000_000_000 }),
  unitCostCents: fc.integer({ min: 0, max: 1_000_000_000 }),
});
const composition = (components: QuoteCompositionComponent[]): QuoteComposition => ({
  libraryItemId: null,
  components,
});

/** A component's sale of one unit by the company's rule, exact, over 10^6 (supply: × coefficient). */
const ruleSale = (c: QuoteCompositionComponent): bigint =>
  c.kind === 'labour'
    ? BigInt(labourHourlySaleCents(c.unitCostCents, rates)) * 1_000_000n
    : BigInt(c.unitCostCents) * BigInt(rates.materialsCoefficientMilli) * 1000n;

describe('compositionPrice', () => {
  it('costs Σ quantity × cost, rounded once; sells each part by the rule or at its own price', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(component, fc.option(fc.integer({ min: 0, max: 1_000_000_000 }))), {
          minLength: 1,
          maxLength: 30,
        }),
        (parts) => {
          const components = parts.map(([c, sale]) =>
            sale === null ? c : { ...c, unitSaleCents: sale },
          ) as QuoteCompositionComponent[];
          const price = compositionPrice(composition(components), rates);
          const cost = components.reduce((s, c) => s + BigInt(c.quantityMilli) * BigInt(c.unitCostCents), 0n);
          expect(price.costCents).toBe(round(cost, 1000n));
          // Each part over 10^9: quantity (10^3) × a sale over 10^6.
          const sale = components.reduce(
            (s, c) =>
              s +
              BigInt(c.quantityMilli) *
                (c.unitSaleCents !== undefined ? BigInt(c.unitSaleCents) * 1_000_000n : ruleSale(c)),
            0n,
          );
          expect(price.salePriceCents).toBe(round(sale, 1_000_000_000n));
        },
      ),
    );
  });

  it('prices one unit of one component as the library prices that item', () => {
    fc.assert(
      fc.property(component, (c) => {
        const one = { ...c, quantityMilli: 1000 };
        const library = libraryPricer(
          () => ({
            id: 1,
            kind: c.kind,
            unitCostCents: c.unitCostCents,
            lossBasisPoints: 0,
            fixedSalePriceCents: null,
            components: [],
          }),
          rates,
        ).price(1);
        expect(compositionPrice(composition([one]), rates)).toEqual(library);
      }),
    );
  });

  it('needs a sub-work’s own sale price; a composition is bounded', () => {
    const line = (comp: unknown): QuoteItem[] => [
      {
        kind: 'priced',
        designation: 'Cloison',
        unit: 'm²',
        quantityMilli: 1000,
        unitPriceCents: 100,
        vatRateId: 1,
        vatRate: 2000,
        composition: comp as QuoteComposition,
      },
    ];
    const issues = (comp: unknown) =>
      quoteContentIssues({ items: line(comp), discountRate: 0, depositRate: 0, reverseCharge: false });
    const work = {
      itemId: 2,
      kind: 'work',
      designation: 'Sous-ouvrage',
      unit: 'u',
      quantityMilli: 1000,
      unitCostCents: 100,
    };
    expect(issues(composition([work as QuoteCompositionComponent]))).toEqual({
      'items.0.composition.components.0.unitSaleCents': 'required',
    });
    expect(issues(composition([{ ...work, unitSaleCents: 150 } as QuoteCompositionComponent]))).toEqual({});
    expect(issues(composition([]))).toEqual({ 'items.0.composition.components': 'required' });
    // 26 lines of 200 components: past the 5000 components a quote may hold.
    const full = composition(Array.from({ length: 200 }, () => ({ ...work, unitSaleCents: 1 }) as never));
    const many = Array.from({ length: 26 }, () => line(full)[0]!);
    expect(
      quoteContentIssues({ items: many, discountRate: 0, depositRate: 0, reverseCharge: false }).items,
    ).toBe('too_long');
  });
});

describe('measured lines', () => {
  const measuredLine = (measureIds: number[], valueMilli: number, quantityMilli = valueMilli): QuoteItem => ({
    kind: 'priced',
    designation: 'Tuiles',
    unit: 'm²',
    quantityMilli,
    unitPriceCents: 100,
    vatRateId: 1,
    vatRate: 2000,
    measure: { groupId: 7, measureIds, valueMilli },
  });
  const now = (entries: [number, number, number][]) =>
    new Map(
      entries.map(([id, groupId, valueMilli]) => [
        id,
        { groupId, groupName: 'Toiture', application: 'pix4d', valueMilli },
      ]),
    );

  it('sums the measures now; a removed one, or one moved to another group, is unknown', () => {
    const items: QuoteItem[] = [
      {
        kind: 'chapter',
        title: 'Couverture',
        items: [{ kind: 'text', text: 'Note' }, measuredLine([1, 2], 300)],
      },
    ];
    expect(
      measureSourcesOf(
        items,
        now([
          [1, 7, 100],
          [2, 7, 200],
        ]),
      )[0],
    ).toMatchObject({
      path: [0, 1],
      currentValueMilli: 300,
      changed: false,
      groupName: 'Toiture',
    });
    expect(
      measureSourcesOf(
        items,
        now([
          [1, 7, 100],
          [2, 7, 250],
        ]),
      )[0],
    ).toMatchObject({
      currentValueMilli: 350,
      changed: true,
    });
    expect(measureSourcesOf(items, now([[1, 7, 100]]))[0]).toMatchObject({
      currentValueMilli: null,
      changed: true,
    });
    expect(
      measureSourcesOf(
        items,
        now([
          [1, 7, 100],
          [2, 8, 200],
        ]),
      )[0],
    ).toMatchObject({
      currentValueMilli: null,
      changed: true,
    });
    expect(measureSourcesOf(items, new Map())[0]).toMatchObject({ groupName: '', currentValueMilli: null });
  });

  it('a measured quantity is the sum inserted: another one is refused on the source', () => {
    expect(measuredQuantityIssues([measuredLine([1], 500)])).toEqual({});
    expect(
      measuredQuantityIssues([{ kind: 'chapter', title: 'A', items: [measuredLine([1], 500, 400)] }]),
    ).toEqual({ 'items.0.items.0.measure.valueMilli': 'invalid' });
  });
});
