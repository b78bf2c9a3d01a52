/**
 * What the lists of invoicing share. Their statements (views.ts, payments.ts) are built once per
 * shape of request and read through db.tenantRead, each request's values as placeholders.
 *
 * The `totals` contract of the big lists (Mes factures, Règlements en attente, Règlements reçus):
 * the count and sums of a whole filtered set cost a scan of that set, while a page costs an index
 * range, so a client asks the page with `totals=false` and the count and sums once per filter with
 * `totals=only`. `true` (the default) answers both, as before.
 */
import { sql } from 'drizzle-orm';

/** A request's value in a list's statement: a placeholder, filled by tenantRead at each request. */
export const value = (name: string) => sql.placeholder(name);

/** France's today in a list's statement, a value of each request. */
export const todayValue = value('today');

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

/**
 * Whether a list's statement of this shape is planned once per connection (ReadStatement's
 * genericPlan): a search's, whose plan starts from the ids its search function answers (a fixed
 * estimate, whatever is typed), so that the generic plan is the custom one, which PostgreSQL would
 * otherwise make again at each request (a generic plan of `limit $n` is costed as if it kept a
 * tenth of the rows). Without a search that tenth changes the plan of some shapes: a parallel scan
 * for the overdue invoices or one kind, every payment hashed for the received ones' page (30 ms
 * instead of 1), so those are planned at each request (EXPLAIN of each, bench/results.md).
 */
export const plannedOnce = (shape: { search: boolean }) => ({ genericPlan: shape.search });
