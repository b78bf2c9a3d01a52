/**
 * One chart of the reporting with what it shows as a table (for screen readers and for copying) and
 * as a CSV file: the same rows, the same columns, the cells written by the one format module, each
 * neutralised against formulas (src/contract/csv.ts, as the server's exports).
 */
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { saveFile } from '../../api/client';
import { csvText } from '../../contract/csv';
import { button } from '../../ui/button.css';
import { DataTable } from '../../ui/DataTable';
import { reportingMessages as m } from './messages';
import * as styles from './reporting.css';

export interface FigureColumn<Row> {
  header: string;
  /** What the table shows (formatted for the screen). */
  cell: (row: Row) => string;
  /** What the CSV writes (a plain French number for amounts); the shown text unless given. */
  csv?: (row: Row) => string;
  numeric?: boolean;
}

export interface ChartSectionProps<Row> {
  title: string;
  note?: string;
  /** The chart (null: the table alone). */
  chart: ReactNode;
  columns: readonly FigureColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The file's name, without its extension. */
  filename: string;
}

export function ChartSection<Row>({
  title,
  note,
  chart,
  columns,
  rows,
  rowKey,
  filename,
}: ChartSectionProps<Row>) {
  const column = createColumnHelper<Row>();
  const tableColumns = columns.map((c, index) =>
    column.display({
      id: String(index),
      header: c.header,
      cell: (info) => c.cell(info.row.original),
      meta: index === 0 ? { rowHeader: true, grow: true } : { numeric: c.numeric ?? false },
    }),
  );
  const download = () => {
    const text = csvText(
      columns.map((c) => c.header),
      rows.map((row) => columns.map((c) => (c.csv ?? c.cell)(row))),
    );
    saveFile({ filename: `${filename}.csv`, blob: new Blob([text], { type: 'text/csv;charset=utf-8' }) });
  };
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHeader}>
        <h3 className={styles.sectionTitle}>{title}</h3>
        <button
          type="button"
          className={button.secondary}
          onClick={download}
          disabled={rows.length === 0}
          aria-label={`${m.downloadCsv} : ${title}`}
        >
          {m.downloadCsv}
        </button>
      </div>
      {note ? <p className={styles.note}>{note}</p> : null}
      {rows.length === 0 ? (
        <p className={styles.note}>{m.noData}</p>
      ) : (
        <>
          {chart}
          <DataTable
            caption={title}
            columns={tableColumns}
            rows={rows}
            rowKey={rowKey}
            className={styles.figuresTable}
          />
        </>
      )}
    </section>
  );
}
