import { map, onMount } from 'nanostores';
import {
  type Customer,
  type CustomerSortKey,
  type CustomerType,
  customerSortKeys,
  customerTypes,
  listCustomers,
} from '../../../api/customers';
import { logger } from '../../../logging/logger';
import { clientPaths } from '../../../routes/paths';
import { $router } from '../../../routes/router';
import { $session } from '../../../session/session';

/** One screenful: the server pages, sorts and filters, so 100 000 customers cost one small answer. */
export const CUSTOMER_PAGE_SIZE = 50;

/** What the list shows: the search, the type filter, the sort and the page (from 0). */
export interface CustomerListQuery {
  q: string;
  /** '' shows both types. */
  type: CustomerType | '';
  sort: CustomerSortKey;
  order: 'asc' | 'desc';
  /** From 0. */
  page: number;
}

export interface CustomerListState extends CustomerListQuery {
  /** idle until the first load; failed keeps the rows shown before. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  rows: Customer[];
  hits: number;
}

const defaultQuery: CustomerListQuery = { q: '', type: '', sort: 'name', order: 'asc', page: 0 };

const initialState = (): CustomerListState => ({ ...defaultQuery, status: 'idle', rows: [], hits: 0 });

/**
 * The list's query lives in the address (`/gestion-clients?recherche=…&type=…&tri=…&ordre=…&page=…`),
 * so a reload, a shared link and Back show the same list. Parameters at their default are left out;
 * a value that makes no sense falls back to the default rather than failing.
 */
export function queryFromSearch(search: Record<string, string>): CustomerListQuery {
  const page = Number(search.page);
  return {
    q: search.recherche ?? '',
    type: (customerTypes as readonly string[]).includes(search.type ?? '')
      ? (search.type as CustomerType)
      : '',
    sort: (customerSortKeys as readonly string[]).includes(search.tri ?? '')
      ? (search.tri as CustomerSortKey)
      : 'name',
    order: search.ordre === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function customerListPath(query: CustomerListQuery): string {
  const search = new URLSearchParams();
  if (query.q) search.set('recherche', query.q);
  if (query.type) search.set('type', query.type);
  if (query.sort !== 'name') search.set('tri', query.sort);
  if (query.order !== 'asc') search.set('ordre', query.order);
  if (query.page > 0) search.set('page', String(query.page + 1));
  const text = search.toString();
  return text ? `${clientPaths.customers}?${text}` : clientPaths.customers;
}

const queryKeys = Object.keys(defaultQuery) as (keyof CustomerListQuery)[];
const sameQuery = (a: CustomerListQuery, b: CustomerListQuery) => queryKeys.every((key) => a[key] === b[key]);

/** The query in the address, when the page is the customer list (a story or another page has none). */
function addressQuery(): CustomerListQuery | null {
  const page = $router.get();
  return page?.route === 'customers' ? queryFromSearch(page.search) : null;
}

/** The list's query and its current page. */
export const $customerList = map<CustomerListState>(initialState());

// Back, Forward, or a link to another query of the list: show what the address now says.
onMount($customerList, () =>
  $router.listen(() => {
    const query = addressQuery();
    if (query && !sameQuery(query, $customerList.get())) void loadCustomers();
  }),
);

/** Only the latest request may write: an answer to an older query arriving late is dropped. */
let latestRequest = 0;

/** Loads the page the address asks for (or, off the list's address, the store's own query). */
export async function loadCustomers(): Promise<void> {
  const fromAddress = addressQuery();
  if (fromAddress) $customerList.set({ ...$customerList.get(), ...fromAddress });
  const enterpriseId = $session.get().enterpriseId;
  if (enterpriseId === null) return;
  const request = ++latestRequest;
  const { q, type, sort, order, page } = $customerList.get();
  $customerList.setKey('status', 'loading');
  try {
    const answer = await listCustomers(enterpriseId, {
      q: q.trim() || undefined,
      type: type || undefined,
      sort,
      order,
      limit: CUSTOMER_PAGE_SIZE,
      offset: page * CUSTOMER_PAGE_SIZE,
    });
    if (request !== latestRequest) return;
    $customerList.set({
      ...$customerList.get(),
      status: 'loaded',
      rows: answer.data,
      hits: answer.info.hits,
    });
  } catch (error) {
    if (request !== latestRequest) return;
    logger.error('Error getting customers', { error });
    $customerList.setKey('status', 'failed');
  }
}

/**
 * A new query: written to the address (a new history entry, or in place of the current one while
 * the user types a search), then loaded.
 */
function query(changes: Partial<CustomerListQuery>, { replace = false } = {}) {
  const current = $customerList.get();
  const next = { ...current, ...changes };
  $customerList.set(next);
  if (addressQuery()) $router.open(customerListPath(next), replace);
  return loadCustomers();
}

/** A new search or filter starts again from the first page; typing replaces the history entry. */
export const searchCustomers = (q: string) => query({ q, page: 0 }, { replace: true });
export const filterCustomers = (type: CustomerType | '') => query({ type, page: 0 });

/** The same column again flips the order; another column starts ascending. */
export function sortCustomers(sort: CustomerSortKey) {
  const current = $customerList.get();
  const order = current.sort === sort && current.order === 'asc' ? 'desc' : 'asc';
  return query({ sort, order, page: 0 });
}

export const goToCustomerPage = (page: number) => query({ page });

export function resetCustomerList(): void {
  latestRequest += 1;
  $customerList.set(initialState());
}
