import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPayment,
  creditNoteAmounts,
  invoiceBalance,
  type PaymentRequest,
  type PaymentTarget,
} from '../../src/domain/index.js';
import { line, QuoteBook, quote } from './fixtures.js';

const target = (over: Partial<PaymentTarget> = {}): PaymentTarget => ({
  kind: 'final',
  status: 'VALIDATED',
  date: '2026-03-10',
  cancelled: false,
  balance: 12_000,
  paymentCount: 0,
  jobHasRetainage: false,
  ...over,
});
const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  amountCents: 5_000,
  paidOn: '2026-03-12',
  mode: 'transfer',
  isRetainage: false,
  ...over,
});
const refusal = (t: PaymentTarget, r: PaymentRequest) => {
  const result = checkPayment(t, r);
  return result.ok ? null : result.key;
};

describe('payment rules (spec section 5)', () => {
  it('a credit-note payment must be zero', () => {
    expect(refusal(target(), request({ mode: 'avoir', amountCents: 1 }))).toBe('credit_payment_nonzero');
    expect(refusal(target(), request({ mode: 'avoir', amountCents: 0 }))).toBeNull();
  });

  it('a credit-note payment is refused when the job has retainage', () => {
    expect(refusal(target({ jobHasRetainage: true }), request({ mode: 'avoir', amountCents: 0 }))).toBe(
      'credit_payment_retainage',
    );
  });

  it('a credit-note payment is refused when the invoice already has received payments', () => {
    expect(refusal(target({ paymentCount: 1 }), request({ mode: 'avoir', amountCents: 0 }))).toBe(
      'credit_payment_invoice_has_payments',
    );
  });

  it('a payment dated before the issue needs the answer « reçu avant l’émission »', () => {
    const early = request({ paidOn: '2026-03-09' });
    expect(refusal(target(), early)).toBe('payment_before_issuance');
    expect(refusal(target(), { ...early, receivedBeforeIssuance: false })).toBe('payment_before_issuance');
    expect(refusal(target(), { ...early, receivedBeforeIssuance: true })).toBeNull();
    expect(refusal(target(), request({ paidOn: '2026-03-10' }))).toBeNull();
  });

  it('pays only a validated invoice that is not a credit note nor cancelled, with a positive amount', () => {
    expect(refusal(target({ status: 'PROVISOIRE' }), request())).toBe('invoice_not_payable');
    expect(refusal(target({ kind: 'credit_note' }), request())).toBe('invoice_not_payable');
    expect(refusal(target({ cancelled: true }), request())).toBe('invoice_not_payable');
    expect(refusal(target(), request({ amountCents: 0 }))).toBe('payment_amount_invalid');
    expect(refusal(target(), request({ amountCents: -5 }))).toBe('payment_amount_invalid');
  });

  it('never more than the balance', () => {
    expect(refusal(target(), request({ amountCents: 12_000 }))).toBeNull();
    expect(refusal(target(), request({ amountCents: 12_001 }))).toBe('payment_exceeds_balance');
  });
});

// Any invoice of a quote: lines at several rates, a deposit deducted, a retainage.
const invoiceArb = fc
  .record({
    prices: fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 3 }),
    rates: fc.array(fc.constantFrom(2000, 1000, 550, 0), { minLength: 3, maxLength: 3 }),
    deposit: fc.integer({ min: 0, max: 5000 }),
    retainageRate: fc.integer({ min: 0, max: 500 }),
    progress: fc.integer({ min: 1, max: 10_000 }),
  })
  .map(({ prices, rates, deposit, retainageRate, progress }) => {
    const book = new QuoteBook(
      quote(
        prices.map((price, i) => line(i + 1, 1, price / 100, rates[i])),
        { retainageRate },
      ),
    );
    if (deposit > 0) book.deposit({ percent: deposit });
    return book.allLinesTo(progress).amounts;
  });

describe('payment properties', () => {
  it('payments accepted one after another never take the balance below zero, and paying it all leaves exactly 0', () => {
    fc.assert(
      fc.property(
        invoiceArb,
        fc.array(fc.integer({ min: -100, max: 2_000_000 }), { maxLength: 8 }),
        (amounts, tries) => {
          const paid: number[] = [];
          const balanceNow = () => invoiceBalance({ amounts, creditNotes: [], payments: paid });
          for (const amountCents of tries) {
            const before = balanceNow();
            const result = checkPayment(
              target({ balance: before, paymentCount: paid.length }),
              request({ amountCents }),
            );
            if (result.ok) paid.push(amountCents);
            expect(result.ok).toBe(amountCents > 0 && amountCents <= before);
            expect(balanceNow()).toBeGreaterThanOrEqual(0);
          }
          const rest = balanceNow();
          if (rest > 0) {
            expect(checkPayment(target({ balance: rest }), request({ amountCents: rest })).ok).toBe(true);
            paid.push(rest);
          }
          expect(balanceNow()).toBe(0);
          // To the cent: what was paid is the TTC minus the deposits deducted and the retainage.
          expect(paid.reduce((s, p) => s + p, 0)).toBe(
            amounts.ttc + amounts.depositTtc - amounts.depositTtc - amounts.retainage,
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('after a credit note, nothing more can be paid but a zero credit-note payment', () => {
    fc.assert(
      fc.property(invoiceArb, fc.integer({ min: 1, max: 1e8 }), (amounts, amountCents) => {
        const balance = invoiceBalance({ amounts, creditNotes: [creditNoteAmounts(amounts)], payments: [] });
        expect(balance).toBe(0);
        expect(checkPayment(target({ balance, cancelled: true }), request({ amountCents })).ok).toBe(false);
        expect(
          checkPayment(target({ balance, cancelled: true }), request({ mode: 'avoir', amountCents: 0 })).ok,
        ).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
