/**
 * The rules of a payment (spec section 5): what may be paid on an invoice or on its retainage, and
 * the credit-note payment's own rules. Pure: the service (`recordPayment`) loads the invoice under
 * a row lock, asks here, then writes. Amounts in cents, dates ISO yyyy-MM-dd.
 */
import type { PaymentMode } from '../../../src/contract/customers.js';
import { allowed, type DomainResult, refuse } from './errors.js';
import type { Cents } from './money.js';

export interface PaymentTarget {
  kind: 'deposit' | 'progress' | 'final' | 'simple' | 'credit_note';
  status: 'PROVISOIRE' | 'VALIDATED';
  /** The invoice's issue date. */
  date: string;
  /** Cancelled by a credit note. */
  cancelled: boolean;
  /**
   * What is still owed on what the payment pays: the invoice's balance (TTC − deposits deducted −
   * retainage − credit notes − payments), or, for a retainage payment, the retainage's balance.
   */
  balance: Cents;
  /** Payments already received on the invoice (itself or its retainage). */
  paymentCount: number;
  /** Any invoice of the invoice's business job withholds a retainage (or this one, without a job). */
  jobHasRetainage: boolean;
}

export interface PaymentRequest {
  amountCents: Cents;
  paidOn: string;
  mode: PaymentMode;
  isRetainage: boolean;
  /** The answer to « reçu avant l'émission de la facture ? »: needed when paidOn is before the issue. */
  receivedBeforeIssuance?: boolean;
}

/**
 * Whether the payment may be recorded. A credit-note payment (mode `avoir`) settles through a
 * credit note, so it carries no money: it must be zero, and is not allowed when the job has a
 * retainage or the invoice has already received payments. Any other payment is positive and never
 * more than what is owed (no overpayment, even from two tabs at once: the caller holds the row lock).
 */
export function checkPayment(target: PaymentTarget, request: PaymentRequest): DomainResult<void> {
  if (target.status !== 'VALIDATED' || target.kind === 'credit_note') return refuse('invoice_not_payable');
  if (request.paidOn < target.date && request.receivedBeforeIssuance !== true) {
    return refuse('payment_before_issuance');
  }
  if (request.mode === 'avoir') {
    if (request.amountCents !== 0) return refuse('credit_payment_nonzero');
    if (target.jobHasRetainage) return refuse('credit_payment_retainage');
    if (target.paymentCount > 0) return refuse('credit_payment_invoice_has_payments');
    return allowed;
  }
  if (target.cancelled) return refuse('invoice_not_payable');
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0)
    return refuse('payment_amount_invalid');
  if (request.amountCents > target.balance) return refuse('payment_exceeds_balance');
  return allowed;
}
