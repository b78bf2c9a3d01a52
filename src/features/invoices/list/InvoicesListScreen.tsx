import { useStore } from '@nanostores/react';
import { useCallback, useEffect } from 'react';
import { $session } from '../../../session/session';
import { InvoicesList } from './InvoicesList';
import {
  $invoiceList,
  type InvoiceListQuery,
  loadInvoices,
  openInvoiceList,
  queryInvoices,
  searchFromQuery,
  sortInvoices,
  togglePageSelected,
  toggleSelected,
} from './invoiceListStore';

/** The address follows the query, without a history entry per keystroke. */
function mirrorInAddress() {
  const search = searchFromQuery($invoiceList.get());
  if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}`);
}

/**
 * Mes factures: the list of the address's query, reloaded on each visit. `inAddress={false}` (the
 * `<bo-invoices-list>` element on a platform page) leaves the page's address alone: the platform
 * page's own query is not the list's.
 */
export function InvoicesListScreen({ inAddress = true }: { inAddress?: boolean } = {}) {
  const state = useStore($invoiceList);
  const { enterpriseId } = useStore($session, { keys: ['enterpriseId'] });
  useEffect(() => {
    if (enterpriseId !== null) void openInvoiceList(inAddress ? location.search : '');
  }, [enterpriseId, inAddress]);
  const mirror = inAddress ? mirrorInAddress : () => undefined;
  const onQuery = useCallback(
    (changes: Partial<InvoiceListQuery>) => {
      void queryInvoices(changes);
      if (inAddress) mirrorInAddress();
    },
    [inAddress],
  );
  return (
    <InvoicesList
      state={state}
      onQuery={onQuery}
      onSort={(sort) => {
        void sortInvoices(sort);
        mirror();
      }}
      onToggle={toggleSelected}
      onTogglePage={togglePageSelected}
      onRetry={loadInvoices}
    />
  );
}
