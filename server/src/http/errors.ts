/**
 * Business failures answer `{error: {key, message?}}` with a 4xx status. The keys are stable: the
 * front end maps each one to its French sentence (src/i18n). Listed in docs/api.md.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorStatuses } from '../../../src/contract/errors.js';

/** The keys and statuses are the shared contract's (src/contract/errors.ts). */
export const errorStatus = errorStatuses satisfies Record<string, ContentfulStatusCode>;

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
