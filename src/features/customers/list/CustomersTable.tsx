import type { Customer, CustomerSortKey } from '../../../api/customers';
import { openPath } from '../../../routes/links';
import { customerPath } from '../../../routes/paths';
import { DataTable } from '../../../ui/DataTable';
import type { PagerProps } from '../../../ui/Pager';
import { customerColumns } from './columns';
import * as styles from './list.css';

export interface CustomersTableProps {
  rows: Customer[];
  sort: CustomerSortKey;
  order: 'asc' | 'desc';
  busy: boolean;
  onSort: (sort: CustomerSortKey) => void;
  /** Opens a row's sheet when the row (not only its link) is clicked. */
  onOpen?: (customer: Customer) => void;
  pager?: PagerProps;
}

/**
 * One page of customers: the server sorts and pages, so the table never holds more than a page of
 * rows. Fixed layout: the column widths come from the <col> elements, not from the rows, so they do
 * not jump when a page, a sort or a search brings other rows (long texts end in an ellipsis).
 */
export function CustomersTable({
  rows,
  sort,
  order,
  busy,
  onSort,
  onOpen = openSheet,
  pager,
}: CustomersTableProps) {
  return (
    <DataTable
      caption="Liste des clients, triée par colonne (les en-têtes sont des boutons de tri)"
      columns={customerColumns}
      rows={rows}
      rowKey={(customer) => String(customer.id)}
      sort={sort}
      order={order}
      onSort={(key) => onSort(key as CustomerSortKey)}
      busy={busy}
      layout="fixed"
      className={styles.scroller}
      onRowClick={onOpen}
      pager={pager}
    />
  );
}

function openSheet(customer: Customer) {
  // The customer route is a digits-only RegExp, which openPage cannot build a path for. openPath:
  // in the SPA the router, in <bo-customers-list> on a platform page the client's page.
  openPath(customerPath(customer.id));
}
