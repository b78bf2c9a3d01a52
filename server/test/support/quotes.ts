/**
 * Quotes in tests (issue 21): a list of lines with their chapter's title, as earlier tests wrote
 * them, turned into the editor's tree (POST /quotes `items`): one chapter per title, in the order
 * of their first line; lines without a chapter at the top.
 */

export interface FlatLine {
  chapter?: string;
  label: string;
  unit?: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateId: number;
}

type Line = {
  kind: 'priced';
  designation: string;
  unit: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateId: number;
};
type Item = Line | { kind: 'chapter'; title: string; items: Line[] };

export function asItems(lines: readonly FlatLine[]): Item[] {
  const items: Item[] = [];
  const chapters = new Map<string, Line[]>();
  for (const { chapter = '', label, unit = 'u', ...figures } of lines) {
    const line: Line = { kind: 'priced', designation: label, unit, ...figures };
    if (chapter === '') {
      items.push(line);
      continue;
    }
    let into = chapters.get(chapter);
    if (!into) {
      into = [];
      chapters.set(chapter, into);
      items.push({ kind: 'chapter', title: chapter, items: into });
    }
    into.push(line);
  }
  return items;
}

/**
 * A quote created from flat lines and accepted (the customer's signed copy recorded by the
 * company), as the invoicing tests need one: `ok` posts and answers the `data` of a 2xx answer.
 * Valid until 2099 so that a quote dated in the past may still be accepted today.
 */
export async function acceptedQuote(
  // biome-ignore lint/suspicious/noExplicitAny: the tests' own JSON type.
  ok: (method: 'POST', path: string, json: unknown) => Promise<any>,
  { lines, ...body }: Record<string, unknown> & { lines: readonly FlatLine[] },
) {
  const created = await ok('POST', '/quotes', { validUntil: '2099-12-31', ...body, items: asItems(lines) });
  return ok('POST', `/quotes/${created.id}/answer`, { version: created.version, decision: 'accepted' });
}
