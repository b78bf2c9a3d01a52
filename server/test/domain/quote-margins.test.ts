/**
 * The firm's margin view of a quote (issue 22, src/contract/quotes.ts `quoteMargins`): per line,
 * margin = sale − cost; the line margins add up to the margin before discount; the discount lowers
 * the margin by exactly its amount when every line has a cost. Never printed (quote-pdf.ts prints
 * named fields only).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type QuoteContent,
  type QuoteItem,
  type QuotePricedLine,
  quoteAmounts,
  quoteContentIssues,
  quoteMargins,
} from '../../../src/contract/quotes.js';

const RUNS = { numRuns: 500 };

const line = fc.record({
  kind: fc.constantFrom<'priced' | 'option'>('priced', 'priced', 'option'),
  designation: fc.constant('Plaque de plâtre BA13'),
  unit: fc.constant('m²'),
  quantityMilli: fc.integer({ min: -50_000, max: 500_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 2_000_000 }),
  vatRateId: fc.constantFrom(1, 2, 3),
  vatRate: fc.constantFrom(2000, 1000, 550),
  costCents: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: undefined }),
}) as fc.Arbitrary<QuotePricedLine>;

const items: fc.Arbitrary<QuoteItem[]> = fc.array(
  fc.oneof(
    line,
    fc.record({ kind: fc.constant('chapter' as const), title: fc.constant('Lot'), items: fc.array(line) }),
  ),
  { maxLength: 12 },
);

const content = (list: QuoteItem[], discountRate = 0): QuoteContent => ({
  items: list,
  discountRate,
  depositRate: 0,
  reverseCharge: false,
});

/** The same tree, every line with a cost (its own, else 5,00 €). */
const withCost = (list: QuoteItem[]): QuoteItem[] =>
  list.map((item) =>
    item.kind === 'chapter'
      ? { ...item, items: withCost(item.items) }
      : item.kind === 'text'
        ? item
        : { ...item, costCents: item.costCents ?? 500 },
  );

describe('a quote’s margins', () => {
  it('an example: 12,5 m² of plaque at 24,50 € costing 11,30 €, and a line without a cost', () => {
    const margins = quoteMargins(
      content([
        {
          kind: 'priced',
          designation: 'Plaque BA13',
          unit: 'm²',
          quantityMilli: 12_500,
          unitPriceCents: 2_450,
          vatRateId: 1,
          vatRate: 2000,
          costCents: 1_130,
        },
        {
          kind: 'priced',
          designation: 'Sans coût',
          unit: 'u',
          quantityMilli: 1_000,
          unitPriceCents: 10_000,
          vatRateId: 1,
          vatRate: 2000,
        },
      ]),
    );
    // 12,5 × 11,30 = 141,25 €; sale 306,25 €; margin 165,00 €; 2,168; 53,88 %.
    expect(margins.lines[0]).toMatchObject({
      saleHt: 30_625,
      cost: 14_125,
      margin: 16_500,
      coefficientMilli: 2168,
      marginRate: 5388,
    });
    expect(margins.lines[1]).toMatchObject({
      cost: null,
      margin: null,
      coefficientMilli: null,
      marginRate: null,
    });
    expect(margins).toMatchObject({ cost: 14_125, margin: 16_500, ht: 40_625, withoutCost: 1 });
  });

  it('per line, margin = sale − cost; Σ line margins (priced, with a cost) = the margin before discount', () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 0, max: 10_000 }), (list, discountRate) => {
        const c = content(list, discountRate);
        const margins = quoteMargins(c);
        for (const l of margins.lines) {
          if (l.cost === null) expect(l.margin).toBeNull();
          else expect(l.margin).toBe(l.saleHt - l.cost);
        }
        const priced = margins.lines.filter((l) => l.kind === 'priced' && l.margin !== null);
        expect(priced.reduce((sum, l) => sum + (l.margin ?? 0), 0)).toBe(margins.marginBeforeDiscount);
        expect(priced.reduce((sum, l) => sum + (l.cost ?? 0), 0)).toBe(margins.cost);
        expect(margins.ht).toBe(quoteAmounts(c).ht);
      }),
      RUNS,
    );
  });

  it('every priced line with a cost: the margin after discount = total HT − cost = margin before − discount', () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 0, max: 10_000 }), (list, discountRate) => {
        const costed = withCost(list);
        const c = content(costed, discountRate);
        const margins = quoteMargins(c);
        const amounts = quoteAmounts(c);
        expect(margins.withoutCost).toBe(0);
        expect(margins.margin).toBe(amounts.ht - margins.cost);
        expect(margins.margin).toBe(margins.marginBeforeDiscount - amounts.discount);
      }),
      RUNS,
    );
  });

  it('a cost must be an integer ≥ 0 within the bounds; absent is fine', () => {
    const at = (costCents: unknown) =>
      quoteContentIssues(
        content([
          {
            kind: 'priced',
            designation: 'Ligne',
            unit: 'u',
            quantityMilli: 1_000,
            unitPriceCents: 100,
            vatRateId: 1,
            vatRate: 2000,
            costCents: costCents as number,
          },
        ]),
      )['items.0.costCents'];
    expect(at(undefined)).toBeUndefined();
    expect(at(0)).toBeUndefined();
    expect(at(-1)).toBe('number');
    expect(at(1.5)).toBe('number');
    expect(at(100_000_000_001)).toBe('number');
  });
});
