/**
 * A JSON answer whose text was written elsewhere (PostgreSQL's `json_agg`, never parsed nor
 * serialised again here), typed as the body its route declares. The compiler cannot see inside a
 * string, so this is the one place where an answer's type is stated rather than checked: the test
 * harness compares every answer of the suite with its route's schema (test/support/answer-contract.ts).
 */
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function rawJson<T extends object, S extends ContentfulStatusCode>(
  c: Context,
  text: string,
  status: S,
) {
  const response: Response = c.body(text, status, { 'content-type': 'application/json' });
  return response as Response & TypedResponse<T, S, 'json'>;
}
