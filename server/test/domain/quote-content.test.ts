import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ContentIssues,
  defaultValidUntil,
  depositInvoice,
  discountedLineAmounts,
  type QuoteContent,
  type QuoteItem,
  type QuotePricedLine,
  quoteAmounts,
  quoteContentIssues,
  quoteItemsFromRows,
  quoteRows,
  quoteSendIssues,
  quoteTextLimits,
  quoteTotals,
  sumCents,
} from '../../src/domain/index.js';
import { quote, unwrap } from './fixtures.js';

const RUNS = { numRuns: 1000 };

/** A priced line: quantity and unit price as decimals, VAT rate in basis points. */
function priced(
  quantity: number,
  unitPrice: number,
  vatRate = 2000,
  kind: 'priced' | 'option' = 'priced',
): QuotePricedLine {
  return {
    kind,
    designation: 'Pose de carrelage',
    unit: 'm²',
    quantityMilli: Math.round(quantity * 1000),
    unitPriceCents: Math.round(unitPrice * 100),
    vatRateId: vatRate,
    vatRate,
  };
}
const chapter = (title: string, ...items: QuoteItem[]): QuoteItem => ({ kind: 'chapter', title, items });
const content = (items: QuoteItem[], options: Partial<Omit<QuoteContent, 'items'>> = {}): QuoteContent => ({
  items,
  discountRate: 0,
  depositRate: 0,
  reverseCharge: false,
  ...options,
});

describe('a quote’s amounts', () => {
  // Lot 1 (Maçonnerie) with a sub-chapter; Lot 2 with an option; a loose text line.
  const example = content(
    [
      chapter(
        'Maçonnerie',
        priced(2.345, 42.67, 1000), // 100,06115 → 100,06 €
        chapter('Fondations', priced(7.25, 41.17, 2000)), // 298,4825 → 298,48 €
      ),
      chapter('Peinture', priced(12.5, 18, 1000), priced(1, 250, 1000, 'option')), // 225,00 €; option 250 €
      { kind: 'text', text: 'Travaux réalisés selon le DTU 26.1.' },
    ],
    { discountRate: 500, depositRate: 3000 },
  );
  const amounts = quoteAmounts(example);

  it('rounds each line, sums chapters and sub-chapters, and leaves options out', () => {
    expect(amounts.lines.map((l) => [l.path, l.kind, l.ht])).toEqual([
      [[0, 0], 'priced', 10_006],
      [[0, 1, 0], 'priced', 29_848],
      [[1, 0], 'priced', 22_500],
      [[1, 1], 'option', 25_000],
    ]);
    expect(amounts.chapters).toEqual([
      { path: [0], title: 'Maçonnerie', ht: 39_854, optionsHt: 0 },
      { path: [0, 1], title: 'Fondations', ht: 29_848, optionsHt: 0 },
      { path: [1], title: 'Peinture', ht: 22_500, optionsHt: 25_000 },
    ]);
    expect(amounts.grossHt).toBe(62_354);
    expect(amounts.optionsHt).toBe(25_000);
  });

  it('discounts the total, split over the rates to the cent, then VAT per rate on the discounted base', () => {
    // 5 % of 623,54 € = 31,177 → 31,18 €, split in proportion to the rates' bases: 20 % (298,48 €)
    // 14,9253…, 10 % (325,06 €) 16,2546…; floors 14,92 and 16,25 leave one cent, to the larger
    // remainder (0,53 against 0,46): 14,93 € and 16,25 €.
    expect(amounts.discount).toBe(3_118);
    expect(amounts.byRate).toEqual([
      { vatRate: 2000, grossHt: 29_848, discount: 1_493, ht: 28_355, vat: 5_671 },
      { vatRate: 1000, grossHt: 32_506, discount: 1_625, ht: 30_881, vat: 3_088 },
    ]);
    expect(amounts).toMatchObject({ ht: 59_236, vat: 8_759, ttc: 67_995 });
  });

  it('asks the deposit a deposit invoice of that percentage would bill', () => {
    // 30 % of each discounted base: 85,065 → 85,07 € (VAT 17,014 → 17,01); 92,643 → 92,64 € (VAT 9,26).
    expect(amounts.deposit).toEqual({ rate: 3000, ht: 17_771, vat: 2_627, ttc: 20_398 });
  });

  it('gives no VAT under reverse charge', () => {
    const reverse = quoteAmounts({ ...example, reverseCharge: true });
    expect(reverse.vat).toBe(0);
    expect(reverse.ttc).toBe(reverse.ht);
    expect(reverse.deposit.vat).toBe(0);
  });
});

describe('a quote’s content', () => {
  const valid = content([
    chapter('Lot 1', chapter('Sous-lot', priced(1, 10))),
    { kind: 'text', text: 'Note' },
  ]);

  it('accepts chapters and sub-chapters, refuses a third level', () => {
    expect(quoteContentIssues(valid)).toEqual({});
    const deep = content([chapter('Lot', chapter('Sous-lot', chapter('Trop profond', priced(1, 1))))]);
    expect(quoteContentIssues(deep)).toEqual({ 'items.0.items.0.items.0': 'invalid' });
  });

  it('measures texts as the invoices do, and requires a designation, a title and a text', () => {
    const at = (max: number, extra = 0) => 'x'.repeat(max + extra);
    const long = content([
      chapter(at(quoteTextLimits.chapter, 1), { ...priced(1, 1), unit: at(quoteTextLimits.unit, 1) }),
      { ...priced(1, 1), designation: at(quoteTextLimits.designation, 1) },
      { kind: 'text', text: at(quoteTextLimits.text, 1) },
      chapter(' ', { ...priced(1, 1), designation: '' }, { kind: 'text', text: '' }),
    ]);
    expect(quoteContentIssues(long)).toEqual<ContentIssues>({
      'items.0.title': 'too_long',
      'items.0.items.0.unit': 'too_long',
      'items.1.designation': 'too_long',
      'items.2.text': 'too_long',
      'items.3.title': 'required',
      'items.3.items.0.designation': 'required',
      'items.3.items.1.text': 'required',
    });
    const atMax = content([
      chapter(at(quoteTextLimits.chapter), { ...priced(1, 1), unit: at(quoteTextLimits.unit) }),
      { ...priced(1, 1), designation: at(quoteTextLimits.designation) },
      { kind: 'text', text: at(quoteTextLimits.text) },
    ]);
    expect(quoteContentIssues(atMax)).toEqual({});
  });

  it('takes integers in bounds: thousandths, cents, basis points, and the company’s rates only', () => {
    const bad = content(
      [
        { ...priced(1, 1), quantityMilli: 1.5 },
        { ...priced(1, 1), unitPriceCents: 100_000_000_001 },
        { ...priced(1, 1), vatRate: 10_001, vatRateId: 99 },
      ],
      { discountRate: 10_001, depositRate: -1 },
    );
    expect(quoteContentIssues(bad, new Set([2000]))).toEqual({
      'items.0.quantityMilli': 'number',
      'items.1.unitPriceCents': 'number',
      'items.2.vatRate': 'number',
      'items.2.vatRateId': 'invalid',
      discountRate: 'number',
      depositRate: 'number',
    });
    expect(quoteContentIssues(content([], { discountRate: 10_000, depositRate: 10_000 }))).toEqual({});
  });

  it('refuses a line whose amount would pass 1 000 000 000,00 €, each of its numbers in bounds', () => {
    const huge = content([
      { ...priced(1, 1), quantityMilli: 1_000_000_000, unitPriceCents: 100_000_000_000 },
    ]);
    expect(quoteContentIssues(huge)).toEqual({ 'items.0.quantityMilli': 'number' });
    const atMax = content([{ ...priced(1, 1), quantityMilli: -1000, unitPriceCents: 100_000_000_000 }]);
    expect(quoteContentIssues(atMax)).toEqual({});
  });

  it('refuses an unknown kind of item, and more than 2000 items', () => {
    const odd = content([{ kind: 'picture' } as unknown as QuoteItem]);
    expect(quoteContentIssues(odd)).toEqual({ 'items.0': 'invalid' });
    const many = content([chapter('Lot', ...Array.from({ length: 2000 }, () => priced(1, 1)))]);
    expect(quoteContentIssues(many)).toEqual({ items: 'too_long' });
  });

  it('is sent only once it prices something (an option or a text line alone does not)', () => {
    expect(quoteSendIssues(content([priced(1, 1, 2000, 'option'), { kind: 'text', text: 'a' }]))).toEqual({
      items: 'required',
    });
    expect(quoteSendIssues(valid)).toEqual({});
  });

  it('is valid 30 days by default, from its date', () => {
    expect(defaultValidUntil('2026-01-15')).toBe('2026-02-14');
    expect(defaultValidUntil('2026-12-15', 45)).toBe('2027-01-29');
  });
});

// Random quotes: up to 3 chapters of up to 3 sub-chapters, lines at 4 rates, some options and texts.
const rate = fc.constantFrom(2000, 1000, 550, 0);
const line: fc.Arbitrary<QuoteItem> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant<'priced'>('priced'),
      designation: fc.constant('Ligne'),
      unit: fc.constant('u'),
      quantityMilli: fc.integer({ min: -2_000, max: 2_000_000 }),
      unitPriceCents: fc.integer({ min: 0, max: 5_000_000 }),
      vatRateId: fc.constant(1),
      vatRate: rate,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant<'option'>('option'),
      designation: fc.constant('Option'),
      unit: fc.constant('u'),
      quantityMilli: fc.integer({ min: 0, max: 2_000_000 }),
      unitPriceCents: fc.integer({ min: 0, max: 5_000_000 }),
      vatRateId: fc.constant(1),
      vatRate: rate,
    }),
  },
  { weight: 1, arbitrary: fc.constant<QuoteItem>({ kind: 'text', text: 'Texte' }) },
);
const sub = fc.array(line, { maxLength: 5 }).map((items) => chapter('Sous-chapitre', ...items));
const lot = fc
  .array(fc.oneof({ weight: 3, arbitrary: line }, { weight: 1, arbitrary: sub }), { maxLength: 5 })
  .map((items) => chapter('Lot', ...items));
const arbitraryContent = fc.record({
  items: fc.array(fc.oneof(line, lot), { maxLength: 6 }),
  discountRate: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  depositRate: fc.integer({ min: 0, max: 10_000 }),
  reverseCharge: fc.boolean(),
});

describe('properties of a quote’s amounts', () => {
  it('chapters and loose lines add up to the total; sub-chapters to their chapter; all integers', () => {
    fc.assert(
      fc.property(arbitraryContent, (c) => {
        expect(quoteContentIssues(c)).toEqual({});
        const a = quoteAmounts(c);
        const top = a.chapters.filter((ch) => ch.path.length === 1);
        const loose = a.lines.filter((l) => l.kind === 'priced' && l.path.length === 1);
        expect(sumCents(top.map((ch) => ch.ht)) + sumCents(loose.map((l) => l.ht))).toBe(a.grossHt);
        for (const ch of top) {
          const inside = a.lines.filter(
            (l) => l.kind === 'priced' && l.path.length === 2 && l.path[0] === ch.path[0],
          );
          const subs = a.chapters.filter((s) => s.path.length === 2 && s.path[0] === ch.path[0]);
          expect(sumCents(subs.map((s) => s.ht)) + sumCents(inside.map((l) => l.ht))).toBe(ch.ht);
        }
        const numbers = [
          ...a.lines.map((l) => l.ht),
          ...a.chapters.flatMap((ch) => [ch.ht, ch.optionsHt]),
          ...a.byRate.flatMap((r) => [r.grossHt, r.discount, r.ht, r.vat]),
          a.grossHt,
          a.discount,
          a.ht,
          a.vat,
          a.ttc,
          a.optionsHt,
          a.deposit.ht,
          a.deposit.vat,
          a.deposit.ttc,
        ];
        expect(numbers.every(Number.isSafeInteger)).toBe(true);
        expect(a.ttc).toBe(a.ht + a.vat);
      }),
      RUNS,
    );
  });

  it('splits the discount exactly: per-rate bases sum to the total HT after discount', () => {
    fc.assert(
      fc.property(arbitraryContent, (c) => {
        const a = quoteAmounts(c);
        expect(sumCents(a.byRate.map((r) => r.ht))).toBe(a.grossHt - a.discount);
        expect(a.ht).toBe(a.grossHt - a.discount);
        expect(sumCents(a.byRate.map((r) => r.discount))).toBe(a.discount);
        // The discount shown is the percentage of the total, rounded once (none on a total ≤ 0).
        const expected = a.grossHt > 0 ? Math.round((a.grossHt * c.discountRate) / 10_000) : 0;
        expect(Math.abs(a.discount - expected)).toBeLessThanOrEqual(a.grossHt > 1e12 ? 1 : 0);
        for (const r of a.byRate) {
          expect(r.ht).toBe(r.grossHt - r.discount);
          // No rate's base is pushed below zero, nor any rate discounted beyond its own share + 1 cent
          // (+ 2 beyond 10^12 cents, where the total's own rounding may already be a cent off, above:
          // found by seed 909283647).
          if (r.grossHt >= 0) expect(r.ht).toBeGreaterThanOrEqual(0);
          expect(r.discount).toBeLessThanOrEqual(
            Math.max(0, (r.grossHt * c.discountRate) / 10_000) + (a.grossHt > 1e12 ? 2 : 1),
          );
        }
      }),
      RUNS,
    );
  });

  it('never counts options in any total', () => {
    fc.assert(
      fc.property(arbitraryContent, (c) => {
        const withoutOptions = (items: QuoteItem[]): QuoteItem[] =>
          items
            .filter((i) => i.kind !== 'option')
            .map((i) => (i.kind === 'chapter' ? { ...i, items: withoutOptions(i.items) } : i));
        const a = quoteAmounts(c);
        const b = quoteAmounts({ ...c, items: withoutOptions(c.items) });
        expect({ ...b.byRate, ht: b.ht, vat: b.vat, ttc: b.ttc, deposit: b.deposit }).toEqual({
          ...a.byRate,
          ht: a.ht,
          vat: a.vat,
          ttc: a.ttc,
          deposit: a.deposit,
        });
        expect(b.chapters.map((ch) => ch.ht)).toEqual(a.chapters.map((ch) => ch.ht));
      }),
      RUNS,
    );
  });

  it('with no discount, is exactly the invoicing domain’s quote totals, and its deposit the deposit invoice’s', () => {
    fc.assert(
      fc.property(arbitraryContent, (raw) => {
        const c = { ...raw, discountRate: 0 };
        const a = quoteAmounts(c);
        expect(a.discount).toBe(0);
        expect(a.byRate.every((r) => r.discount === 0 && r.ht === r.grossHt)).toBe(true);
        // The same lines as the invoicing domain sees them (thousandths ×10, cents ×100: Fixed4).
        const context = quote(
          a.lines
            .filter((l) => l.kind === 'priced')
            .map((l, i) => {
              const src = lineAt(c.items, l.path);
              return {
                id: i + 1,
                chapterId: null,
                quantity: src.quantityMilli * 10,
                unitPrice: src.unitPriceCents * 100,
                vatRate: src.vatRate,
              };
            }),
          { reverseCharge: c.reverseCharge },
        );
        const totals = quoteTotals(context);
        expect(a.byRate.map(({ vatRate, ht, vat }) => ({ vatRate, ht, vat }))).toEqual(totals.byRate);
        expect([a.ht, a.vat, a.ttc]).toEqual([totals.ht, totals.vat, totals.ttc]);
        if (c.depositRate > 0 && totals.ht > 0 && totals.byRate.every((r) => r.ht >= 0)) {
          const deposit = unwrap(depositInvoice(context, [], { percent: c.depositRate }));
          expect([a.deposit.ht, a.deposit.vat, a.deposit.ttc]).toEqual([
            deposit.ht,
            deposit.vat,
            deposit.ttc,
          ]);
        }
      }),
      RUNS,
    );
  });

  it('splits each rate’s discount over its lines so that they add up to the rate’s base', () => {
    fc.assert(
      fc.property(arbitraryContent, (c) => {
        const a = quoteAmounts(c);
        const lines = discountedLineAmounts(c);
        for (const r of a.byRate) {
          expect(sumCents(lines.filter((l) => l.vatRate === r.vatRate).map((l) => l.ht))).toBe(r.ht);
        }
        if (c.discountRate === 0) {
          expect(lines.map((l) => l.ht)).toEqual(a.lines.filter((l) => l.kind === 'priced').map((l) => l.ht));
        }
      }),
      RUNS,
    );
  });

  it('has amounts for every content without issues, whatever its numbers (never a 5xx)', () => {
    const wide = fc.record({
      kind: fc.constantFrom<'priced' | 'option'>('priced', 'option'),
      designation: fc.constant('Ligne'),
      unit: fc.constant('u'),
      quantityMilli: fc.oneof(fc.integer(), fc.integer({ min: -1_000_000_000, max: 1_000_000_000 })),
      unitPriceCents: fc.oneof(fc.integer(), fc.constantFrom(100_000_000_000, -100_000_000_000)),
      vatRateId: fc.constant(1),
      vatRate: fc.integer({ min: -1, max: 10_001 }),
    });
    fc.assert(
      fc.property(
        fc.array(wide, { maxLength: 2000 }),
        fc.integer({ min: -1, max: 10_001 }),
        fc.integer({ min: -1, max: 10_001 }),
        (items, discountRate, depositRate) => {
          const c = content(items, { discountRate, depositRate });
          if (Object.keys(quoteContentIssues(c)).length > 0) return;
          const a = quoteAmounts(c);
          expect(Number.isSafeInteger(a.ttc) && Number.isSafeInteger(a.deposit.ttc)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the tree through its stored rows', () => {
    fc.assert(
      fc.property(arbitraryContent, (c) => {
        const rows = quoteRows(c.items);
        expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
        expect(quoteItemsFromRows([...rows].reverse())).toEqual(c.items);
      }),
      { numRuns: 300 },
    );
  });
});

function lineAt(items: readonly QuoteItem[], path: readonly number[]): QuotePricedLine {
  let item = items[path[0] as number] as QuoteItem;
  for (const i of path.slice(1)) item = (item as { items: QuoteItem[] }).items[i] as QuoteItem;
  return item as QuotePricedLine;
}
