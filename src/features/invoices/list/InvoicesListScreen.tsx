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

/** Mes factures: the list of the address's query, reloaded on each visit. */
export function InvoicesListScreen() {
  const state = useStore($invoiceList);
  const { enterpriseId } = useStore($session, { keys: ['enterpriseId'] });
  useEffect(() => {
    if (enterpriseId !== null) void openInvoiceList(location.search);
  }, [enterpriseId]);
  const onQuery = useCallback((changes: Partial<InvoiceListQuery>) => {
    void queryInvoices(changes);
    mirrorInAddress();
  }, []);
  return (
    <InvoicesList
      state={state}
      onQuery={onQuery}
      onSort={(sort) => {
        void sortInvoices(sort);
        mirrorInAddress();
      }}
      onToggle={toggleSelected}
      onTogglePage={togglePageSelected}
      onRetry={loadInvoices}
    />
  );
}
