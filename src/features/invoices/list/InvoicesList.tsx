import { useCallback } from 'react';
import type { InvoiceKind, InvoiceSortKey } from '../../../api/invoices';
import { formatCents } from '../../../i18n/format';
import { clientPaths } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { ListBody } from '../../../ui/ListBody';
import { DateFilter, FilterBar, SearchFilter, SelectFilter, useSearchText } from '../../../ui/ListFilters';
import { listView } from '../../../ui/ListPages';
import { PdfZipDownload } from '../documents/PdfZipDownload';
import * as shared from '../invoices.css';
import { invoiceKindLabels, invoiceStatusLabels, invoiceMessages as m } from '../messages';
import { InvoicesTable } from './InvoicesTable';
import {
  defaultListQuery,
  type InvoiceListQuery,
  type InvoiceListState,
  selectedTotals,
  statusFilters,
} from './invoiceListStore';
import * as styles from './list.css';

export interface InvoicesListProps {
  state: InvoiceListState;
  onQuery: (changes: Partial<InvoiceListQuery>) => void;
  onSort: (sort: InvoiceSortKey) => void;
  onToggle: (id: number) => void;
  onTogglePage: () => void;
  onRetry: () => void;
}

function NewInvoiceLink() {
  return (
    <RouteLink to={clientPaths.simpleInvoicing} className={button.primary}>
      {m.newSimpleInvoice}
    </RouteLink>
  );
}

/** Mes factures, driven by the list store's state (stories give their own). */
export function InvoicesList({ state, onQuery, onSort, onToggle, onTogglePage, onRetry }: InvoicesListProps) {
  const search = useSearchText(
    state.q,
    useCallback((q: string) => onQuery({ q }), [onQuery]),
  );
  const filtered =
    state.q.trim() !== '' || state.status !== '' || state.kind !== '' || state.from !== '' || state.to !== '';
  const selection = selectedTotals(state);

  return (
    <div>
      <div className={shared.header}>
        <h1 className={shared.title}>{m.listTitle}</h1>
        <NewInvoiceLink />
      </div>

      <FilterBar
        className={styles.toolbar}
        search={search}
        filtered={filtered}
        onClear={() => {
          const { sort, order } = state;
          onQuery({ ...defaultListQuery(), sort, order });
        }}
      >
        <SearchFilter
          label={m.search}
          placeholder={m.searchPlaceholder}
          className={styles.searchField}
          search={search}
        />
        <SelectFilter
          label={m.statusFilter}
          value={state.status}
          labels={statusFilters.map((status) => [status, invoiceStatusLabels[status]] as const)}
          onChange={(status) => onQuery({ status })}
        />
        <SelectFilter
          label={m.kindFilter}
          value={state.kind}
          labels={Object.entries(invoiceKindLabels) as [InvoiceKind, string][]}
          onChange={(kind) => onQuery({ kind })}
        />
        <DateFilter label={m.fromFilter} value={state.from} onChange={(from) => onQuery({ from })} />
        <DateFilter label={m.toFilter} value={state.to} onChange={(to) => onQuery({ to })} />
      </FilterBar>

      <ListBody
        view={listView(state)}
        failed={state.load === 'failed' ? { message: m.listFailed, onRetry } : null}
        empty={{
          title: filtered ? m.noMatchTitle : m.emptyTitle,
          text: filtered ? m.noMatchText : m.emptyText,
          actions: <NewInvoiceLink />,
        }}
        rows={() => (
          <>
            {selection.count > 0 ? null : (
              <section className={styles.summary} aria-label={m.filterTotals(state.hits)}>
                <strong>{m.filterTotals(state.hits)}</strong>
                <span>HT {formatCents(state.totals.totalExclTaxCents)}</span>
                <span>TTC {formatCents(state.totals.totalInclTaxCents)}</span>
                <span>Reste dû {formatCents(state.totals.balanceCents)}</span>
              </section>
            )}
            <InvoicesTable
              rows={state.rows}
              sort={state.sort}
              order={state.order}
              busy={state.load === 'loading'}
              selected={state.selected}
              onSort={onSort}
              onToggle={onToggle}
              onTogglePage={onTogglePage}
              batch={
                selection.count > 0
                  ? {
                      label: m.selectionTotals(selection.count),
                      children: (
                        <>
                          <span>HT {formatCents(selection.totalExclTaxCents)}</span>
                          <span>TTC {formatCents(selection.totalInclTaxCents)}</span>
                          <span>Reste dû {formatCents(selection.balanceCents)}</span>
                          <PdfZipDownload
                            invoices={state.rows.filter((row) => state.selected.includes(row.id))}
                          />
                        </>
                      ),
                    }
                  : null
              }
              pager={{
                page: state.page,
                pageSize: state.pageSize,
                hits: state.hits,
                onPage: (page) => onQuery({ page }),
                label: m.pagination,
              }}
            />
          </>
        )}
      />
    </div>
  );
}
