import { map } from 'nanostores';
import {
  type Customer,
  type CustomerSortKey,
  type CustomerType,
  listCustomers,
} from '../../../api/customers';
import { logger } from '../../../logging/logger';
import { $session } from '../../../session/session';

/** One screenful: the server pages, sorts and filters, so 10 000 customers cost one small answer. */
export const CUSTOMER_PAGE_SIZE = 50;

export interface CustomerListState {
  q: string;
  /** '' shows both types. */
  type: CustomerType | '';
  sort: CustomerSortKey;
  order: 'asc' | 'desc';
  /** From 0. */
  page: number;
  /** idle until the first load; failed keeps the rows shown before. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  rows: Customer[];
  hits: number;
}

const initialState = (): CustomerListState => ({
  q: '',
  type: '',
  sort: 'name',
  order: 'asc',
  page: 0,
  status: 'idle',
  rows: [],
  hits: 0,
});

/** The list's query and its current page; kept across visits, so going back finds the same search. */
export const $customerList = map<CustomerListState>(initialState());

/** Only the latest request may write: an answer to an older query arriving late is dropped. */
let latestRequest = 0;

export async function loadCustomers(): Promise<void> {
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

function query(changes: Partial<Pick<CustomerListState, 'q' | 'type' | 'sort' | 'order' | 'page'>>) {
  $customerList.set({ ...$customerList.get(), ...changes });
  return loadCustomers();
}

/** A new search or filter starts again from the first page. */
export const searchCustomers = (q: string) => query({ q, page: 0 });
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
