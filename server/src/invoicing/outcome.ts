/** What an invoicing operation answers: its value, or a refusal the route turns into an API error. */
import type { ErrorKey, errorStatus } from '../http/errors.js';

/** The error keys answered with one of the statuses `S`. */
export type KeyWithStatus<S extends number> = {
  [K in ErrorKey]: (typeof errorStatus)[K] extends S ? K : never;
}[ErrorKey];

/**
 * What a business operation may refuse with: a status every write route declares (403 not an
 * admin, 404, 409, 422). Never 5xx: a failure of ours is thrown, not refused.
 */
export type RefusalKey = KeyWithStatus<403 | 404 | 409 | 422>;

/**
 * `K`: the keys this operation may refuse with. Inferred from its `fail(...)` calls where the return
 * type is not written, so a route's answers are typed by the keys it can really meet.
 */
export type Outcome<T, K extends ErrorKey = RefusalKey> =
  | { ok: true; value: T }
  | { ok: false; key: K; fields?: Record<string, string> };

export const done = <T>(value: T): Outcome<T, never> => ({ ok: true, value });
export const fail = <K extends ErrorKey>(key: K, fields?: Record<string, string>): Outcome<never, K> =>
  fields ? { ok: false, key, fields } : { ok: false, key };

/** The version check of every edit: the caller must have read the current version. */
export const staleVersion = (current: number, sent: number) => current !== sent;
