/**
 * What an edit sends of a form: only the fields that differ from the stored record, so that a save
 * never writes back, from an older reading, a field someone else changed meanwhile (the version
 * sent with it says which reading the changes start from).
 */
export function changedFields<T extends Record<string, unknown>>(
  stored: Record<string, unknown>,
  typed: T,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(typed).filter(([name, value]) => stored[name] !== value),
  ) as Partial<T>;
}
