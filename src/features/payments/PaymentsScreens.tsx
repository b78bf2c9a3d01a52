import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { Outstanding, OutstandingSortKey, Received, ReceivedSortKey } from '../../api/payments';
import { formatIsoDate } from '../../i18n/format';
import { clientPaths } from '../../routes/paths';
import { button } from '../../ui/button.css';
import { PermissionGate } from '../../ui/permission/PermissionGate';
import { addToast } from '../../ui/toasts/toastStore';
import { useEnterpriseId } from '../customers/sheet/useEnterpriseId';
import { outstandingColumns, receivedColumns } from './columns';
import { DeleteDialog } from './DeleteDialog';
import { paymentMessages as m } from './messages';
import { PayDialog } from './PayDialog';
import { PaymentsList } from './PaymentsList';
import type { PaymentList, PaymentListQueryState } from './paymentListStore';
import { outstandingList, receivedList } from './stores';
import { useBanks } from './useBanks';

/**
 * A payments list screen's wiring to its store: opened afresh on each visit, with the company's
 * banks; gives the list its state, selection and handlers.
 */
function usePaymentListScreen<Row, Sort extends string>(list: PaymentList<Row, Sort>) {
  const enterpriseId = useEnterpriseId();
  const state = useStore(list.$list);
  const banks = useBanks(enterpriseId);
  useEffect(() => {
    if (enterpriseId !== null) void list.open();
  }, [enterpriseId, list]);
  const onQuery = useCallback(
    (changes: Partial<PaymentListQueryState<Sort>>) => void list.query(changes),
    [list],
  );
  const selection = list.selection(state);
  return {
    enterpriseId,
    selection,
    listProps: {
      state,
      banks,
      selection,
      onQuery,
      onSort: (sort: Sort) => void list.sortBy(sort),
      onToggle: list.toggle,
      onTogglePage: list.togglePage,
      onClearSelection: list.clearSelection,
      onRetry: () => void list.load(),
    },
  };
}

/**
 * Règlements en attente (`/facturation/reglements/en-attente`, and where `/` lands; on a platform
 * page `<bo-payments-outstanding>`). `onPaid` hears how many rows each payment run settled.
 */
export function PaymentsPendingScreen({ onPaid }: { onPaid?: (count: number) => void } = {}) {
  const { enterpriseId, selection, listProps } = usePaymentListScreen(outstandingList);
  const [paying, setPaying] = useState(false);
  return (
    <>
      <PaymentsList<Outstanding, OutstandingSortKey>
        {...listProps}
        kind="outstanding"
        title={m.outstandingTitle}
        other={{ to: clientPaths.paymentsReceived, label: m.toReceived }}
        columns={outstandingColumns}
        keyOf={(row) => row.key}
        rowLabel={(row) =>
          m.selectOutstanding(m.invoiceName(row.invoiceNumber, row.invoiceId), row.isRetainage)
        }
        batchActions={
          <button type="button" className={button.primary} onClick={() => setPaying(true)}>
            {m.paySelected}
          </button>
        }
      />
      {paying && enterpriseId !== null ? (
        <PayDialog
          open
          enterpriseId={enterpriseId}
          rows={selection.rows}
          banks={listProps.banks}
          onClose={() => setPaying(false)}
          onPaid={(paidKeys) => {
            for (const key of paidKeys) {
              const row = outstandingList.$list.get().selected[key];
              if (row) outstandingList.toggle(row);
            }
            if (paidKeys.length > 0) addToast(m.paidToast(paidKeys.length), { type: 'success' });
            if (paidKeys.length > 0) onPaid?.(paidKeys.length);
            if (Object.keys(outstandingList.$list.get().selected).length === 0) setPaying(false);
            void outstandingList.refresh();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * Règlements reçus (`/facturation/reglements/recus`; on a platform page `<bo-payments-received>`).
 * `onDeleted` hears how many payments each deletion removed.
 */
export function PaymentsReceivedScreen({ onDeleted }: { onDeleted?: (count: number) => void } = {}) {
  const { enterpriseId, selection, listProps } = usePaymentListScreen(receivedList);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <PaymentsList<Received, ReceivedSortKey>
        {...listProps}
        kind="received"
        title={m.receivedTitle}
        other={{ to: clientPaths.paymentsPending, label: m.toOutstanding }}
        columns={receivedColumns}
        keyOf={(row) => String(row.id)}
        rowLabel={(row) =>
          m.selectReceived(m.invoiceName(row.invoiceNumber, row.invoiceId), formatIsoDate(row.paidOn))
        }
        batchActions={
          // Deleting a payment is for admins (the server answers 403 to others): inert, with the reason.
          <PermissionGate adminRequired action="no_click">
            <button type="button" className={button.primary} onClick={() => setDeleting(true)}>
              {m.deleteSelected}
            </button>
          </PermissionGate>
        }
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
            if (deleted.length > 0) onDeleted?.(deleted.length);
            for (const failure of failures) addToast(failure, { type: 'error' });
            void receivedList.refresh();
          }}
        />
      ) : null}
    </>
  );
}
