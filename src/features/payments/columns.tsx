import type { PaymentMode } from '../../api/customers';
import type { Outstanding, OutstandingSortKey, Received, ReceivedSortKey } from '../../api/payments';
import { formatCents, formatIsoDate } from '../../i18n/format';
import { invoicePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { link } from '../../ui/screen.css';
import { paymentModeLabels } from '../customers/messages';
import { paymentMessages as m } from './messages';
import type { PaymentColumn } from './PaymentsTable';
import * as styles from './payments.css';

const modeLabel = (mode: PaymentMode) => paymentModeLabels[mode];

type Line = Outstanding | Received;

function InvoiceCell({ row }: { row: Line }) {
  return (
    <>
      <RouteLink to={invoicePath(row.invoiceId)} className={link}>
        {m.invoiceName(row.invoiceNumber, row.invoiceId)}
      </RouteLink>
      {row.isRetainage ? <span className={styles.chip}>{m.retainage}</span> : null}
    </>
  );
}

export const outstandingColumns: PaymentColumn<Outstanding, OutstandingSortKey>[] = [
  { id: 'number', header: 'N° facture', sort: 'number', cell: (row) => <InvoiceCell row={row} /> },
  { id: 'date', header: 'Date facture', sort: 'date', cell: (row) => formatIsoDate(row.invoiceDate) },
  {
    id: 'dueDate',
    header: 'Échéance',
    sort: 'dueDate',
    cell: (row) => (
      <>
        {formatIsoDate(row.dueDate)}
        {row.overdue ? <span className={styles.overdueChip}>en retard</span> : null}
      </>
    ),
  },
  { id: 'customer', header: 'Client', sort: 'customer', cell: (row) => row.customerName },
  { id: 'job', header: 'Affaire', cell: (row) => row.businessJobName ?? '' },
  { id: 'total', header: 'Total TTC', numeric: true, cell: (row) => formatCents(row.totalInclTaxCents) },
  {
    id: 'balance',
    header: 'Reste dû TTC',
    sort: 'balance',
    numeric: true,
    cell: (row) => formatCents(row.balanceCents),
  },
];

export const receivedColumns: PaymentColumn<Received, ReceivedSortKey>[] = [
  { id: 'paidOn', header: 'Date de règlement', sort: 'paidOn', cell: (row) => formatIsoDate(row.paidOn) },
  { id: 'number', header: 'N° facture', sort: 'number', cell: (row) => <InvoiceCell row={row} /> },
  { id: 'date', header: 'Date facture', cell: (row) => formatIsoDate(row.invoiceDate) },
  { id: 'dueDate', header: 'Échéance', cell: (row) => formatIsoDate(row.dueDate) },
  { id: 'customer', header: 'Client', sort: 'customer', cell: (row) => row.customerName },
  { id: 'job', header: 'Affaire', cell: (row) => row.businessJobName ?? '' },
  {
    id: 'mode',
    header: 'Mode',
    sort: 'mode',
    cell: (row) => (row.chequeNumber ? `${modeLabel(row.mode)} n° ${row.chequeNumber}` : modeLabel(row.mode)),
  },
  { id: 'bank', header: 'Banque', cell: (row) => row.bankName ?? '' },
  { id: 'comment', header: 'Commentaire', cell: (row) => row.comment },
  {
    id: 'amount',
    header: 'Montant réglé TTC',
    sort: 'amount',
    numeric: true,
    cell: (row) => formatCents(row.amountCents),
  },
  { id: 'balance', header: 'Reste dû TTC', numeric: true, cell: (row) => formatCents(row.balanceCents) },
];
