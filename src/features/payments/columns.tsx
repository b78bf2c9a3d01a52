import { createColumnHelper } from '@tanstack/react-table';
import type { PaymentMode } from '../../api/customers';
import type { Outstanding, OutstandingSortKey, Received, ReceivedSortKey } from '../../api/payments';
import { formatCents, formatIsoDate } from '../../i18n/format';
import { invoicePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { link } from '../../ui/screen.css';
import { paymentModeLabels } from '../customers/messages';
import { paymentMessages as m } from './messages';
import * as styles from './payments.css';

const modeLabel = (mode: PaymentMode) => paymentModeLabels[mode];

type Line = Outstanding | Received;

function InvoiceCell({ row }: { row: Line }) {
  return (
    <>
      <RouteLink to={invoicePath(row.invoiceId)} className={`${link} ${styles.nowrap}`}>
        {m.invoiceName(row.invoiceNumber, row.invoiceId)}
      </RouteLink>
      {row.isRetainage ? <span className={styles.chip}>{m.retainage}</span> : null}
    </>
  );
}

const outstanding = createColumnHelper<Outstanding>();
const received = createColumnHelper<Received>();

/**
 * The outstanding lines. At 800 px the invoice, its due date (and « en retard »), the client and
 * the balance stay in view; the invoice date and the job give way first (priority 3), the total
 * on a phone (priority 2). Each sortKey is the API's: the server sorts.
 */
export const outstandingColumns = [
  outstanding.display({
    id: 'number',
    header: 'N° facture',
    cell: ({ row }) => <InvoiceCell row={row.original} />,
    // The retainage chip goes under the number when room is short.
    meta: { sortKey: 'number' satisfies OutstandingSortKey, wrap: true },
  }),
  outstanding.accessor('invoiceDate', {
    id: 'date',
    header: 'Date facture',
    cell: ({ getValue }) => formatIsoDate(getValue()),
    meta: { sortKey: 'date' satisfies OutstandingSortKey, priority: 3 },
  }),
  outstanding.display({
    id: 'dueDate',
    header: 'Échéance',
    cell: ({ row }) => (
      <>
        {formatIsoDate(row.original.dueDate)}
        {row.original.overdue ? <span className={styles.overdueChip}>en retard</span> : null}
      </>
    ),
    // « en retard » goes under the date when room is short.
    meta: { sortKey: 'dueDate' satisfies OutstandingSortKey, wrap: true },
  }),
  outstanding.accessor('customerName', {
    id: 'customer',
    header: 'Client',
    meta: { sortKey: 'customer' satisfies OutstandingSortKey, grow: true },
  }),
  outstanding.accessor((row) => row.businessJobName ?? '', {
    id: 'job',
    header: 'Affaire',
    meta: { grow: true, priority: 3 },
  }),
  outstanding.accessor('totalInclTaxCents', {
    id: 'total',
    header: 'Total TTC',
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true, priority: 2 },
  }),
  outstanding.accessor('balanceCents', {
    id: 'balance',
    header: 'Reste dû TTC',
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true, sortKey: 'balance' satisfies OutstandingSortKey },
  }),
];

/**
 * The payments received (eleven columns: 1 989 px wide at 800 px before issue 20). At 800 px the
 * date paid, the invoice, the client, the amount paid and the balance stay in view; the invoice's
 * dates, the job, the mode, the bank and the comment give way (priority 3), the balance on a phone;
 * at 1 280 px the due date (priority 4).
 */
export const receivedColumns = [
  received.accessor('paidOn', {
    header: 'Date de règlement',
    cell: ({ getValue }) => formatIsoDate(getValue()),
    meta: { sortKey: 'paidOn' satisfies ReceivedSortKey },
  }),
  received.display({
    id: 'number',
    header: 'N° facture',
    cell: ({ row }) => <InvoiceCell row={row.original} />,
    meta: { sortKey: 'number' satisfies ReceivedSortKey, wrap: true },
  }),
  received.accessor('invoiceDate', {
    id: 'date',
    header: 'Date facture',
    cell: ({ getValue }) => formatIsoDate(getValue()),
    meta: { priority: 3 },
  }),
  received.accessor('dueDate', {
    header: 'Échéance',
    cell: ({ getValue }) => formatIsoDate(getValue()),
    // Eleven columns do not fit the 1 216 px of a 1 280 px screen: the invoice's due date is the
    // one a received payment needs least.
    meta: { priority: 4 },
  }),
  received.accessor('customerName', {
    id: 'customer',
    header: 'Client',
    meta: { sortKey: 'customer' satisfies ReceivedSortKey, grow: true },
  }),
  received.accessor((row) => row.businessJobName ?? '', {
    id: 'job',
    header: 'Affaire',
    meta: { grow: true, priority: 3 },
  }),
  received.display({
    id: 'mode',
    header: 'Mode',
    cell: ({ row: { original: row } }) =>
      row.chequeNumber ? `${modeLabel(row.mode)} n° ${row.chequeNumber}` : modeLabel(row.mode),
    meta: { sortKey: 'mode' satisfies ReceivedSortKey, priority: 3, wrap: true },
  }),
  received.accessor((row) => row.bankName ?? '', {
    id: 'bank',
    header: 'Banque',
    meta: { grow: true, priority: 3 },
  }),
  received.accessor('comment', { header: 'Commentaire', meta: { grow: true, priority: 3 } }),
  received.accessor('amountCents', {
    id: 'amount',
    header: 'Montant réglé TTC',
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true, sortKey: 'amount' satisfies ReceivedSortKey },
  }),
  received.accessor('balanceCents', {
    id: 'balance',
    header: 'Reste dû TTC',
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true, priority: 2 },
  }),
];
