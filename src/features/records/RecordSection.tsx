import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable } from '../../ui/DataTable';
import { ListFailed } from '../../ui/ListPages';
import { Spinner } from '../../ui/Spinner';
import * as shared from '../invoices/invoices.css';
import { recordMessages as m } from './messages';

/** Where a section's rows stand: the data layer's answer (a stale one while the next page loads). */
export interface RecordRows<Row> {
  rows: readonly Row[] | undefined;
  /** How many rows the whole list has (the server's hits); the rows' count without a pager. */
  hits?: number;
  loading?: boolean;
  failed?: boolean;
}

export interface RecordSectionProps<Row> {
  /** The heading's id (the section is named by it). */
  id: string;
  title: string;
  /** h2 on a sheet of its own, h3 under an embedding page's h2. */
  headingLevel?: 2 | 3;
  /** The sentence of an empty list (what is missing, and how to add one). */
  empty: string;
  /** The sentence of a list that could not be loaded (with « Réessayer »). */
  failedMessage?: string;
  onRetry?: () => void;
  state: RecordRows<Row>;
  // biome-ignore lint/suspicious/noExplicitAny: a column helper's columns have one value type each.
  columns: readonly ColumnDef<Row, any>[];
  rowKey: (row: Row) => string;
  /** Server pages: the page shown (from 0), its size, and the way to another one. */
  paging?: { page: number; pageSize: number; onPage: (page: number) => void };
  /** Beside the heading (« Nouveau devis »). */
  action?: ReactNode;
}

/**
 * One list of a record's documents (a customer's jobs, quotes, invoices, payments; a job's quotes,
 * invoices, payments): its heading, then the one DataTable, or the spinner until the first answer,
 * the failed load with a retry, or the sentence of an empty list.
 */
export function RecordSection<Row>({
  id,
  title,
  headingLevel = 2,
  empty,
  failedMessage,
  onRetry,
  state,
  columns,
  rowKey,
  paging,
  action,
}: RecordSectionProps<Row>) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { rows, loading = false, failed = false } = state;
  const hits = state.hits ?? rows?.length ?? 0;
  let body: ReactNode;
  if (!rows) {
    body =
      failed && failedMessage ? (
        <ListFailed message={failedMessage} onRetry={() => onRetry?.()} />
      ) : (
        <Spinner />
      );
  } else if (hits === 0) {
    body = <p className={shared.subtitle}>{empty}</p>;
  } else {
    body = (
      <>
        {failed && failedMessage ? <ListFailed message={failedMessage} onRetry={() => onRetry?.()} /> : null}
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          busy={loading}
          pager={paging && hits > paging.pageSize ? { ...paging, hits, label: m.pager(title) } : undefined}
        />
      </>
    );
  }
  return (
    <section className={shared.panel} aria-labelledby={id}>
      <div className={shared.header}>
        <Heading id={id} className={shared.sectionTitle}>
          {title}
        </Heading>
        {action}
      </div>
      {body}
    </section>
  );
}
