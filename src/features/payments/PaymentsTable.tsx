import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { visuallyHidden } from '../../ui/theme.css';
import * as styles from './payments.css';

export interface PaymentColumn<Row, Sort extends string> {
  id: string;
  header: string;
  /** The API's sort key when the server sorts on this column. */
  sort?: Sort;
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

export interface PaymentsTableProps<Row, Sort extends string> {
  caption: string;
  columns: readonly PaymentColumn<Row, Sort>[];
  rows: readonly Row[];
  keyOf: (row: Row) => string;
  /** How a row's checkbox is named for screen readers. */
  rowLabel: (row: Row) => string;
  selected: Record<string, unknown>;
  sort: Sort;
  order: 'asc' | 'desc';
  busy?: boolean;
  onSort: (sort: Sort) => void;
  onToggle: (row: Row) => void;
  onTogglePage: () => void;
}

/** Row height of the table's one-line rows (the virtualiser's estimate; real heights are measured). */
const ROW_HEIGHT = 37;
const sortLabel = { asc: 'croissant', desc: 'décroissant' } as const;

/**
 * A payments table: sticky header, server-side sort, a checkbox column, and virtualised rows
 * (only those in the scroll box's window are in the DOM, between two spacer rows that keep the
 * scroll height), so a page of thousands of rows draws as fast as one of fifty.
 */
export function PaymentsTable<Row, Sort extends string>({
  caption,
  columns,
  rows,
  keyOf,
  rowLabel,
  selected,
  sort,
  order,
  busy = false,
  onSort,
  onToggle,
  onTogglePage,
}: PaymentsTableProps<Row, Sort>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Before the box is measured (and in jsdom), draw a screenful rather than nothing.
    initialRect: { width: 1200, height: 720 },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const checkedOnPage = rows.filter((row) => selected[keyOf(row)]).length;
  const allChecked = rows.length > 0 && checkedOnPage === rows.length;
  const span = columns.length + 1;

  return (
    <div ref={scrollRef} className={styles.scroller}>
      <table className={styles.table} aria-busy={busy} aria-rowcount={rows.length + 1}>
        <caption className={visuallyHidden}>{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className={styles.checkCell}>
              <input
                type="checkbox"
                aria-label="Sélectionner toutes les lignes de la page"
                checked={allChecked}
                ref={(input) => {
                  if (input) input.indeterminate = checkedOnPage > 0 && !allChecked;
                }}
                onChange={onTogglePage}
              />
            </th>
            {columns.map((column) => {
              const sorted = column.sort !== undefined && column.sort === sort;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={column.numeric ? styles.amount : undefined}
                  aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => onSort(column.sort as Sort)}
                    >
                      {column.header}
                      <span aria-hidden="true">{sorted ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
                      {sorted ? <span className={visuallyHidden}>{` (tri ${sortLabel[order]})`}</span> : null}
                    </button>
                  ) : (
                    column.header
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
          {items.map((item) => {
            const row = rows[item.index]!;
            const key = keyOf(row);
            const checked = Boolean(selected[key]);
            return (
              <tr
                key={key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                aria-selected={checked}
              >
                <td className={styles.checkCell}>
                  <input
                    type="checkbox"
                    aria-label={rowLabel(row)}
                    checked={checked}
                    onChange={() => onToggle(row)}
                  />
                </td>
                {columns.map((column) => (
                  <td key={column.id} className={column.numeric ? styles.amount : styles.textCell}>
                    {column.cell(row)}
                  </td>
                ))}
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
  );
}
