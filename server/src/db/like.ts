/** LIKE patterns from what a person typed: `%`, `_` and `\` match themselves, not any text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Matches a text containing what was typed (with `ilike`: in any case). */
export const containing = (text: string) => `%${escapeLike(text)}%`;
