import { describe, expect, it } from 'vitest';
import { type PaymentTarget, paidBeforeIssuance, paymentAmountRefusal, paymentRefusal } from './payments';

const target: PaymentTarget = {
  kind: 'final',
  status: 'VALIDATED',
  date: '2026-03-10',
  cancelled: false,
  balance: 12_000,
  paymentCount: 0,
  jobHasRetainage: false,
};

describe('the payment rule both sides apply', () => {
  it('takes a positive whole amount up to what is owed, and refuses the rest with the server’s keys', () => {
    expect(paymentAmountRefusal(12_000, 12_000)).toBeNull();
    expect(paymentAmountRefusal(1, 12_000)).toBeNull();
    expect(paymentAmountRefusal(12_001, 12_000)).toBe('payment_exceeds_balance');
    expect(paymentAmountRefusal(0, 12_000)).toBe('payment_amount_invalid');
    expect(paymentAmountRefusal(-5, 12_000)).toBe('payment_amount_invalid');
    expect(paymentAmountRefusal(10.5, 12_000)).toBe('payment_amount_invalid');
  });

  it('asks about a payment dated before the invoice, and the whole rule says the amount’s refusal', () => {
    expect(paidBeforeIssuance('2026-03-09', '2026-03-10')).toBe(true);
    expect(paidBeforeIssuance('2026-03-10', '2026-03-10')).toBe(false);
    const request = {
      amountCents: 12_001,
      paidOn: '2026-03-10',
      mode: 'transfer' as const,
      isRetainage: false,
    };
    expect(paymentRefusal(target, request)).toBe(paymentAmountRefusal(12_001, target.balance));
    expect(paymentRefusal(target, { ...request, paidOn: '2026-03-09' })).toBe('payment_before_issuance');
  });
});
