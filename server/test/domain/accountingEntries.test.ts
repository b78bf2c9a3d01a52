/**
 * Property tests: every export entry balances; deposits are advances (4191) that the invoices of the
 * quote clear to zero; reverse charge is 0 % AE on its own account everywhere; VAT falls due on
 * receipts, on debits, or apart for reverse charge; the VAT collected on a payment adds up to it;
 * the FEC is named after the fiscal year's closing date, any other period as an extract.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collectedVat,
  type EntryLine,
  fecFilename,
  isAdvance,
  isFiscalYear,
  paymentEntryLines,
  type RatePart,
  type SalesAccounts,
  salesEntryLines,
  vatBreakdown,
  vatDueOf,
  vatOnIssue,
  vatOnReceipt,
} from '../../src/domain/accountingEntries.js';
import { lineHt, type QuoteContext, quoteTotals } from '../../src/domain/index.js';
import { progressStatement } from '../../src/domain/progress.js';
import { QuoteBook } from './fixtures.js';

const accounts: SalesAccounts = {
  customer: '411000',
  retainage: '411700',
  advances: { account: '419100', label: 'Avances' },
  reverseCharge: { account: '706300', label: 'Ventes autoliquidées' },
  salesFor: (rate) => ({ account: `706${rate}`, label: 'Ventes' }),
  vatFor: (rate) => ({ account: `4457${rate}`, label: 'TVA' }),
};
const customer = { code: '00001', name: 'Client' };
const cents = fc.integer({ min: -50_000_000, max: 50_000_000 });
const part: fc.Arbitrary<RatePart> = fc.record({
  vatRate: fc.constantFrom(0, 550, 1000, 2000),
  ht: cents,
  vat: fc.integer({ min: -10_000_000, max: 10_000_000 }),
  depositHt: fc.integer({ min: -10_000_000, max: 10_000_000 }),
});
const total = (lines: { debit: number; credit: number }[], side: 'debit' | 'credit') =>
  lines.reduce((sum, l) => sum + l[side], 0);
const sale = (byRate: RatePart[], retainage = 0, reverseCharge = false) => ({
  isDeposit: false,
  reverseCharge,
  byRate,
  retainage,
});
const simple = (l: EntryLine[]) => l.map((x) => [x.account, x.debit, x.credit]);

describe('sales entries', () => {
  it('balance, with non-negative sides and one side per line, whatever the invoice (property)', () => {
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 4 }),
        cents,
        fc.boolean(),
        fc.boolean(),
        (byRate, retainage, isDeposit, reverseCharge) => {
          const lines = salesEntryLines({ isDeposit, reverseCharge, byRate, retainage }, customer, accounts);
          expect(total(lines, 'debit')).toBe(total(lines, 'credit'));
          for (const l of lines) {
            expect(l.debit >= 0 && l.credit >= 0).toBe(true);
            expect((l.debit === 0) !== (l.credit === 0)).toBe(true);
          }
          // Nothing of a reverse-charge invoice is booked as a rate's sale.
          if (reverseCharge && !isDeposit)
            expect(lines.filter((l) => l.account.startsWith('706') && l.account !== '706300')).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a credit note mirrors its invoice: debits and credits swap', () => {
    const byRate = [{ vatRate: 2000, ht: 10_000, vat: 2_000 }];
    const invoice = salesEntryLines(sale(byRate, 600), customer, accounts);
    const credit = salesEntryLines(
      sale([{ vatRate: 2000, ht: -10_000, vat: -2_000 }], -600),
      customer,
      accounts,
    );
    expect(credit.map((l) => [l.account, l.debit, l.credit])).toEqual(
      invoice.map((l) => [l.account, l.credit, l.debit]),
    );
    expect(simple(invoice)).toEqual([
      ['411000', 11_400, 0],
      ['411700', 600, 0],
      ['7062000', 0, 10_000],
      ['44572000', 0, 2_000],
    ]);
  });

  it('reverse charge: its own account, no VAT line, whatever rate its lines carry', () => {
    // A subcontractor's 19 260,00 € HT under reverse charge (lines at 20 %): 0 % AE, 706300.
    const lines = salesEntryLines(
      sale([{ vatRate: 2000, ht: 1_926_000, vat: 0 }], 0, true),
      customer,
      accounts,
    );
    expect(simple(lines)).toEqual([
      ['411000', 1_926_000, 0],
      ['706300', 0, 1_926_000],
    ]);
    // The 0 % rate is reverse charge too (the VAT sheet's 0 % is autoliquidation); two rates, one line.
    const mixed = salesEntryLines(
      sale([
        { vatRate: 0, ht: 5_000, vat: 0 },
        { vatRate: 2000, ht: 10_000, vat: 2_000 },
      ]),
      customer,
      accounts,
    );
    expect(simple(mixed)).toEqual([
      ['411000', 17_000, 0],
      ['706300', 0, 5_000],
      ['7062000', 0, 10_000],
      ['44572000', 0, 2_000],
    ]);
  });

  it('a deposit is an advance (4191) with its VAT; the invoice that deducts it debits the advance back', () => {
    const deposit = salesEntryLines(
      {
        isDeposit: true,
        reverseCharge: false,
        byRate: [{ vatRate: 2000, ht: 30_000, vat: 6_000 }],
        retainage: 0,
      },
      customer,
      accounts,
    );
    expect(simple(deposit)).toEqual([
      ['411000', 36_000, 0],
      ['419100', 0, 30_000],
      ['44572000', 0, 6_000],
    ]);
    // The final invoice: 1 000,00 € of works, 300,00 € of deposit deducted, VAT on the rest.
    const final = salesEntryLines(
      sale([{ vatRate: 2000, ht: 70_000, vat: 14_000, depositHt: 30_000 }]),
      customer,
      accounts,
    );
    expect(simple(final)).toEqual([
      ['411000', 84_000, 0],
      ['7062000', 0, 100_000],
      ['419100', 30_000, 0],
      ['44572000', 0, 14_000],
    ]);
  });
});

// Random quotes and their invoicing (deposit, statements, final, credit notes), as
// quote-invoicing.test.ts builds them: what the sales journal books over the whole quote.
const quoteArb: fc.Arbitrary<QuoteContext> = fc
  .record({
    lines: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 5_000_000 }),
        unitPrice: fc.integer({ min: 0, max: 50_000_000 }),
        vatRate: fc.constantFrom(2000, 1000, 550, 0),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    reverseCharge: fc.boolean(),
    retainageRate: fc.integer({ min: 0, max: 500 }),
  })
  .map(({ lines, reverseCharge, retainageRate }) => ({
    lines: lines.map((l, i) => ({ id: i + 1, chapterId: null, ...l })),
    reverseCharge,
    retainageRate,
  }))
  .filter((q) => q.lines.some((l) => lineHt(l.quantity, l.unitPrice) > 0));

describe('a quote in the sales journal (property, 500 runs)', () => {
  it('its invoices clear the deposit to zero, book the whole quote as sales, each entry balanced', () => {
    fc.assert(
      fc.property(
        quoteArb,
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.record({ percent: fc.integer({ min: 0, max: 10_000 }), cancel: fc.boolean() }), {
          maxLength: 4,
        }),
        (q, depositPercent, steps) => {
          const book = new QuoteBook(q);
          book.deposit({ percent: depositPercent });
          let current = 0;
          for (const step of steps) {
            const percent = Math.max(current, step.percent);
            const result = progressStatement(q, book.invoices, {
              lines: q.lines.map((l) => ({ lineId: l.id, percent })),
            });
            if (!result.ok) continue;
            const invoice = book.store('facture', result.value.amounts, { progress: result.value.progress });
            if (step.cancel) book.creditNote(invoice);
            else current = percent;
          }
          if (current < 10_000) book.allLinesTo(10_000);
          const balances = new Map<string, number>();
          for (const invoice of book.invoices) {
            const correctsDeposit = book.invoices.find((i) => i.id === invoice.correctsInvoiceId)?.kind;
            const lines = salesEntryLines(
              {
                isDeposit: invoice.kind === 'factureAcompte' || correctsDeposit === 'factureAcompte',
                reverseCharge: invoice.amounts.reverseCharge,
                byRate: invoice.amounts.byRate,
                retainage: invoice.amounts.retainage,
              },
              customer,
              accounts,
            );
            expect(total(lines, 'debit')).toBe(total(lines, 'credit'));
            for (const l of lines)
              balances.set(l.account, (balances.get(l.account) ?? 0) + l.debit - l.credit);
          }
          const totals = quoteTotals(q);
          // The advance is cleared: what the deposit credited, the statements and final debited.
          expect(balances.get('419100') ?? 0).toBe(0);
          // The customer owes the quote's TTC (retainage included); the sales are the quote's HT.
          expect((balances.get('411000') ?? 0) + (balances.get('411700') ?? 0)).toBe(totals.ttc);
          const sales = [...balances].filter(([a]) => a.startsWith('706')).reduce((s, [, v]) => s - v, 0);
          expect(sales).toBe(totals.ht);
          const reverse = q.reverseCharge
            ? totals.ht
            : totals.byRate.filter((r) => r.vatRate === 0).reduce((s, r) => s + r.ht, 0);
          expect(0 - (balances.get('706300') ?? 0)).toBe(reverse);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('payment entries', () => {
  it('balance and credit the retainage account when they pay the retainage back (property)', () => {
    fc.assert(
      fc.property(cents, fc.boolean(), (amount, isRetainage) => {
        const lines = paymentEntryLines(
          { amount, isRetainage },
          customer,
          { account: '512', label: 'B' },
          accounts,
        );
        expect(total(lines, 'debit')).toBe(total(lines, 'credit'));
        if (amount !== 0) expect(lines[1]!.account).toBe(isRetainage ? '411700' : '411000');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('VAT due', () => {
  const positive = fc.record({
    vatRate: fc.constantFrom(0, 550, 1000, 2000),
    ht: fc.integer({ min: 0, max: 50_000_000 }),
    vat: fc.integer({ min: 0, max: 10_000_000 }),
  });

  it('collected on a payment: base plus VAT per rate add up to the amount, to the cent (property)', () => {
    fc.assert(
      fc.property(fc.array(positive, { minLength: 1, maxLength: 4 }), cents, (byRate, amount) => {
        const parts = collectedVat(amount, byRate);
        expect(parts.reduce((sum, p) => sum + p.base + p.vat, 0)).toBe(amount);
      }),
      { numRuns: 1000 },
    );
    // 1 200,00 € paid on a 20 % invoice of 1 000,00 € HT: 200,00 € of VAT collected.
    expect(collectedVat(120_000, [{ vatRate: 2000, ht: 100_000, vat: 20_000 }])).toEqual([
      { vatRate: 2000, base: 100_000, vat: 20_000 },
    ]);
    // Half paid on a two-rate invoice: each rate collects half of its VAT.
    expect(
      collectedVat(63_000, [
        { vatRate: 2000, ht: 50_000, vat: 10_000 },
        { vatRate: 1000, ht: 60_000, vat: 6_000 },
      ]),
    ).toEqual([
      { vatRate: 2000, base: 25_000, vat: 5_000 },
      { vatRate: 1000, base: 30_000, vat: 3_000 },
    ]);
  });

  it('on receipts for services, on the issue under the debits option or for goods (CGI art. 269-2)', () => {
    expect(vatDueOf({ vatOnDebits: false, operationNature: 'services' })).toBe('receipts');
    expect(vatDueOf({ vatOnDebits: false, operationNature: 'mixed' })).toBe('receipts');
    expect(vatDueOf({ vatOnDebits: true, operationNature: 'services' })).toBe('debits');
    expect(vatDueOf({ vatOnDebits: false, operationNature: 'goods' })).toBe('debits');
    const byRate = [{ vatRate: 2000, ht: 100_000, vat: 20_000 }];
    // Each invoice counts once: on its payments, or on its issue, never both.
    expect(vatOnReceipt(120_000, { reverseCharge: false, byRate, due: 'debits' })).toEqual([]);
    expect(vatOnIssue({ reverseCharge: false, byRate, due: 'receipts' })).toEqual([]);
    expect(vatOnIssue({ reverseCharge: false, byRate, due: 'debits' })).toEqual([
      { kind: 'debits', vatRate: 2000, base: 100_000, vat: 20_000 },
    ]);
  });

  it('reverse charge is apart, at 0 % without VAT, never in a rate line, on receipts or on debits (property)', () => {
    fc.assert(
      fc.property(
        fc.array(positive, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.boolean(),
        fc.constantFrom('receipts' as const, 'debits' as const),
        (parts, amount, reverseCharge, due) => {
          const byRate = reverseCharge ? parts.map((p) => ({ ...p, vat: 0 })) : parts;
          const lines =
            due === 'receipts'
              ? vatOnReceipt(amount, { reverseCharge, byRate, due })
              : vatOnIssue({ reverseCharge, byRate, due });
          for (const l of lines) {
            const reverse = reverseCharge || l.vatRate === 0;
            if (l.kind === 'reverseCharge') expect([l.vatRate, l.vat]).toEqual([0, 0]);
            else expect(reverse).toBe(false);
          }
          const sum = lines.reduce((s, l) => s + l.base + l.vat, 0);
          if (due === 'receipts') expect(sum).toBe(amount);
          else expect(sum).toBe(byRate.reduce((s, p) => s + p.ht + p.vat, 0));
        },
      ),
      { numRuns: 1000 },
    );
    // The 19 260,00 € of reverse charge paid: its own line, nothing in the 20 % line.
    expect(
      vatOnReceipt(1_926_000, {
        reverseCharge: true,
        byRate: [{ vatRate: 2000, ht: 1_926_000, vat: 0 }],
        due: 'receipts',
      }),
    ).toEqual([{ kind: 'reverseCharge', vatRate: 0, base: 1_926_000, vat: 0 }]);
  });

  it("the API's breakdown of a reverse-charge invoice says 0 %, as its XML and PDF do", () => {
    expect(
      vatBreakdown(
        [
          { vatRate: 2000, ht: 1_000_000, vat: 0 },
          { vatRate: 1000, ht: 926_000, vat: 0 },
        ],
        true,
      ),
    ).toEqual([{ vatRate: 0, ht: 1_926_000, vat: 0, reverseCharge: true }]);
    expect(vatBreakdown([{ vatRate: 2000, ht: 100, vat: 20 }], false)).toEqual([
      { vatRate: 2000, ht: 100, vat: 20, reverseCharge: false },
    ]);
  });
});

describe('the FEC file name (article A47 A-1, IX: SirenFECAAAAMMJJ, the closing date)', () => {
  const calendar = { start: '2026-01-01', end: '2026-12-31' };
  it('a fiscal year, this one or another with the same days, is named after its closing date', () => {
    expect(fecFilename('732 829 320 00074', { from: '2026-01-01', to: '2026-12-31' }, calendar)).toBe(
      '732829320FEC20261231.txt',
    );
    expect(isFiscalYear({ from: '2024-01-01', to: '2024-12-31' }, calendar)).toBe(true);
    const july = { start: '2025-07-01', end: '2026-06-30' };
    expect(fecFilename('73282932000074', { from: '2023-07-01', to: '2024-06-30' }, july)).toBe(
      '732829320FEC20240630.txt',
    );
    // A year closing on the last day of February keeps closing on the last day.
    const february = { start: '2023-03-01', end: '2024-02-29' };
    expect(isFiscalYear({ from: '2024-03-01', to: '2025-02-28' }, february)).toBe(true);
    expect(isFiscalYear({ from: '2027-03-01', to: '2028-02-29' }, february)).toBe(true);
  });

  it('any other period, or no fiscal year set, is an extract and says so', () => {
    expect(fecFilename('73282932000074', { from: '2026-01-01', to: '2026-03-31' }, calendar)).toBe(
      '732829320FEC-extrait_20260101-20260331.txt',
    );
    expect(isFiscalYear({ from: '2026-01-02', to: '2026-12-31' }, calendar)).toBe(false);
    expect(isFiscalYear({ from: '2026-01-01', to: '2026-12-31' }, { start: null, end: null })).toBe(false);
  });
});

describe('advances', () => {
  it('a deposit and the credit note that cancels it are advances; every other invoice is a sale', () => {
    expect(isAdvance('deposit', '')).toBe(true);
    expect(isAdvance('credit_note', 'deposit')).toBe(true);
    for (const [kind, credited] of [
      ['final', ''],
      ['progress', ''],
      ['simple', ''],
      ['credit_note', 'final'],
    ] as const)
      expect(isAdvance(kind, credited)).toBe(false);
  });
});
