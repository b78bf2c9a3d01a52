/** PostgreSQL error codes, the same from node-postgres and PGlite (both expose `code`). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
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
