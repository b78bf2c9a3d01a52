import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { Invoice, InvoiceSortKey } from '../../../api/invoices';
import { formatCents, formatIsoDate } from '../../../i18n/format';
import { invoicePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { visuallyHidden } from '../../../ui/theme.css';
import * as shared from '../invoices.css';
import { invoiceKindLabels, invoiceMessages as m } from '../messages';
import { chipStatus, StatusChip } from '../StatusChip';
import * as styles from './list.css';

const column = createColumnHelper<Invoice>();

const invoiceName = (invoice: Invoice) => invoice.number ?? m.draftName(invoice.id);

/** Column id → the API's sort key, for the columns the server sorts. */
const sortKeys: Partial<Record<string, InvoiceSortKey>> = {
  number: 'number',
  date: 'date',
  customer: 'customer',
  status: 'status',
  dueDate: 'dueDate',
  totalInclTax: 'totalInclTax',
  balance: 'balance',
};

const numeric = new Set(['totalInclTax', 'balance']);
/** Columns that give way under 1024 px, so number, client, status and amounts stay in view. */
const secondary = new Set(['job', 'kind', 'dueDate']);

/** Client and job take the room the other columns leave, the others their content's width. */
const flexible = new Set(['customer', 'job']);

/** A header keeps its sort button whole (and its focus ring): only the rows' cells are cut. */
const cellClass = (id: string, part: 'header' | 'row') =>
  [
    numeric.has(id) ? shared.amount : '',
    flexible.has(id) ? (part === 'row' ? styles.flexCell : '') : styles.fitCell,
    secondary.has(id) ? styles.secondary : '',
  ].join(' ');

const columns = [
  column.accessor((invoice) => invoiceName(invoice), {
    id: 'number',
    header: 'N°',
    cell: ({ row, getValue }) => (
      <RouteLink to={invoicePath(row.original.id)} className={shared.link}>
        {getValue()}
      </RouteLink>
    ),
  }),
  column.accessor('date', { header: 'Date', cell: ({ getValue }) => formatIsoDate(getValue()) }),
  column.accessor('customerName', { id: 'customer', header: 'Client' }),
  column.accessor('businessJobName', {
    id: 'job',
    header: 'Affaire',
    cell: ({ getValue }) => getValue() ?? '',
  }),
  column.accessor('kind', { header: 'Type', cell: ({ getValue }) => invoiceKindLabels[getValue()] }),
  column.accessor((invoice) => chipStatus(invoice), {
    id: 'status',
    header: 'Statut',
    cell: ({ row, getValue }) => <StatusChip status={getValue()} kind={row.original.kind} />,
  }),
  column.accessor('dueDate', { header: 'Échéance', cell: ({ getValue }) => formatIsoDate(getValue()) }),
  column.accessor('totalInclTaxCents', {
    id: 'totalInclTax',
    header: 'Total TTC',
    cell: ({ getValue }) => formatCents(getValue()),
  }),
  column.accessor('balanceCents', {
    id: 'balance',
    header: 'Reste dû',
    cell: ({ getValue }) => formatCents(getValue()),
  }),
];

const sortLabel = { asc: 'croissant', desc: 'décroissant' } as const;

export interface InvoicesTableProps {
  rows: Invoice[];
  sort: InvoiceSortKey;
  order: 'asc' | 'desc';
  busy: boolean;
  selected: number[];
  onSort: (sort: InvoiceSortKey) => void;
  onToggle: (id: number) => void;
  onTogglePage: () => void;
}

/** One page of invoices: the server sorts and pages; TanStack Table draws columns and headers. */
export function InvoicesTable({
  rows,
  sort,
  order,
  busy,
  selected,
  onSort,
  onToggle,
  onTogglePage,
}: InvoicesTableProps) {
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    getRowId: (invoice) => String(invoice.id),
  });
  const allChecked = rows.length > 0 && selected.length === rows.length;

  return (
    <div className={`${shared.scroller} ${styles.scroller}`}>
      <table className={`${shared.table} ${styles.table}`} aria-busy={busy}>
        <caption className={visuallyHidden}>{m.listTitle}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCell}>
              <input
                type="checkbox"
                aria-label={m.selectPage}
                checked={allChecked}
                ref={(input) => {
                  if (input) input.indeterminate = selected.length > 0 && !allChecked;
                }}
                onChange={onTogglePage}
              />
            </th>
            {table.getFlatHeaders().map((header) => {
              const key = sortKeys[header.column.id];
              const sorted = key !== undefined && key === sort;
              const title = flexRender(header.column.columnDef.header, header.getContext());
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={cellClass(header.column.id, 'header')}
                  aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {key ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSort(key)}>
                      {title}
                      <span aria-hidden="true">{sorted ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
                      {sorted ? <span className={visuallyHidden}>{` (tri ${sortLabel[order]})`}</span> : null}
                    </button>
                  ) : (
                    title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} aria-selected={selected.includes(row.original.id)}>
              <td className={styles.checkCell}>
                <input
                  type="checkbox"
                  aria-label={m.selectRow(invoiceName(row.original))}
                  checked={selected.includes(row.original.id)}
                  onChange={() => onToggle(row.original.id)}
                />
              </td>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cellClass(cell.column.id, 'row')}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
