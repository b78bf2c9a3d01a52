import { createColumnHelper } from '@tanstack/react-table';
import type { Quote } from '../../../api/quotes';
import { formatCents, formatIsoDate } from '../../../i18n/format';
import { DataTable } from '../../../ui/DataTable';
import { quotesListMessages as m } from './messages';
import { QuoteStatusChip } from './QuoteStatusChip';
import * as styles from './quotesList.css';

const column = createColumnHelper<Quote>();

/** The table's columns; the number opens the quote (`onOpen`: the host decides where). */
function quoteColumns(onOpen: (quote: Quote) => void) {
  return [
    column.accessor('number', {
      header: m.columns.number,
      cell: ({ row, getValue }) => (
        <button
          type="button"
          className={styles.linkButton}
          aria-label={m.open(getValue())}
          onClick={() => onOpen(row.original)}
        >
          {getValue()}
        </button>
      ),
    }),
    column.accessor('title', { header: m.columns.title, meta: { grow: true } }),
    column.accessor('customerName', {
      id: 'customer',
      header: m.columns.customer,
      meta: { grow: true, priority: 2 },
    }),
    // The job's name often repeats the object: only very wide pages show it, so that on the platform's
    // page (a 920 px table at 1 280 px) the object and the customer are not cut to eight letters.
    column.accessor('businessJobName', {
      id: 'job',
      header: m.columns.job,
      meta: { grow: true, priority: 4 },
    }),
    column.accessor('date', {
      header: m.columns.date,
      cell: ({ getValue }) => formatIsoDate(getValue()),
      meta: { priority: 2 },
    }),
    column.accessor('validUntil', {
      header: m.columns.validUntil,
      cell: ({ getValue }) => {
        const day = getValue();
        return day ? formatIsoDate(day) : '—';
      },
      meta: { priority: 3 },
    }),
    column.accessor('status', {
      header: m.columns.status,
      cell: ({ getValue }) => <QuoteStatusChip status={getValue()} />,
    }),
    column.accessor('totalExclTaxCents', {
      id: 'totalExclTax',
      header: m.columns.totalExclTax,
      cell: ({ getValue }) => formatCents(getValue()),
      meta: { numeric: true, priority: 2 },
    }),
    column.accessor('totalInclTaxCents', {
      id: 'totalInclTax',
      header: m.columns.totalInclTax,
      cell: ({ getValue }) => formatCents(getValue()),
      meta: { numeric: true },
    }),
  ];
}

export interface QuotesTableProps {
  rows: Quote[];
  busy: boolean;
  page: number;
  pageSize: number;
  hits: number;
  onPage: (page: number) => void;
  onOpen: (quote: Quote) => void;
}

/** One page of quotes: the server filters, orders (newest first) and pages; the one DataTable draws it. */
export function QuotesTable({ rows, busy, page, pageSize, hits, onPage, onOpen }: QuotesTableProps) {
  return (
    <DataTable
      caption={m.title}
      columns={quoteColumns(onOpen)}
      rows={rows}
      rowKey={(quote) => String(quote.id)}
      busy={busy}
      onRowClick={onOpen}
      pager={{ page, pageSize, hits, onPage, label: m.pagerLabel }}
    />
  );
}
