import { useCallback } from 'react';
import type { CustomerSortKey, CustomerType } from '../../../api/customers';
import { clientPaths } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { ListBody } from '../../../ui/ListBody';
import { FilterBar, SearchFilter, SelectFilter, useSearchText } from '../../../ui/ListFilters';
import { listView } from '../../../ui/ListPages';
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

const typeChoices = Object.entries(customerTypeLabels).map(
  ([value, label]) => [value as CustomerType, label] as const,
);

function NewCustomerLink() {
  return (
    <RouteLink to={clientPaths.newCustomer} className={button.primary}>
      {customerMessages.newCustomer}
    </RouteLink>
  );
}

/** The customer list screen's content, driven by the list store's state (stories give their own). */
export function CustomersList({ state, onSearch, onFilter, onSort, onPage, onRetry }: CustomersListProps) {
  const search = useSearchText(
    state.q,
    useCallback((q: string) => onSearch(q), [onSearch]),
  );
  const filtered = state.q.trim() !== '' || state.type !== '';
  const view = listView({ load: state.status, rows: state.rows, hits: state.hits, page: state.page });

  return (
    <div>
      <div className={shared.header}>
        <h1 className={shared.title}>{customerMessages.listTitle}</h1>
        <NewCustomerLink />
      </div>

      <FilterBar
        className={styles.toolbar}
        search={search}
        filtered={filtered}
        onClear={() => {
          onFilter('');
          onSearch('');
        }}
      >
        <SearchFilter
          label={customerMessages.search}
          placeholder={customerMessages.searchPlaceholder}
          className={styles.searchField}
          search={search}
        />
        <SelectFilter<CustomerType>
          label={customerMessages.typeFilter}
          value={state.type}
          labels={typeChoices}
          onChange={onFilter}
        />
      </FilterBar>

      {/* A failed load keeps the rows shown before, under the message: nothing on screen is lost. */}
      <ListBody
        view={view}
        failed={state.status === 'failed' ? { message: customerMessages.listFailed, onRetry } : null}
        empty={{
          title: filtered ? customerMessages.noMatchTitle : customerMessages.emptyTitle,
          text: filtered ? customerMessages.noMatchText : customerMessages.emptyText,
          actions: <NewCustomerLink />,
        }}
        rows={() => (
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
      />
    </div>
  );
}
