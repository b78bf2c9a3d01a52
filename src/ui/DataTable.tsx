/**
 * DataTable — the one table of the product (issue 20): every list is this component.
 *
 * Usage:
 *   const column = createColumnHelper<Quote>();
 *   const columns = [
 *     column.accessor('number', { header: 'N°', meta: { sortKey: 'number' } }),
 *     column.accessor('customerName', { header: 'Client', meta: { grow: true, sortKey: 'customer' } }),
 *     column.accessor('jobName', { header: 'Affaire', meta: { grow: true, priority: 3 } }),
 *     column.accessor('totalCents', { header: 'Total HT', cell: (c) => formatCents(c.getValue()),
 *       meta: { numeric: true, sortKey: 'total' } }),
 *   ];
 *   <DataTable caption="Mes devis" columns={columns} rows={rows} rowKey={(q) => String(q.id)}
 *     sort={sort} order={order} onSort={(key) => …}            // server sort; without onSort it sorts itself
 *     selection={{ isSelected, onToggle, onTogglePage, rowLabel: (q) => `Sélectionner ${q.number}` }}
 *     batch={count > 0 ? { label: '2 devis sélectionnés', children: <button …/> } : null}
 *     pager={{ page, pageSize, hits, onPage }} busy={loading} virtual={rows.length > 200}
 *     onRowClick={(q) => open(q)} rowClassName={(q) => (q.id === openId ? styles.open : undefined)} />
 *
 * Column meta (TanStack `meta`): `numeric` (right-aligned tabular amount, never cut), `priority`
 * (1 always shown — give it to the identifier and the amount; 2 gives way under 600 px of table;
 * 3 under 900 px: at 800 px wide only priorities 1 and 2 show; 4 under 1 250 px), `grow` (takes
 * the room left, cut with an ellipsis), `wrap` (as narrow as its longest word), `sortKey` (the
 * header sorts; the key handed to onSort), `rowHeader` (its cells are <th scope="row">), `width` and
 * `colClassName` (a <col>, with `layout="fixed"`), `className` (added to the column's cells).
 * The priorities are a container query on the table's own box (src/ui/dataTable.css.ts).
 */
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type Header,
  type RowData,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef, useState } from 'react';
import * as styles from './dataTable.css';
import { Pager, type PagerProps } from './Pager';
import { visuallyHidden } from './theme.css';

export type ColumnPriority = 1 | 2 | 3 | 4;

declare module '@tanstack/react-table' {
  // The type parameters must match TanStack's own declaration (merged with it).
  interface ColumnMeta<TData extends RowData, TValue> {
    /** An amount: right-aligned, tabular figures, never cut; priority 1 unless said. */
    numeric?: boolean;
    /** 1 always shows; 2 gives way under 600 px of table; 3 under 900 px; 4 under 1 250 px. Default 1. */
    priority?: ColumnPriority;
    /** Takes the room the other columns leave, cut with an ellipsis (names, labels). */
    grow?: boolean;
    /** As narrow as its longest word: its content wraps (a number with its chip under it). */
    wrap?: boolean;
    /** The header sorts; this key is handed to onSort (the API's sort key). */
    sortKey?: string;
    /** The column's width (a <col> width: '26%', 120) — with layout="fixed". */
    width?: string | number;
    /** Added to the column's <col> (widths per screen size). */
    colClassName?: string;
    /** Added to the column's header and cells. */
    className?: string;
    /** The column names its row (its cells are <th scope="row">): the name of a user, a rate. */
    rowHeader?: boolean;
  }
}

export interface DataTableSelection<Row> {
  isSelected: (row: Row) => boolean;
  onToggle: (row: Row) => void;
  /** The header's checkbox: checks the page's rows, or unchecks them when all are. */
  onTogglePage: () => void;
  /** A row's checkbox name for screen readers (« Sélectionner FA-2026-0001 »). */
  rowLabel: (row: Row) => string;
  /** The header checkbox's name. */
  pageLabel?: string;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption unless captionClassName shows it). */
  caption: string;
  captionClassName?: string;
  // biome-ignore lint/suspicious/noExplicitAny: a column helper's columns have one value type each.
  columns: readonly ColumnDef<Row, any>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The current sort: a column's sortKey. */
  sort?: string;
  order?: 'asc' | 'desc';
  /** The server sorts: called with the header's sortKey. Without it the table sorts its rows. */
  onSort?: (sortKey: string) => void;
  selection?: DataTableSelection<Row>;
  /** Above the table while rows are checked: how many, their totals, the batch actions. */
  batch?: { label: string; children?: ReactNode } | null;
  /** Under the table: the one pager. */
  pager?: PagerProps;
  /** Another page, sort or search is on its way (the rows shown stay). */
  busy?: boolean;
  /** Only the rows in view are in the DOM (thousands of rows draw as fast as fifty). */
  virtual?: boolean;
  /** The virtualiser's estimate of a row's height (real heights are measured). */
  rowHeight?: number;
  /** Opens a row's record when the row (not a link, button or checkbox in it) is clicked. */
  onRowClick?: (row: Row) => void;
  /** A row's own class (the row whose sheet is open, for instance). */
  rowClassName?: (row: Row) => string | undefined;
  /** Column widths from meta.width / colClassName, not from the rows. */
  layout?: 'auto' | 'fixed';
  /** Added to the scroll box (its max height, for instance). */
  className?: string;
}

/**
 * The checked rows' bar: how many and their total (its label, also its name), then the actions.
 * DataTable draws it above its rows; a list draws it alone when a selection outlives its rows.
 */
export function BatchBar({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <section className={styles.batchBar} aria-label={label}>
      <strong>{label}</strong>
      {children}
    </section>
  );
}

const sortLabel = { asc: 'croissant', desc: 'décroissant' } as const;
const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** A cell's classes and attributes, the same for its header and its rows. */
function cellProps(meta: ColumnMeta | undefined, layout: 'auto' | 'fixed', part: 'header' | 'row') {
  const classes = [
    meta?.numeric ? styles.amount : '',
    layout === 'fixed'
      ? part === 'row'
        ? styles.fixedCell
        : ''
      : meta?.grow
        ? part === 'row'
          ? styles.growCell
          : ''
        : meta?.wrap
          ? styles.wrapCell
          : styles.fitCell,
    meta?.className ?? '',
  ];
  return {
    className: classes.filter(Boolean).join(' ') || undefined,
    'data-priority': meta?.priority ?? 1,
  };
}
type ColumnMeta = NonNullable<ColumnDef<unknown>['meta']>;

export function DataTable<Row>({
  caption,
  captionClassName = visuallyHidden,
  columns,
  rows,
  rowKey,
  sort,
  order = 'asc',
  onSort,
  selection,
  batch,
  pager,
  busy = false,
  virtual = false,
  rowHeight = 37,
  onRowClick,
  rowClassName,
  layout = 'auto',
  className,
}: DataTableProps<Row>) {
  const manual = onSort !== undefined;
  const columnIdOf = (key: string | undefined) => {
    const column = columns.find((each) => key !== undefined && each.meta?.sortKey === key);
    return column?.id ?? (column as { accessorKey?: string } | undefined)?.accessorKey;
  };
  const [ownSorting, setOwnSorting] = useState<SortingState>(() => {
    const id = columnIdOf(sort);
    return id ? [{ id, desc: order === 'desc' }] : [];
  });
  const table = useReactTable({
    data: rows as Row[],
    columns: columns as ColumnDef<Row, unknown>[],
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    manualSorting: manual,
    manualPagination: true,
    state: manual ? {} : { sorting: ownSorting },
    onSortingChange: setOwnSorting,
    getRowId: (row) => rowKey(row),
  });

  const tableRows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? tableRows.length : 0,
    // Off, it does not observe the scroll box: measuring it forced a layout in every list's first
    // render (25 ms of a phone's main thread, issue 27) for a table drawn whole anyway.
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // Before the box is measured (and in jsdom), draw a screenful rather than nothing.
    initialRect: { width: 1200, height: 720 },
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const before = items?.[0]?.start ?? 0;
  const after = items ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const shown = items ? items.map((item) => tableRows[item.index]!) : tableRows;

  const checkedOnPage = selection ? rows.filter((row) => selection.isSelected(row)).length : 0;
  const allChecked = rows.length > 0 && checkedOnPage === rows.length;
  const leafColumns = table.getAllLeafColumns();
  const span = leafColumns.length + (selection ? 1 : 0);

  const sortState = (header: Header<Row, unknown>): 'asc' | 'desc' | null => {
    const key = header.column.columnDef.meta?.sortKey;
    if (key === undefined) return null;
    if (manual) return key === sort ? order : null;
    return header.column.getIsSorted() || null;
  };
  const sortBy = (header: Header<Row, unknown>) => {
    const key = header.column.columnDef.meta?.sortKey;
    if (key === undefined) return;
    if (manual) {
      onSort(key);
      return;
    }
    const current = header.column.getIsSorted();
    setOwnSorting([{ id: header.column.id, desc: current === 'asc' }]);
  };

  return (
    <div className={styles.root}>
      {batch ? <BatchBar {...batch} /> : null}
      <div ref={scrollRef} className={[styles.scroller, className].filter(Boolean).join(' ')}>
        {busy ? <div className={styles.progress} aria-hidden="true" /> : null}
        <table
          className={`${styles.table} ${layout === 'fixed' ? styles.fixedLayout : ''}`}
          aria-busy={busy}
          aria-rowcount={virtual ? rows.length + 1 : undefined}
        >
          <caption className={captionClassName}>{caption}</caption>
          {layout === 'fixed' ? (
            <colgroup>
              {selection ? <col className={styles.checkCell} /> : null}
              {leafColumns.map((column) => {
                const meta = column.columnDef.meta;
                return (
                  <col
                    key={column.id}
                    className={meta?.colClassName}
                    data-priority={meta?.priority ?? 1}
                    style={meta?.width !== undefined ? { width: meta.width } : undefined}
                  />
                );
              })}
            </colgroup>
          ) : null}
          <thead>
            <tr aria-rowindex={virtual ? 1 : undefined}>
              {selection ? (
                <th scope="col" className={styles.checkCell}>
                  <input
                    type="checkbox"
                    aria-label={selection.pageLabel ?? 'Sélectionner toutes les lignes de la page'}
                    checked={allChecked}
                    ref={(input) => {
                      if (input) input.indeterminate = checkedOnPage > 0 && !allChecked;
                    }}
                    onChange={selection.onTogglePage}
                  />
                </th>
              ) : null}
              {table.getFlatHeaders().map((header) => {
                const title = flexRender(header.column.columnDef.header, header.getContext());
                const sorted = sortState(header);
                const sortable = header.column.columnDef.meta?.sortKey !== undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    {...cellProps(header.column.columnDef.meta, layout, 'header')}
                    aria-sort={sorted ? ariaSort[sorted] : undefined}
                  >
                    {sortable ? (
                      <button type="button" className={styles.sortButton} onClick={() => sortBy(header)}>
                        {title}
                        <span aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                        {sorted ? (
                          <span className={visuallyHidden}>{` (tri ${sortLabel[sorted]})`}</span>
                        ) : null}
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
            {before > 0 ? (
              <tr>
                <td colSpan={span} className={styles.spacer} style={{ height: before }} />
              </tr>
            ) : null}
            {shown.map((row) => {
              const checked = selection ? selection.isSelected(row.original) : undefined;
              return (
                <tr
                  key={row.id}
                  data-index={virtual ? row.index : undefined}
                  ref={virtual ? virtualizer.measureElement : undefined}
                  aria-rowindex={virtual ? row.index + 2 : undefined}
                  aria-selected={checked}
                  className={
                    [onRowClick ? styles.clickable : '', rowClassName?.(row.original) ?? '']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  onClick={
                    onRowClick
                      ? (event) => {
                          // Links, buttons and checkboxes of the row handle their own clicks.
                          if (!(event.target as Element).closest('a, button, input, label, select'))
                            onRowClick(row.original);
                        }
                      : undefined
                  }
                >
                  {selection ? (
                    <td className={styles.checkCell}>
                      <input
                        type="checkbox"
                        aria-label={selection.rowLabel(row.original)}
                        checked={checked}
                        onChange={() => selection.onToggle(row.original)}
                      />
                    </td>
                  ) : null}
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                    return meta?.rowHeader ? (
                      <th key={cell.id} scope="row" {...cellProps(meta, layout, 'row')}>
                        {content}
                      </th>
                    ) : (
                      <td key={cell.id} {...cellProps(meta, layout, 'row')}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {after > 0 ? (
              <tr>
                <td colSpan={span} className={styles.spacer} style={{ height: after }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pager ? <Pager {...pager} /> : null}
    </div>
  );
}
