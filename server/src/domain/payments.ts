/**
 * The rules of a payment (spec section 5): what may be paid on an invoice or on its retainage, and
 * the credit-note payment's own rules. Written once in the shared contract (src/contract/payments.ts,
 * which the payment dialog also applies); here as the domain's result. Pure: the service
 * (`recordPayment`) loads the invoice under a row lock, asks here, then writes.
 */
import { type PaymentRequest, type PaymentTarget, paymentRefusal } from '../../../src/contract/payments.js';
import { allowed, type DomainResult, refuse } from './errors.js';

export type { PaymentRequest, PaymentTarget };

/**
 * Whether the payment may be recorded (`paymentRefusal`): never more than what is owed, even from
 * two tabs at once, since the caller holds the row lock.
 */
export function checkPayment(target: PaymentTarget, request: PaymentRequest): DomainResult<void> {
  const refusal = paymentRefusal(target, request);
  return refusal ? refuse(refusal) : allowed;
}
