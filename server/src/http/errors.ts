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
