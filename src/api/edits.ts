/**
 * What an edit of a versioned record sends: the fields that differ from the reading it starts from,
 * and that reading's version. A save never writes back, from an older reading, a field someone else
 * changed meanwhile; the server refuses the version when someone saved in between (409
 * stale_version).
 */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function editOf<T extends object>(
  stored: { version: number },
  typed: T,
): Partial<T> & { version: number } {
  const read = stored as Record<string, unknown>;
  const changes = Object.fromEntries(
    Object.entries(typed).filter(([name, value]) => !same(value, read[name])),
  );
  return { ...(changes as Partial<T>), version: stored.version };
}
