/**
 * The `totals` contract of the big lists (Mes factures, Règlements en attente, Règlements reçus):
 * the count and sums of a whole filtered set cost a scan of that set, while a page costs an index
 * range, so a client asks the page with `totals=false` and the count and sums once per filter with
 * `totals=only`. `true` (the default) answers both, as before.
 */

/** What the `totals` query parameter (schemas/invoicing.ts `totalsQuery`) asks. */
export type TotalsMode = 'true' | 'false' | 'only';

/**
 * Runs what `mode` asks: `only` the totals (no page); `false` the page alone, unless it is a
 * first page holding the whole filtered set, which is its own total (`ofPage`); `true` both.
 */
export async function pageWithTotals<Row, Info>(
  query: { totals: TotalsMode; limit: number; offset: number },
  parts: {
    page: () => Promise<Row[]>;
    totals: () => Promise<Info>;
    /** The totals of a first page shorter than the limit: the whole set, summed without a scan. */
    ofPage: (rows: Row[]) => Info;
  },
): Promise<{ data: Row[]; info: Info | Record<string, never> }> {
  if (query.totals === 'only') return { data: [], info: await parts.totals() };
  const data = await parts.page();
  if (query.offset === 0 && data.length < query.limit) return { data, info: parts.ofPage(data) };
  if (query.totals === 'false') return { data, info: {} };
  return { data, info: await parts.totals() };
}
