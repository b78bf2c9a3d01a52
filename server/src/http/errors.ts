/**
 * Business failures answer `{error: {key, message?}}` with a 4xx status. The keys are stable: the
 * front end maps each one to its French sentence (src/i18n). Listed in docs/api.md.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const errorStatus = {
  unauthorized: 401,
  forbidden: 403,
  admin_required: 403,
  not_found: 404,
  bad_request: 400,
  validation: 422,
  id_mismatch: 422,
  email_already_used: 409,
  customer_code_exists: 409,
  customer_in_use: 409,
  cannot_modify_self: 409,
  // Invoicing (issue 9): the domain's refusals (server/src/domain/errors.ts) and the records' versions.
  stale_version: 409,
  resource_locked: 409,
  quote_has_provisional_invoice: 409,
  deposit_invoice_with_existing_invoices: 409,
  invoice_not_last_validated_part: 409,
  business_has_delivery_date: 409,
  retainage_already_paid: 409,
  cancel_not_last_invoice: 409,
  invoice_already_validated: 409,
  invoice_not_validated: 409,
  validated_invoice_not_deletable: 409,
  numbered_invoice_not_deletable: 409,
  credit_note_not_cancellable: 409,
  invoice_already_cancelled: 409,
  quote_invoiced: 409,
  amount_higher_than_vat: 422,
  invoice_date_before_last_validation: 422,
  invalid_invoice_parameters: 422,
  invoice_validation_error: 422,
  invalid_number_pattern: 422,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorKey = keyof typeof errorStatus;

export interface ErrorBody {
  error: { key: ErrorKey; message?: string; fields?: Record<string, string> };
}

export function apiError<K extends ErrorKey>(
  c: Context,
  key: K,
  extra: Omit<ErrorBody['error'], 'key'> = {},
) {
  const body: ErrorBody = { error: { key, ...extra } };
  return c.json(body, errorStatus[key] as (typeof errorStatus)[K]);
}
