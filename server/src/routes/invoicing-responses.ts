/** Pieces shared by the invoicing routes: refusals as API errors, and the OpenAPI error answers. */
import type { Context } from 'hono';
import { apiError, type ErrorKey } from '../http/errors.js';
import type { Outcome } from '../invoicing/outcome.js';
import { ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';

/** The refusal's answer, typed with the status of each key the outcome may hold. */
export function refusal<K extends ErrorKey>(
  c: Context,
  outcome: Extract<Outcome<unknown, K>, { ok: false }>,
) {
  return apiError(c, outcome.key, outcome.fields ? { fields: outcome.fields } : {});
}

/** 401, 403, 404, 409 (with the keys named), 422. */
export const writeErrors = (conflicts: string) => ({
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: json(ErrorSchema, conflicts),
  422: errorResponses[422],
});

export const readErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] };
