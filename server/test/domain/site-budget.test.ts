import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryCostCents, jobBudget, proposedChapterProgress } from '../../src/domain/siteBudget.js';

const quote = fc.record({
  saleExclTaxCents: fc.integer({ min: 0, max: 1_000_000_000 }),
  costCents: fc.integer({ min: 0, max: 1_000_000_000 }),
  linesWithoutCost: fc.integer({ min: 0, max: 50 }),
});
const entry = fc.record({
  minutes: fc.integer({ min: 1, max: 1440 }),
  hourlyCostCents: fc.integer({ min: 0, max: 20_000 }),
});
const purchase = fc.record({ exclTaxCents: fc.integer({ min: -10_000_000, max: 100_000_000 }) });
const input = fc.record({
  quotes: fc.array(quote, { maxLength: 4 }),
  timeEntries: fc.array(entry, { maxLength: 60 }),
  purchases: fc.array(purchase, { maxLength: 20 }),
});

describe('a job budget against its actual cost', () => {
  it('costs an entry at its hourly cost, rounded half up to the cent', () => {
    expect(entryCostCents(60, 3_500)).toBe(3_500);
    expect(entryCostCents(450, 3_500)).toBe(26_250); // 7 h 30 at 35 €
    expect(entryCostCents(1, 3_530)).toBe(59); // 58,83 c
    expect(entryCostCents(1, 3_030)).toBe(51); // 50,5 c → 51
  });

  it('reads a worked example: 37 h 30 at 35 €, a 1 200 € purchase, against a 4 000 € budget sold 6 000 €', () => {
    const budget = jobBudget({
      quotes: [{ saleExclTaxCents: 600_000, costCents: 400_000, linesWithoutCost: 1 }],
      timeEntries: Array.from({ length: 5 }, () => ({ minutes: 450, hourlyCostCents: 3_500 })),
      purchases: [{ exclTaxCents: 120_000 }],
    });
    expect(budget).toEqual({
      saleExclTaxCents: 600_000,
      budgetCostCents: 400_000,
      budgetMarginCents: 200_000,
      minutes: 2_250,
      labourCostCents: 131_250,
      purchasesCents: 120_000,
      actualCostCents: 251_250,
      marginCents: 348_750,
      remainingBudgetCents: 148_750,
      consumedBasisPoints: 6_281,
      linesWithoutCost: 1,
    });
  });

  it('actual = labour + purchases, margin = sale − actual, remaining = budget − actual (whole cents)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = jobBudget(i);
        expect(b.actualCostCents).toBe(b.labourCostCents + b.purchasesCents);
        expect(b.marginCents).toBe(b.saleExclTaxCents - b.actualCostCents);
        expect(b.remainingBudgetCents).toBe(b.budgetCostCents - b.actualCostCents);
        expect(b.budgetMarginCents).toBe(b.saleExclTaxCents - b.budgetCostCents);
        for (const value of [b.labourCostCents, b.actualCostCents, b.marginCents])
          expect(Number.isInteger(value)).toBe(true);
      }),
    );
  });

  it('each hour entered or purchase recorded lowers the margin by exactly its own cost', () => {
    fc.assert(
      fc.property(input, entry, purchase, (i, e, p) => {
        const before = jobBudget(i);
        const withEntry = jobBudget({ ...i, timeEntries: [...i.timeEntries, e] });
        expect(before.marginCents - withEntry.marginCents).toBe(entryCostCents(e.minutes, e.hourlyCostCents));
        const withPurchase = jobBudget({ ...i, purchases: [...i.purchases, p] });
        expect(before.marginCents - withPurchase.marginCents).toBe(p.exclTaxCents);
      }),
    );
  });

  it('does not depend on the order of the entries (each is rounded on its own)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const reversed = {
          ...i,
          timeEntries: [...i.timeEntries].reverse(),
          purchases: [...i.purchases].reverse(),
        };
        expect(jobBudget(reversed)).toEqual(jobBudget(i));
      }),
    );
  });

  it('says no consumption without a budget, never a division by zero', () => {
    expect(
      jobBudget({ quotes: [], timeEntries: [{ minutes: 60, hourlyCostCents: 100 }], purchases: [] }),
    ).toMatchObject({
      consumedBasisPoints: null,
      marginCents: -100,
    });
  });
});

describe('the progress proposed to the next statement', () => {
  it('takes the site progress per chapter, never below what is invoiced; none without a site record', () => {
    const proposal = proposedChapterProgress(
      new Map([
        ['Maçonnerie', 6_000],
        ['Peinture', 2_000],
      ]),
      new Map([
        ['Peinture', 3_000],
        ['Plomberie', 5_000],
      ]),
      ['Maçonnerie', 'Peinture', 'Plomberie'],
    );
    expect([...proposal]).toEqual([
      ['Maçonnerie', 6_000],
      ['Peinture', 3_000],
      ['Plomberie', null],
    ]);
  });
});
