import { createColumnHelper } from '@tanstack/react-table';
import type { LibraryItemSummary, LibrarySortKey } from '../../../api/library';
import { formatCents } from '../../../contract/format';
import { libraryKindLabels } from '../../../contract/library';
import { DataTable } from '../../../ui/DataTable';
import * as styles from '../library.css';
import { libraryMessages as m } from '../messages';

const column = createColumnHelper<LibraryItemSummary>();

export interface LibraryTableProps {
  rows: readonly LibraryItemSummary[];
  sort: LibrarySortKey;
  order: 'asc' | 'desc';
  busy: boolean;
  page: number;
  pageSize: number;
  hits: number;
  onSort: (sort: LibrarySortKey) => void;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}

/** One page of items (the server searches, sorts and pages), in the product's one table. */
export function LibraryTable({
  rows,
  sort,
  order,
  busy,
  page,
  pageSize,
  hits,
  onSort,
  onPage,
  onOpen,
}: LibraryTableProps) {
  const columns = [
    column.accessor('code', { header: m.code, meta: { sortKey: 'code', priority: 2 } }),
    column.accessor('designation', {
      header: m.designation,
      meta: { sortKey: 'designation', grow: true },
      cell: ({ row, getValue }) => (
        <>
          <button type="button" className={styles.rowButton} onClick={() => onOpen(row.original.id)}>
            {getValue()}
          </button>{' '}
          <span className={styles.kindTag}>{libraryKindLabels[row.original.kind]}</span>
        </>
      ),
    }),
    // A price means nothing without its unit (61,90 € the unit, the m², the hour): shown down to 600 px
    // of table, as the cost is (the list's 640 px beside the families hid it at priority 3).
    column.accessor('unit', { header: m.unit, meta: { priority: 2 } }),
    column.accessor('costCents', {
      header: m.cost,
      meta: { numeric: true, priority: 2 },
      cell: ({ getValue }) => formatCents(getValue()),
    }),
    column.accessor('salePriceCents', {
      header: m.salePrice,
      meta: { numeric: true },
      cell: ({ getValue }) => formatCents(getValue()),
    }),
  ];
  return (
    <DataTable
      caption={m.tableCaption}
      columns={columns}
      rows={rows}
      rowKey={(item) => String(item.id)}
      sort={sort}
      order={order}
      onSort={(key) => onSort(key as LibrarySortKey)}
      onRowClick={(item) => onOpen(item.id)}
      busy={busy}
      pager={{ page, pageSize, hits, onPage, label: m.pagerLabel }}
    />
  );
}
