import {
  listOutstanding,
  listReceived,
  type Outstanding,
  type OutstandingSortKey,
  type Received,
  type ReceivedSortKey,
} from '../../api/payments';
import { createPaymentList } from './paymentListStore';

/** Règlements en attente: each invoice or released retainage still owed. */
export const outstandingList = createPaymentList<Outstanding, OutstandingSortKey>({
  defaultSort: 'dueDate',
  defaultOrder: 'asc',
  keyOf: (row) => row.key,
  amountOf: (row) => row.balanceCents,
  fetch: listOutstanding,
});

/** Règlements reçus. */
export const receivedList = createPaymentList<Received, ReceivedSortKey>({
  defaultSort: 'paidOn',
  defaultOrder: 'desc',
  keyOf: (row) => String(row.id),
  amountOf: (row) => row.amountCents,
  fetch: listReceived,
});
