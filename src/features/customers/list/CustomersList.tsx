import { useEffect, useId, useRef, useState } from 'react';
import type { CustomerSortKey, CustomerType } from '../../../api/customers';
import { clientPaths } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { Spinner } from '../../../ui/Spinner';
import * as shared from '../customers.css';
import { customerMessages, customerTypeLabels } from '../messages';
import { CustomersTable } from './CustomersTable';
import { CUSTOMER_PAGE_SIZE, type CustomerListState } from './customerListStore';
import * as styles from './list.css';

export interface CustomersListProps {
  state: CustomerListState;
  onSearch: (q: string) => void;
  onFilter: (type: CustomerType | '') => void;
  onSort: (sort: CustomerSortKey) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
}

/** Typing waits this long before asking the server, so a word is one request, not one per letter. */
const SEARCH_DELAY_MS = 250;

function NewCustomerLink() {
  return (
    <RouteLink to={clientPaths.newCustomer} className={button.primary}>
      {customerMessages.newCustomer}
    </RouteLink>
  );
}

/** The customer list screen's content, driven by the list store's state (stories give their own). */
export function CustomersList({ state, onSearch, onFilter, onSort, onPage, onRetry }: CustomersListProps) {
  const [search, setSearch] = useState(state.q);
  const searchId = useId();
  const typeId = useId();
  /** The last search this field asked for: any other change of state.q came from elsewhere. */
  const asked = useRef(state.q);

  // Back, Forward or a reload brought another search: the field shows it (typing is never undone).
  useEffect(() => {
    if (state.q !== asked.current) {
      asked.current = state.q;
      setSearch(state.q);
    }
  }, [state.q]);

  useEffect(() => {
    if (search === state.q) return;
    const timer = setTimeout(() => {
      asked.current = search;
      onSearch(search);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, state.q, onSearch]);

  const filtered = state.q.trim() !== '' || state.type !== '';
  const firstLoad =
    state.status === 'idle' || (state.status === 'loading' && state.rows.length === 0 && state.hits === 0);

  return (
    <div>
      <div className={shared.header}>
        <h1 className={shared.title}>{customerMessages.listTitle}</h1>
        <NewCustomerLink />
      </div>

      <form
        className={styles.toolbar}
        onSubmit={(event) => {
          event.preventDefault();
          asked.current = search;
          onSearch(search);
        }}
      >
        <div className={styles.searchField}>
          <label className={styles.label} htmlFor={searchId}>
            {customerMessages.search}
          </label>
          <input
            id={searchId}
            className={styles.control}
            type="search"
            value={search}
            placeholder={customerMessages.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={typeId}>
            {customerMessages.typeFilter}
          </label>
          <select
            id={typeId}
            className={styles.control}
            value={state.type}
            onChange={(event) => onFilter(event.target.value as CustomerType | '')}
          >
            <option value="">{customerMessages.allTypes}</option>
            {Object.entries(customerTypeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>

      {state.status === 'failed' ? (
        <div className={shared.panel} role="alert">
          <p>{customerMessages.listFailed}</p>
          <button type="button" className={button.secondary} onClick={onRetry}>
            {customerMessages.retry}
          </button>
        </div>
      ) : null}
      {/* A failed load keeps the rows shown before, under the message: nothing on screen is lost. */}
      {state.status === 'failed' && state.rows.length === 0 ? null : firstLoad ? (
        <Spinner />
      ) : state.hits === 0 ? (
        <div className={shared.panel}>
          <p>
            <strong>{filtered ? customerMessages.noMatchTitle : customerMessages.emptyTitle}</strong>
          </p>
          <p className={shared.subtitle}>
            {filtered ? customerMessages.noMatchText : customerMessages.emptyText}
          </p>
          <div className={styles.emptyActions}>
            <NewCustomerLink />
          </div>
        </div>
      ) : (
        <CustomersTable
          rows={state.rows}
          sort={state.sort}
          order={state.order}
          busy={state.status === 'loading'}
          onSort={onSort}
          pager={{
            page: state.page,
            pageSize: CUSTOMER_PAGE_SIZE,
            hits: state.hits,
            onPage,
            label: customerMessages.pagination,
            range: customerMessages.pageRange,
            status: (
              // Always in the page, so that screen readers announce what appears in it.
              <span className={styles.loading} role="status">
                {state.status === 'loading' ? (
                  <>
                    <span className={styles.loadingSpinner} aria-hidden="true" />
                    {customerMessages.loadingPage}
                  </>
                ) : null}
              </span>
            ),
          }}
        />
      )}
    </div>
  );
}
