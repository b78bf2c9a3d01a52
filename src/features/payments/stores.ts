import {
  listOutstanding,
  listReceived,
  type Outstanding,
  type OutstandingSortKey,
  outstandingTotals,
  type Received,
  type ReceivedSortKey,
  receivedTotals,
} from '../../api/payments';
import { createPaymentList } from './paymentListStore';

/** Règlements en attente: each invoice or released retainage still owed. */
export const outstandingList = createPaymentList<Outstanding, OutstandingSortKey>({
  defaultSort: 'dueDate',
  defaultOrder: 'asc',
  keyOf: (row) => row.key,
  amountOf: (row) => row.balanceCents,
  fetchPage: listOutstanding,
  fetchTotals: outstandingTotals,
});

/** Règlements reçus. */
export const receivedList = createPaymentList<Received, ReceivedSortKey>({
  defaultSort: 'paidOn',
  defaultOrder: 'desc',
  keyOf: (row) => String(row.id),
  amountOf: (row) => row.amountCents,
  fetchPage: listReceived,
  fetchTotals: receivedTotals,
});
