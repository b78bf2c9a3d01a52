import { useEffect, useState } from 'react';
import type { InvoiceKind, InvoiceSortKey } from '../../../api/invoices';
import { formatCents } from '../../../i18n/format';
import { clientPaths } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { DateFilter, Filter, SelectFilter } from '../../../ui/ListFilters';
import { Spinner } from '../../../ui/Spinner';
import * as shared from '../invoices.css';
import { invoiceKindLabels, invoiceStatusLabels, invoiceMessages as m } from '../messages';
import { InvoicesTable } from './InvoicesTable';
import {
  defaultListQuery,
  INVOICE_PAGE_SIZE,
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

/** Typing waits this long before asking the server: a word is one request, not one per letter. */
const SEARCH_DELAY_MS = 250;

function NewInvoiceLink() {
  return (
    <RouteLink to={clientPaths.simpleInvoicing} className={button.primary}>
      {m.newSimpleInvoice}
    </RouteLink>
  );
}

/** Mes factures, driven by the list store's state (stories give their own). */
export function InvoicesList({ state, onQuery, onSort, onToggle, onTogglePage, onRetry }: InvoicesListProps) {
  const [search, setSearch] = useState(state.q);

  // The query may change from outside (the address read on arrival, 'Effacer les filtres').
  useEffect(() => setSearch(state.q), [state.q]);
  useEffect(() => {
    if (search === state.q) return;
    const timer = setTimeout(() => onQuery({ q: search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, state.q, onQuery]);

  const filtered =
    state.q.trim() !== '' || state.status !== '' || state.kind !== '' || state.from !== '' || state.to !== '';
  const first = state.page * INVOICE_PAGE_SIZE;
  const lastPage = Math.max(0, Math.ceil(state.hits / INVOICE_PAGE_SIZE) - 1);
  const firstLoad =
    state.load === 'idle' || (state.load === 'loading' && state.rows.length === 0 && state.hits === 0);
  const selection = selectedTotals(state);

  return (
    <div>
      <div className={shared.header}>
        <h1 className={shared.title}>{m.listTitle}</h1>
        <NewInvoiceLink />
      </div>

      <form
        className={styles.toolbar}
        onSubmit={(event) => {
          event.preventDefault();
          onQuery({ q: search });
        }}
      >
        <Filter label={m.search} className={styles.searchField}>
          {(id) => (
            <input
              id={id}
              className={shared.control}
              type="search"
              value={search}
              placeholder={m.searchPlaceholder}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Filter>
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
        {filtered ? (
          <button
            type="button"
            className={button.ghost}
            onClick={() => {
              setSearch('');
              const { sort, order } = state;
              onQuery({ ...defaultListQuery(), sort, order });
            }}
          >
            {m.clearFilters}
          </button>
        ) : null}
      </form>

      {state.load === 'failed' ? (
        <div className={shared.alert} role="alert">
          <p>{m.listFailed}</p>
          <button type="button" className={button.secondary} onClick={onRetry}>
            {m.retry}
          </button>
        </div>
      ) : null}
      {state.load === 'failed' && state.rows.length === 0 ? null : firstLoad ? (
        <Spinner />
      ) : state.hits === 0 ? (
        <div className={shared.emptyPanel}>
          <p>
            <strong>{filtered ? m.noMatchTitle : m.emptyTitle}</strong>
          </p>
          <p className={shared.subtitle}>{filtered ? m.noMatchText : m.emptyText}</p>
          <div className={shared.centeredActions}>
            <NewInvoiceLink />
          </div>
        </div>
      ) : (
        <>
          {selection.count > 0 ? (
            <section className={styles.batchBar} aria-label={m.selectionTotals(selection.count)}>
              <strong>{m.selectionTotals(selection.count)}</strong>
              <span>HT {formatCents(selection.totalExclTaxCents)}</span>
              <span>TTC {formatCents(selection.totalInclTaxCents)}</span>
              <span>Reste dû {formatCents(selection.balanceCents)}</span>
            </section>
          ) : (
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
          />
          <div className={styles.footer}>
            <p role="status">
              {m.pageRange(first + 1, Math.min(first + INVOICE_PAGE_SIZE, state.hits), state.hits)}
            </p>
            <div className={shared.actions}>
              <button
                type="button"
                className={button.secondary}
                disabled={state.page === 0}
                onClick={() => onQuery({ page: state.page - 1 })}
              >
                {m.previousPage}
              </button>
              <button
                type="button"
                className={button.secondary}
                disabled={state.page >= lastPage}
                onClick={() => onQuery({ page: state.page + 1 })}
              >
                {m.nextPage}
              </button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
