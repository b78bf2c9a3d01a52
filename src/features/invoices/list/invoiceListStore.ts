import { map } from 'nanostores';
import {
  type Invoice,
  type InvoiceKind,
  type InvoicePage,
  type InvoiceQuery,
  type InvoiceSortKey,
  invoiceKinds,
  invoiceSortKeys,
  invoiceTotals,
  listInvoicePage,
} from '../../../api/invoices';
import { totalsOncePerFilter } from '../../../api/listTotals';
import { logger } from '../../../logging/logger';
import { $session } from '../../../session/session';
import { DEFAULT_DOCUMENTS_PER_PAGE, pageAtCompanySize } from '../../preferences/documentsPerPage';

/** The status filter: drafts, validated, or validated and past due. */
export const statusFilters = ['PROVISOIRE', 'VALIDATED', 'overdue'] as const;
export type StatusFilter = (typeof statusFilters)[number];

export interface InvoiceListQuery {
  q: string;
  status: StatusFilter | '';
  kind: InvoiceKind | '';
  /** yyyy-MM-dd or ''. */
  from: string;
  to: string;
  sort: InvoiceSortKey;
  order: 'asc' | 'desc';
  /** From 0. */
  page: number;
}

export interface InvoiceListState extends InvoiceListQuery {
  /** idle until the first load; failed keeps the rows shown before. */
  load: 'idle' | 'loading' | 'loaded' | 'failed';
  rows: Invoice[];
  hits: number;
  totals: InvoicePage['info']['totals'];
  /** Ids of the checked rows of this page. */
  selected: number[];
  /**
   * Rows per page: the company's « Documents par page » (the server filters, sorts, pages and
   * sums, so 100 000 invoices cost one small answer).
   */
  pageSize: number;
}

const emptyTotals = () => ({ totalExclTaxCents: 0, totalVatCents: 0, totalInclTaxCents: 0, balanceCents: 0 });

export const defaultListQuery = (): InvoiceListQuery => ({
  q: '',
  status: '',
  kind: '',
  from: '',
  to: '',
  sort: 'date',
  order: 'desc',
  page: 0,
});

const initialState = (): InvoiceListState => ({
  ...defaultListQuery(),
  load: 'idle',
  rows: [],
  hits: 0,
  totals: emptyTotals(),
  selected: [],
  pageSize: DEFAULT_DOCUMENTS_PER_PAGE,
});

/** Mes factures: its query (mirrored in the address) and its current page. */
export const $invoiceList = map<InvoiceListState>(initialState());

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  allowed.includes(value as T) ? (value as T) : '';

/** The list's query from the address (`?q=…&statut=…`): a shared link opens the same list. */
export function queryFromSearch(search: string): InvoiceListQuery {
  const params = new URLSearchParams(search);
  const defaults = defaultListQuery();
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    status: pick(params.get('statut'), statusFilters),
    kind: pick(params.get('type'), invoiceKinds),
    from: isoDay.test(params.get('du') ?? '') ? (params.get('du') as string) : '',
    to: isoDay.test(params.get('au') ?? '') ? (params.get('au') as string) : '',
    sort: pick(params.get('tri'), invoiceSortKeys) || defaults.sort,
    order: params.get('ordre') === 'asc' ? 'asc' : defaults.order,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The address's query for a list query: only what differs from the defaults. */
export function searchFromQuery(query: InvoiceListQuery): string {
  const defaults = defaultListQuery();
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.status) params.set('statut', query.status);
  if (query.kind) params.set('type', query.kind);
  if (query.from) params.set('du', query.from);
  if (query.to) params.set('au', query.to);
  if (query.sort !== defaults.sort) params.set('tri', query.sort);
  if (query.order !== defaults.order) params.set('ordre', query.order);
  if (query.page > 0) params.set('page', String(query.page + 1));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API query of a list query. */
function apiQuery(query: InvoiceListQuery, pageSize: number): InvoiceQuery {
  return {
    q: query.q.trim() || undefined,
    status: query.status === 'overdue' ? undefined : query.status || undefined,
    overdue: query.status === 'overdue' ? true : undefined,
    kind: query.kind || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    sort: query.sort,
    order: query.order,
    limit: pageSize,
    offset: query.page * pageSize,
  };
}

/** Only the latest request may write: an answer to an older query arriving late is dropped. */
let latestRequest = 0;

/** The filters whose count and sums the state holds: paging and sorting do not ask them again. */
const totalsHeld = totalsOncePerFilter();

/**
 * Loads the page; the count and sums of the filtered set (a scan of it on the server, about
 * 200 ms at 100 000 invoices) are asked beside it only when the filters changed.
 */
export async function loadInvoices(): Promise<void> {
  const enterpriseId = $session.get().enterpriseId;
  if (enterpriseId === null) return;
  const request = ++latestRequest;
  $invoiceList.setKey('load', 'loading');
  try {
    const state = $invoiceList.get();
    // The count and sums do not depend on the page's size: asked at once, beside the page.
    const filters = apiQuery(state, state.pageSize);
    const [{ pageSize, page }, totals] = await Promise.all([
      pageAtCompanySize(enterpriseId, (size) => listInvoicePage(enterpriseId, apiQuery(state, size))),
      totalsHeld.needs(filters) ? invoiceTotals(enterpriseId, filters) : null,
    ]);
    if (request !== latestRequest) return;
    totalsHeld.held(filters);
    $invoiceList.set({
      ...$invoiceList.get(),
      pageSize,
      load: 'loaded',
      rows: page.data,
      ...(totals ? { hits: totals.hits, totals: totals.totals } : {}),
      selected: [],
    });
  } catch (error) {
    if (request !== latestRequest) return;
    logger.error('Error getting invoices', { error });
    $invoiceList.setKey('load', 'failed');
  }
}

/** Changes the query (a filter or search starts again from the first page) and loads. */
export function queryInvoices(changes: Partial<InvoiceListQuery>): Promise<void> {
  const page = changes.page ?? 0;
  $invoiceList.set({ ...$invoiceList.get(), ...changes, page });
  return loadInvoices();
}

/** The same column again flips the order; another column starts descending (newest, largest). */
export function sortInvoices(sort: InvoiceSortKey): Promise<void> {
  const current = $invoiceList.get();
  const order = current.sort === sort && current.order === 'desc' ? 'asc' : 'desc';
  return queryInvoices({ sort, order });
}

/** Opens the list on the address's query (reloaded on each visit). */
export function openInvoiceList(search: string): Promise<void> {
  totalsHeld.forget();
  $invoiceList.set({ ...$invoiceList.get(), ...queryFromSearch(search) });
  return loadInvoices();
}

export function toggleSelected(id: number): void {
  const { selected } = $invoiceList.get();
  $invoiceList.setKey(
    'selected',
    selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id],
  );
}

/** Checks every row of the page, or none when all are checked. */
export function togglePageSelected(): void {
  const { selected, rows } = $invoiceList.get();
  $invoiceList.setKey('selected', selected.length === rows.length ? [] : rows.map((row) => row.id));
}

/** Sums of the checked rows, as the server computed each invoice. */
export function selectedTotals(state: Pick<InvoiceListState, 'rows' | 'selected'>) {
  const rows = state.rows.filter((row) => state.selected.includes(row.id));
  return {
    count: rows.length,
    totalExclTaxCents: rows.reduce((sum, row) => sum + row.totalExclTaxCents, 0),
    totalInclTaxCents: rows.reduce((sum, row) => sum + row.totalInclTaxCents, 0),
    balanceCents: rows.reduce((sum, row) => sum + row.balanceCents, 0),
  };
}

export function resetInvoiceList(): void {
  latestRequest += 1;
  totalsHeld.forget();
  $invoiceList.set(initialState());
}
