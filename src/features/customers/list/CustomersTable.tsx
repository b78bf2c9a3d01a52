import { flexRender, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import type { Customer, CustomerSortKey } from '../../../api/customers';
import { customerPath } from '../../../routes/paths';
import { $router } from '../../../routes/router';
import { visuallyHidden } from '../../../ui/theme.css';
import { customerColumns, sortableColumns } from './columns';
import * as styles from './list.css';

export interface CustomersTableProps {
  rows: Customer[];
  sort: CustomerSortKey;
  order: 'asc' | 'desc';
  busy: boolean;
  onSort: (sort: CustomerSortKey) => void;
  /** Opens a row's sheet when the row (not only its link) is clicked. */
  onOpen?: (customer: Customer) => void;
}

const sortLabel = { asc: 'croissant', desc: 'décroissant' } as const;

/** Columns that phones leave out, so that the list fits a 390 px screen. */
const wideOnlyColumns = new Set(['type', 'customerCode', 'email']);
const columnClass = (id: string) => (wideOnlyColumns.has(id) ? styles.wideOnly : undefined);

/**
 * One page of customers: the server sorts and pages (TanStack Table in manual mode draws the
 * columns and headers), so the table never holds more than a page of rows.
 */
export function CustomersTable({ rows, sort, order, busy, onSort, onOpen = openSheet }: CustomersTableProps) {
  const sorting: SortingState = [{ id: sort, desc: order === 'desc' }];
  const table = useReactTable({
    data: rows,
    columns: customerColumns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { sorting },
    getRowId: (customer) => String(customer.id),
  });

  return (
    <div className={styles.scroller}>
      {busy ? <div className={styles.progress} aria-hidden="true" /> : null}
      <table className={styles.table} aria-busy={busy}>
        <caption className={visuallyHidden}>
          Liste des clients, triée par colonne (les en-têtes sont des boutons de tri)
        </caption>
        <colgroup>
          {table.getAllLeafColumns().map((column) => (
            <col
              key={column.id}
              className={[
                styles.columnWidth[column.id as keyof typeof styles.columnWidth],
                columnClass(column.id),
              ]
                .filter(Boolean)
                .join(' ')}
            />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id;
                const sortable = sortableColumns.includes(id);
                const sorted = sort === id;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={columnClass(id)}
                    aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => onSort(id as CustomerSortKey)}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">{sorted ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
                        {sorted ? (
                          <span className={visuallyHidden}>{` (tri ${sortLabel[order]})`}</span>
                        ) : null}
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={styles.row}
              onClick={(event) => {
                // The name's link handles its own clicks (and modified clicks: new tab).
                if (!(event.target as Element).closest('a')) onOpen(row.original);
              }}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={columnClass(cell.column.id)}>
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

function openSheet(customer: Customer) {
  // The customer route is a digits-only RegExp, which openPage cannot build a path for.
  $router.open(customerPath(customer.id));
}
