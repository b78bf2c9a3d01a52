import { map } from 'nanostores';
import type { PaymentMode } from '../../api/customers';
import { totalsOncePerFilter } from '../../api/listTotals';
import type { PaymentListQuery, PaymentListTotals } from '../../api/payments';
import { logger } from '../../logging/logger';
import { $session } from '../../session/session';
import { DEFAULT_DOCUMENTS_PER_PAGE, pageAtCompanySize } from '../preferences/documentsPerPage';

export interface PaymentFilters {
  q: string;
  /** '' for any; else the id. */
  customerId: number | '';
  businessJobId: number | '';
  /** yyyy-MM-dd or ''. */
  from: string;
  to: string;
  overdue: '' | 'true' | 'false';
  /** Received payments only. */
  mode: PaymentMode | '';
  bankId: number | '';
}

export interface PaymentListQueryState<Sort extends string> extends PaymentFilters {
  sort: Sort;
  order: 'asc' | 'desc';
  /** From 0. */
  page: number;
}

export interface PaymentListState<Row, Sort extends string> extends PaymentListQueryState<Sort> {
  load: 'idle' | 'loading' | 'loaded' | 'failed';
  rows: Row[];
  hits: number;
  totalCents: number;
  /** The checked rows by key, kept across pages and filters until the batch is done. */
  selected: Record<string, Row>;
  /** Rows per page: the company's « Documents par page » (drawn virtualised however many). */
  pageSize: number;
}

export const emptyFilters = (): PaymentFilters => ({
  q: '',
  customerId: '',
  businessJobId: '',
  from: '',
  to: '',
  overdue: '',
  mode: '',
  bankId: '',
});

export interface PaymentListOptions<Row, Sort extends string> {
  defaultSort: Sort;
  defaultOrder: 'asc' | 'desc';
  keyOf: (row: Row) => string;
  /** What a row adds to the selection's total. */
  amountOf: (row: Row) => number;
  /** A page alone (`totals=false`). */
  fetchPage: (
    enterpriseId: number,
    query: ApiQuery<Sort>,
  ) => Promise<{ data: Row[]; info: { hits?: number; totalCents?: number } }>;
  /** The count and total of the filtered set (`totals=only`), asked once per filter. */
  fetchTotals: (enterpriseId: number, query: ApiQuery<Sort>) => Promise<PaymentListTotals>;
}

type ApiQuery<Sort extends string> = PaymentListQuery & { sort: Sort; mode?: PaymentMode; bankId?: number };

/**
 * One list of payments (outstanding or received): the server filters, sorts, pages and adds up;
 * this store holds the query, the page, and the checked rows. The count and total of the filtered
 * set (a scan of it on the server) are asked beside the page only when the filters changed, or
 * after a batch changed the rows (`refresh`). A late answer to an older query is dropped.
 */
export function createPaymentList<Row, Sort extends string>(options: PaymentListOptions<Row, Sort>) {
  const initial = (): PaymentListState<Row, Sort> => ({
    ...emptyFilters(),
    sort: options.defaultSort,
    order: options.defaultOrder,
    page: 0,
    load: 'idle',
    rows: [],
    hits: 0,
    totalCents: 0,
    selected: {},
    pageSize: DEFAULT_DOCUMENTS_PER_PAGE,
  });
  const $list = map<PaymentListState<Row, Sort>>(initial());
  const totalsHeld = totalsOncePerFilter();
  let asked = 0;

  async function load(): Promise<void> {
    const enterpriseId = $session.get().enterpriseId;
    if (enterpriseId === null) return;
    const ticket = ++asked;
    $list.setKey('load', 'loading');
    const s = $list.get();
    const queryAt = (pageSize: number): ApiQuery<Sort> => ({
      q: s.q.trim() || undefined,
      customerId: s.customerId === '' ? undefined : s.customerId,
      businessJobId: s.businessJobId === '' ? undefined : s.businessJobId,
      from: s.from || undefined,
      to: s.to || undefined,
      overdue: s.overdue === '' ? undefined : s.overdue === 'true',
      mode: s.mode || undefined,
      bankId: s.bankId === '' ? undefined : s.bankId,
      sort: s.sort,
      order: s.order,
      limit: pageSize,
      offset: s.page * pageSize,
    });
    // The count and total do not depend on the page's size: asked at once, beside the page.
    const query = queryAt(s.pageSize);
    try {
      const [{ pageSize, page }, totals] = await Promise.all([
        pageAtCompanySize(enterpriseId, (size) => options.fetchPage(enterpriseId, queryAt(size))),
        totalsHeld.needs(query) ? options.fetchTotals(enterpriseId, query) : null,
      ]);
      if (ticket !== asked) return;
      totalsHeld.held(query);
      $list.set({
        ...$list.get(),
        pageSize,
        load: 'loaded',
        rows: page.data,
        ...(totals ? { hits: totals.hits, totalCents: totals.totalCents } : {}),
      });
    } catch (error) {
      if (ticket !== asked) return;
      logger.warn('Payments list failed', { error: String(error) });
      $list.set({ ...$list.get(), load: 'failed' });
    }
  }

  return {
    $list,
    load,
    /** Back to the defaults and a fresh load (each visit of the screen). */
    open(): Promise<void> {
      totalsHeld.forget();
      $list.set(initial());
      return load();
    },
    /** The same query again with its count and total (a batch paid or deleted rows). */
    refresh(): Promise<void> {
      totalsHeld.forget();
      return load();
    },
    /** Filters changed: back to the first page. */
    query(changes: Partial<PaymentListQueryState<Sort>>): Promise<void> {
      $list.set({ ...$list.get(), page: 0, ...changes });
      return load();
    },
    /** The column's sort, or its other direction when it already sorts the list. */
    sortBy(sort: Sort): Promise<void> {
      const s = $list.get();
      const order = s.sort === sort ? (s.order === 'asc' ? 'desc' : 'asc') : 'asc';
      $list.set({ ...s, sort, order, page: 0 });
      return load();
    },
    toggle(row: Row): void {
      const s = $list.get();
      const key = options.keyOf(row);
      const selected = { ...s.selected };
      if (selected[key]) delete selected[key];
      else selected[key] = row;
      $list.set({ ...s, selected });
    },
    /** Checks every row of the page, or unchecks them when all are checked. */
    togglePage(): void {
      const s = $list.get();
      const keys = s.rows.map(options.keyOf);
      const all = keys.length > 0 && keys.every((key) => s.selected[key]);
      const selected = { ...s.selected };
      s.rows.forEach((row, i) => {
        if (all) delete selected[keys[i]!];
        else selected[keys[i]!] = row;
      });
      $list.set({ ...s, selected });
    },
    clearSelection(): void {
      $list.set({ ...$list.get(), selected: {} });
    },
    /** How many rows are checked and what they add up to. */
    selection(state: PaymentListState<Row, Sort>) {
      const rows = Object.values(state.selected);
      return {
        rows,
        count: rows.length,
        totalCents: rows.reduce((sum, row) => sum + options.amountOf(row), 0),
      };
    },
  };
}

export type PaymentList<Row, Sort extends string> = ReturnType<typeof createPaymentList<Row, Sort>>;
