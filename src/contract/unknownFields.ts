/**
 * One rule for every JSON body of the API: a key the contract does not declare is refused (422
 * `validation`, the field named with the code `unknown`), never silently dropped — a body the UI
 * would never send must not be half stored. zod objects strip the keys they do not declare, so a key
 * of what was sent that the parsed value lacks is one no schema of the route knows; comparing the two
 * needs no second description of the schemas. Objects that accept any key (records, loose objects)
 * keep them, and are never refused by this.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The dotted paths (`lines.0.note`, as a 422's `fields` names them) of the keys `kept` lost. */
export function unknownFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => unknownFields(item, kept[index], `${path}${index}.`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((key) =>
    Object.hasOwn(kept, key) ? unknownFields(sent[key], kept[key], `${path}${key}.`) : [`${path}${key}`],
  );
}
