/**
 * The invoicing domain's refusals. Each key is a server error key whose French sentence lives in
 * `src/i18n/serverErrors.ts` (spec section 8); routes answer them unchanged.
 */
export const invoicingErrorKeys = [
  'invoice_validation_error',
  'invalid_invoice_parameters',
  'amount_higher_than_vat',
  'resource_locked',
  'quote_has_provisional_invoice',
  'invoice_not_last_validated_part',
  'business_has_delivery_date',
  'retainage_already_paid',
  'invoice_date_before_last_validation',
  'cancel_not_last_invoice',
  'deposit_invoice_with_existing_invoices',
  'invoice_already_validated',
  'invoice_not_validated',
  'validated_invoice_not_deletable',
  'numbered_invoice_not_deletable',
  'credit_note_not_cancellable',
  'invoice_already_cancelled',
  'invalid_number_pattern',
  // Corrections (issue 18): revert only before the invoice left the editor, no future date,
  // partial credit notes within what remains credit-able.
  'invoice_already_sent',
  'invoice_has_credit_notes',
  'invoice_date_in_future',
  'credit_note_exceeds_invoice',
  // Payments (domain/payments.ts).
  'credit_payment_retainage',
  'credit_payment_nonzero',
  'credit_payment_invoice_has_payments',
  'invoice_not_payable',
  'payment_before_issuance',
  'payment_amount_invalid',
  'payment_exceeds_balance',
  // Quotes (issue 21, domain/quoteLifecycle.ts).
  'quote_not_editable',
  'quote_not_sent',
  'quote_expired',
  'quote_already_answered',
  'quote_not_accepted',
  'quote_fully_invoiced',
  'quote_revision_superseded',
] as const;

export type InvoicingErrorKey = (typeof invoicingErrorKeys)[number];

/** A rule's answer: the value, or the refusal's key (never an exception: refusals are expected). */
export type DomainResult<T> = { ok: true; value: T } | { ok: false; key: InvoicingErrorKey };

export const ok = <T>(value: T): DomainResult<T> => ({ ok: true, value });
export const refuse = <T = never>(key: InvoicingErrorKey): DomainResult<T> => ({ ok: false, key });
/** For checks that only allow or refuse. */
export const allowed: DomainResult<void> = { ok: true, value: undefined };
