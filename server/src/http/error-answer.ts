/**
 * The one place where an error nobody caught becomes an answer. Bad input is the caller's fault
 * whatever route it reached: a body or query Hono could not parse (HTTPException 4xx), or a value
 * PostgreSQL refuses as data (SQLSTATE class 22: a NUL byte 22021, invalid text for a type 22P02,
 * a number out of range 22003…) answers 400 `bad_request`. A database that did not answer in time
 * (a statement past its timeout, no free connection) answers 503 `database_timeout`, logged as a
 * warning. Anything else is ours: 500 `internal_error`, logged with its stack, and the answer never
 * carries the stack.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseTimeout, pgCode } from '../db/errors.js';
import type { Logger } from '../log.js';
import { apiError } from './errors.js';

export function errorAnswer(error: unknown, c: Context, log: Logger) {
  if (error instanceof HTTPException && error.status < 500) {
    return apiError(c, error.status === 413 ? 'payload_too_large' : 'bad_request');
  }
  const where = { method: c.req.method, path: c.req.path, error: String(error) };
  if (pgCode(error)?.startsWith('22')) {
    log.log('warn', 'bad-input', { ...where, code: pgCode(error) });
    return apiError(c, 'bad_request');
  }
  if (isDatabaseTimeout(error)) {
    log.log('warn', 'database-timeout', where);
    return apiError(c, 'database_timeout');
  }
  log.log('error', 'unhandled-error', { ...where, stack: (error as Error).stack });
  return apiError(c, 'internal_error');
}
