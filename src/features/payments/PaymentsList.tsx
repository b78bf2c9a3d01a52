import { type ReactNode, useCallback } from 'react';
import type { PaymentMode } from '../../api/customers';
import { paymentModes } from '../../api/customers';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import { BatchBar, DataTable, type DataTableProps } from '../../ui/DataTable';
import { ListBody } from '../../ui/ListBody';
import { DateFilter, FilterBar, SearchFilter, SelectFilter, useSearchText } from '../../ui/ListFilters';
import { listView } from '../../ui/ListPages';
import { paymentModeLabels } from '../customers/messages';
import { paymentMessages as m } from './messages';
import {
  emptyFilters,
  type PaymentFilters,
  type PaymentListQueryState,
  type PaymentListState,
} from './paymentListStore';
import * as styles from './payments.css';

interface Named {
  customerId: number;
  customerName: string;
  businessJobId: number | null;
  businessJobName: string | null;
}

export interface PaymentsListProps<Row extends Named, Sort extends string> {
  kind: 'outstanding' | 'received';
  title: string;
  /** The link to the other list. */
  other: { to: string; label: string };
  state: PaymentListState<Row, Sort>;
  columns: DataTableProps<Row>['columns'];
  keyOf: (row: Row) => string;
  rowLabel: (row: Row) => string;
  selection: { count: number; totalCents: number };
  /** The batch bar's actions for the checked rows. */
  batchActions: ReactNode;
  banks: readonly { id: number; name: string }[];
  onQuery: (changes: Partial<PaymentListQueryState<Sort>>) => void;
  onSort: (sort: Sort) => void;
  onToggle: (row: Row) => void;
  onTogglePage: () => void;
  onClearSelection: () => void;
  onRetry: () => void;
}

/** Distinct (id, name) pairs of the rows, the chosen one kept even when no row shows it. */
function choices(
  rows: readonly Named[],
  pick: (row: Named) => [number | null, string | null],
  chosen: number | '',
) {
  const found = new Map<number, string>();
  for (const row of rows) {
    const [id, name] = pick(row);
    if (id !== null && name !== null && !found.has(id)) found.set(id, name);
  }
  if (chosen !== '' && !found.has(chosen)) found.set(chosen, `n° ${chosen}`);
  return [...found]
    .sort((a, b) => a[1].localeCompare(b[1], 'fr'))
    .map(([id, name]) => [String(id), name] as const);
}

/** A payments list (en attente or reçus): filters, totals of the filtered set, batch bar, table, pages. */
export function PaymentsList<Row extends Named, Sort extends string>(props: PaymentsListProps<Row, Sort>) {
  const { state, onQuery } = props;
  const search = useSearchText(
    state.q,
    useCallback((q: string) => onQuery({ q }), [onQuery]),
  );
  const filters = emptyFilters();
  const filtered = (Object.keys(filters) as (keyof PaymentFilters)[]).some((key) =>
    key === 'q' ? state.q.trim() !== '' : state[key] !== filters[key],
  );
  const view = listView(state);
  const idOf = (value: string) => (value === '' ? '' : Number(value));
  // The outstanding list counts invoices owed; the received one, payments.
  const outstanding = props.kind === 'outstanding';
  const totalsLabel = (outstanding ? m.outstandingTotals : m.filterTotals)(state.hits, state.totalCents);
  const batch =
    props.selection.count > 0
      ? {
          label: (outstanding ? m.outstandingSelection : m.selection)(
            props.selection.count,
            props.selection.totalCents,
          ),
          children: (
            <div className={styles.actions}>
              {props.batchActions}
              <button type="button" className={button.ghost} onClick={props.onClearSelection}>
                {m.clearSelection}
              </button>
            </div>
          ),
        }
      : null;

  return (
    <div>
      <div className={styles.header}>
        <h1 className={styles.title}>{props.title}</h1>
        <RouteLink to={props.other.to} className={button.secondary}>
          {props.other.label}
        </RouteLink>
      </div>

      <FilterBar
        className={styles.toolbar}
        search={search}
        filtered={filtered}
        onClear={() => onQuery(filters)}
      >
        <SearchFilter
          label={m.search}
          placeholder={m.searchPlaceholder}
          className={styles.searchField}
          search={search}
        />
        <SelectFilter
          label={m.customer}
          value={state.customerId === '' ? '' : String(state.customerId)}
          labels={choices(state.rows, (r) => [r.customerId, r.customerName], state.customerId)}
          onChange={(value) => onQuery({ customerId: idOf(value) })}
        />
        <SelectFilter
          label={m.job}
          value={state.businessJobId === '' ? '' : String(state.businessJobId)}
          labels={choices(state.rows, (r) => [r.businessJobId, r.businessJobName], state.businessJobId)}
          onChange={(value) => onQuery({ businessJobId: idOf(value) })}
        />
        <DateFilter label={m.from} value={state.from} onChange={(from) => onQuery({ from })} />
        <DateFilter label={m.to} value={state.to} onChange={(to) => onQuery({ to })} />
        {props.kind === 'received' ? (
          <>
            <SelectFilter<PaymentMode>
              label={m.mode}
              value={state.mode}
              labels={paymentModes.map((mode) => [mode, paymentModeLabels[mode]] as const)}
              onChange={(mode) => onQuery({ mode })}
            />
            <SelectFilter
              label={m.bank}
              value={state.bankId === '' ? '' : String(state.bankId)}
              labels={props.banks.map((bank) => [String(bank.id), bank.name] as const)}
              onChange={(value) => onQuery({ bankId: idOf(value) })}
            />
          </>
        ) : null}
        <SelectFilter<'true' | 'false'>
          label={m.overdue}
          value={state.overdue}
          labels={[
            ['true', m.overdueOnly],
            ['false', m.notOverdue],
          ]}
          onChange={(overdue) => onQuery({ overdue })}
        />
      </FilterBar>

      {/* A selection kept while the filters show no row stays in view, with its actions. */}
      {batch && view !== 'rows' ? <BatchBar {...batch} /> : null}

      {/* A failed load keeps the rows shown before, under its message: nothing on screen is lost. */}
      <ListBody
        view={view}
        failed={state.load === 'failed' ? { message: m.listFailed, onRetry: props.onRetry } : null}
        loadingLabel={m.loading}
        empty={{
          title: filtered
            ? outstanding
              ? m.outstandingNoMatch
              : m.noMatch
            : outstanding
              ? m.emptyOutstanding
              : m.emptyReceived,
          text: filtered ? null : outstanding ? m.emptyOutstandingText : m.emptyReceivedText,
        }}
        rows={() => (
          <>
            <section className={styles.summary} aria-label={totalsLabel}>
              <strong>{totalsLabel}</strong>
            </section>
            <DataTable
              caption={props.title}
              columns={props.columns}
              rows={state.rows}
              rowKey={props.keyOf}
              sort={state.sort}
              order={state.order}
              onSort={(key) => props.onSort(key as Sort)}
              busy={state.load === 'loading'}
              // A page may hold thousands of rows (the documents-per-page preference).
              virtual
              className={styles.scroller}
              selection={{
                isSelected: (row) => Boolean(state.selected[props.keyOf(row)]),
                onToggle: props.onToggle,
                onTogglePage: props.onTogglePage,
                rowLabel: props.rowLabel,
              }}
              batch={batch}
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
