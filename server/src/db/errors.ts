/** PostgreSQL error codes, the same from node-postgres and PGlite (both expose `code`). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

/**
 * The database did not answer in time: a statement cancelled at its `statement_timeout` (57014),
 * or the pool had no connection free within its `connectionTimeoutMillis` (database.ts).
 */
export function isDatabaseTimeout(error: unknown): boolean {
  if (pgCode(error) === '57014') return true;
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as Error).message === 'timeout exceeded when trying to connect') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function pgCode(error: unknown): string | undefined {
  // Drizzle wraps driver errors; the code sits on the error or its cause.
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
