/** What an invoicing operation answers: its value, or a refusal the route turns into an API error. */
import type { ErrorKey } from '../http/errors.js';

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; key: ErrorKey; fields?: Record<string, string> };

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (key: ErrorKey, fields?: Record<string, string>): Outcome<never> =>
  fields ? { ok: false, key, fields } : { ok: false, key };

/** The version check of every edit: the caller must have read the current version. */
export const staleVersion = (current: number, sent: number) => current !== sent;
