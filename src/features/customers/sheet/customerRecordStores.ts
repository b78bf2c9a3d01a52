/**
 * A customer's documents on its sheet (issue 26, item 8), through the data layer (src/api/query.ts):
 * its figures (`…/customers/{id}/overview`) and a page of each of the existing lists filtered on
 * the customer — jobs, quotes, invoices, received payments. The sheet lives both in the SPA and on
 * a platform page (`<bo-customer-sheet customer-id>`), where the router does not name the customer:
 * the stores are made for the customer the sheet shows, their pages are this set's own.
 * A change elsewhere (`invalidateCompanyKeys('/invoices')`…) reaches these keys as well.
 */
import { computed, map } from 'nanostores';
import { jobPageAnswer } from '../../../api/businessJobs';
import { customerOverviewAnswer } from '../../../api/customers';
import { invoicePageAnswer } from '../../../api/invoices';
import { receivedPage } from '../../../api/payments';
import { $companyPath, createApiStore } from '../../../api/query';
import { quotePageAnswer } from '../../../api/quotes';
import { logger } from '../../../logging/logger';

/** Rows per page of each list: the sheet shows the latest, the pager the rest. */
export const RECORD_PAGE_SIZE = 10;

export type RecordList = 'jobs' | 'quotes' | 'invoices' | 'payments';

/** Each list's path, newest first, for the customer and a page (from 0). */
export function recordListPath(list: RecordList, customerId: number, page: number): string {
  const search = new URLSearchParams({
    customerId: String(customerId),
    limit: String(RECORD_PAGE_SIZE),
    offset: String(page * RECORD_PAGE_SIZE),
  });
  if (list === 'invoices') {
    search.set('sort', 'date');
    search.set('order', 'desc');
  }
  if (list === 'payments') {
    search.set('sort', 'paidOn');
    search.set('order', 'desc');
  }
  const resource = {
    jobs: '/business-jobs',
    quotes: '/quotes',
    invoices: '/invoices',
    payments: '/payments/received',
  }[list];
  return `${resource}?${search}`;
}

/** The stores of one customer's sheet: its figures, the four lists and the page each one shows. */
export function customerRecordStores(customerId: number) {
  const $pages = map<Record<RecordList, number>>({ jobs: 0, quotes: 0, invoices: 0, payments: 0 });
  const onError = (what: string) => (error: unknown) =>
    logger.error(`Error getting the customer's ${what}`, { error, labels: { customerId } });
  /** The key of a list: the company, then the list's path as its page changes. */
  const key = (name: RecordList) => [
    $companyPath,
    computed($pages, (pages) => recordListPath(name, customerId, pages[name])),
  ];
  return {
    $pages,
    $overview: createApiStore(customerOverviewAnswer, [$companyPath, `/customers/${customerId}/overview`], {
      onError: onError('figures'),
    }),
    $jobs: createApiStore(jobPageAnswer, key('jobs'), { onError: onError('jobs') }),
    $quotes: createApiStore(quotePageAnswer, key('quotes'), { onError: onError('quotes') }),
    $invoices: createApiStore(invoicePageAnswer, key('invoices'), { onError: onError('invoices') }),
    $payments: createApiStore(receivedPage, key('payments'), { onError: onError('payments') }),
    /** Shows another page of one list. */
    setPage: (name: RecordList, page: number) => $pages.setKey(name, page),
  };
}

export type CustomerRecordStores = ReturnType<typeof customerRecordStores>;
