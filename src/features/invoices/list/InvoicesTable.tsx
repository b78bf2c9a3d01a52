import { createColumnHelper } from '@tanstack/react-table';
import type { Invoice, InvoiceSortKey } from '../../../api/invoices';
import { formatCents, formatIsoDate } from '../../../i18n/format';
import { invoicePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { DataTable, type DataTableProps } from '../../../ui/DataTable';
import type { PagerProps } from '../../../ui/Pager';
import * as shared from '../invoices.css';
import { invoiceKindLabels, invoiceMessages as m } from '../messages';
import { chipStatus, StatusChip } from '../StatusChip';
import * as styles from './list.css';

const column = createColumnHelper<Invoice>();

const invoiceName = (invoice: Invoice) => invoice.number ?? m.draftName(invoice.id);

/** Each sortable column's meta.sortKey is the API's sort key (the server sorts and pages). */
const columns = [
  column.accessor((invoice) => invoiceName(invoice), {
    id: 'number',
    header: 'N°',
    meta: { sortKey: 'number' },
    cell: ({ row, getValue }) => (
      <RouteLink to={invoicePath(row.original.id)} className={shared.link}>
        {getValue()}
      </RouteLink>
    ),
  }),
  column.accessor('date', {
    header: 'Date',
    cell: ({ getValue }) => formatIsoDate(getValue()),
    meta: { sortKey: 'date' },
  }),
  column.accessor('customerName', {
    id: 'customer',
    header: 'Client',
    meta: { grow: true, sortKey: 'customer' },
  }),
  column.accessor('businessJobName', {
    id: 'job',
    header: 'Affaire',
    cell: ({ getValue }) => getValue() ?? '',
    // Job, type and due date give way when the list is narrow (800 px): number, client, status
    // and amounts stay in view.
    meta: { grow: true, priority: 3 },
  }),
  column.accessor('kind', {
    header: 'Type',
    cell: ({ getValue }) => invoiceKindLabels[getValue()],
    meta: { priority: 3 },
  }),
  column.accessor((invoice) => chipStatus(invoice), {
    id: 'status',
    header: 'Statut',
    meta: { sortKey: 'status' },
    cell: ({ row, getValue }) => <StatusChip status={getValue()} kind={row.original.kind} />,
  }),
  column.accessor('dueDate', {
    header: 'Échéance',
    cell: ({ getValue }) => formatIsoDate(getValue()),
    meta: { sortKey: 'dueDate', priority: 3 },
  }),
  column.accessor('totalInclTaxCents', {
    id: 'totalInclTax',
    header: 'Total TTC',
    meta: { numeric: true, sortKey: 'totalInclTax' },
    cell: ({ getValue }) => formatCents(getValue()),
  }),
  column.accessor('balanceCents', {
    id: 'balance',
    header: 'Reste dû',
    meta: { numeric: true, sortKey: 'balance' },
    cell: ({ getValue }) => formatCents(getValue()),
  }),
];

export interface InvoicesTableProps {
  rows: Invoice[];
  sort: InvoiceSortKey;
  order: 'asc' | 'desc';
  busy: boolean;
  selected: number[];
  onSort: (sort: InvoiceSortKey) => void;
  onToggle: (id: number) => void;
  onTogglePage: () => void;
  /** The checked rows' bar (how many, their totals, the PDF download). */
  batch?: DataTableProps<Invoice>['batch'];
  pager?: PagerProps;
}

/** One page of invoices: the server sorts and pages; the one DataTable draws them. */
export function InvoicesTable({
  rows,
  sort,
  order,
  busy,
  selected,
  onSort,
  onToggle,
  onTogglePage,
  batch,
  pager,
}: InvoicesTableProps) {
  return (
    <DataTable
      caption={m.listTitle}
      columns={columns}
      rows={rows}
      rowKey={(invoice) => String(invoice.id)}
      sort={sort}
      order={order}
      onSort={(key) => onSort(key as InvoiceSortKey)}
      busy={busy}
      className={styles.scroller}
      selection={{
        isSelected: (invoice) => selected.includes(invoice.id),
        onToggle: (invoice) => onToggle(invoice.id),
        onTogglePage,
        rowLabel: (invoice) => m.selectRow(invoiceName(invoice)),
        pageLabel: m.selectPage,
      }}
      batch={batch}
      pager={pager}
    />
  );
}
