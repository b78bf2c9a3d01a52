/**
 * The `totals` contract of the big lists (Mes factures, the payment lists; server side
 * server/src/invoicing/list-totals.ts): the count and sums of a filtered set cost the server a scan
 * of it, a page does not. So a list asks its page with `totals=false` and the count and sums with
 * `totals=only`, and only when its filters changed (not on paging or sorting).
 */

/** What paging and sorting change; the count and sums depend on the rest (the filters). */
interface Paging {
  sort?: unknown;
  order?: unknown;
  limit?: unknown;
  offset?: unknown;
}

/** The query of a page alone (the count and sums come only when this first page holds them all). */
export const pageOnlyQuery = <Q extends object>(query: Q) => ({ ...query, totals: false as const });

/** The query of the count and sums alone: the filters, without sort and page. */
export function totalsOnlyQuery<Q extends Paging>(query: Q) {
  const { sort: _sort, order: _order, limit: _limit, offset: _offset, ...filters } = query;
  return { ...filters, totals: 'only' as const };
}

/**
 * Whose filters' count and sums a list holds: `needs` says whether a query's must be asked,
 * `held` records them once they arrived, `forget` asks them again (the rows changed).
 */
export function totalsOncePerFilter() {
  let held: string | null = null;
  const keyOf = (query: Paging) => JSON.stringify(totalsOnlyQuery(query));
  return {
    needs: (query: Paging) => keyOf(query) !== held,
    held: (query: Paging) => {
      held = keyOf(query);
    },
    forget: () => {
      held = null;
    },
  };
}
