import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { Outstanding, OutstandingSortKey, Received, ReceivedSortKey } from '../../api/payments';
import { formatIsoDate } from '../../i18n/format';
import { clientPaths } from '../../routes/paths';
import { button } from '../../ui/button.css';
import { addToast } from '../../ui/toasts/toastStore';
import { useEnterpriseId } from '../customers/sheet/useEnterpriseId';
import { outstandingColumns, receivedColumns } from './columns';
import { DeleteDialog } from './DeleteDialog';
import { paymentMessages as m } from './messages';
import { PayDialog } from './PayDialog';
import { PaymentsList } from './PaymentsList';
import type { PaymentListQueryState } from './paymentListStore';
import { outstandingList, receivedList } from './stores';
import { useBanks } from './useBanks';

/** Règlements en attente (`/facturation/reglements/en-attente`, and where `/` lands). */
export function PaymentsPendingScreen() {
  const enterpriseId = useEnterpriseId();
  const state = useStore(outstandingList.$list);
  const banks = useBanks(enterpriseId);
  const [paying, setPaying] = useState(false);
  useEffect(() => {
    if (enterpriseId !== null) void outstandingList.open();
  }, [enterpriseId]);
  const onQuery = useCallback((changes: Partial<PaymentListQueryState<OutstandingSortKey>>) => {
    void outstandingList.query(changes);
  }, []);
  const selection = outstandingList.selection(state);
  return (
    <>
      <PaymentsList<Outstanding, OutstandingSortKey>
        kind="outstanding"
        title={m.outstandingTitle}
        other={{ to: clientPaths.paymentsReceived, label: m.toReceived }}
        state={state}
        columns={outstandingColumns}
        keyOf={(row) => row.key}
        rowLabel={(row) =>
          m.selectOutstanding(m.invoiceName(row.invoiceNumber, row.invoiceId), row.isRetainage)
        }
        selection={selection}
        banks={banks}
        batchActions={
          <button type="button" className={button.primary} onClick={() => setPaying(true)}>
            {m.paySelected}
          </button>
        }
        onQuery={onQuery}
        onSort={(sort) => void outstandingList.sortBy(sort)}
        onToggle={outstandingList.toggle}
        onTogglePage={outstandingList.togglePage}
        onClearSelection={outstandingList.clearSelection}
        onRetry={() => void outstandingList.load()}
      />
      {paying && enterpriseId !== null ? (
        <PayDialog
          open
          enterpriseId={enterpriseId}
          rows={selection.rows}
          banks={banks}
          onClose={() => setPaying(false)}
          onPaid={(paidKeys) => {
            for (const key of paidKeys) {
              const row = outstandingList.$list.get().selected[key];
              if (row) outstandingList.toggle(row);
            }
            if (paidKeys.length > 0) addToast(m.paidToast(paidKeys.length), { type: 'success' });
            if (Object.keys(outstandingList.$list.get().selected).length === 0) setPaying(false);
            void outstandingList.load();
          }}
        />
      ) : null}
    </>
  );
}

/** Règlements reçus (`/facturation/reglements/recus`). */
export function PaymentsReceivedScreen() {
  const enterpriseId = useEnterpriseId();
  const state = useStore(receivedList.$list);
  const banks = useBanks(enterpriseId);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    if (enterpriseId !== null) void receivedList.open();
  }, [enterpriseId]);
  const onQuery = useCallback((changes: Partial<PaymentListQueryState<ReceivedSortKey>>) => {
    void receivedList.query(changes);
  }, []);
  const selection = receivedList.selection(state);
  return (
    <>
      <PaymentsList<Received, ReceivedSortKey>
        kind="received"
        title={m.receivedTitle}
        other={{ to: clientPaths.paymentsPending, label: m.toOutstanding }}
        state={state}
        columns={receivedColumns}
        keyOf={(row) => String(row.id)}
        rowLabel={(row) =>
          m.selectReceived(m.invoiceName(row.invoiceNumber, row.invoiceId), formatIsoDate(row.paidOn))
        }
        selection={selection}
        banks={banks}
        batchActions={
          <button type="button" className={button.primary} onClick={() => setDeleting(true)}>
            {m.deleteSelected}
          </button>
        }
        onQuery={onQuery}
        onSort={(sort) => void receivedList.sortBy(sort)}
        onToggle={receivedList.toggle}
        onTogglePage={receivedList.togglePage}
        onClearSelection={receivedList.clearSelection}
        onRetry={() => void receivedList.load()}
      />
      {deleting && enterpriseId !== null ? (
        <DeleteDialog
          open
          enterpriseId={enterpriseId}
          rows={selection.rows}
          onClose={() => setDeleting(false)}
          onDeleted={(deleted, failures) => {
            receivedList.clearSelection();
            setDeleting(false);
            if (deleted.length > 0) addToast(m.deletedToast(deleted.length), { type: 'success' });
            for (const failure of failures) addToast(failure, { type: 'error' });
            void receivedList.load();
          }}
        />
      ) : null}
    </>
  );
}
