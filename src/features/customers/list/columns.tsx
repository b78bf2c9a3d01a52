import { createColumnHelper } from '@tanstack/react-table';
import { type Customer, customerSortKeys } from '../../../api/customers';
import { customerPath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { link as linkStyle } from '../customers.css';
import { customerDisplayName } from '../displayName';
import { customerTypeLabels } from '../messages';
import * as styles from './list.css';

const column = createColumnHelper<Customer>();

/** Columns whose id is a sort key of the API sort on the server; the others do not sort. */
export const sortableColumns: readonly string[] = customerSortKeys;

/**
 * A column's meta: its width (wide screens, phones), and its sort key when the server sorts on it.
 * Type, code and email give way on a phone (priority 2), so that the list fits a 390 px screen.
 */
const columnMeta = (id: keyof typeof styles.columnWidth) => ({
  colClassName: styles.columnWidth[id],
  ...(sortableColumns.includes(id) ? { sortKey: id } : {}),
});

export const customerColumns = [
  column.accessor((customer) => customerDisplayName(customer), {
    id: 'name',
    header: 'Nom',
    meta: columnMeta('name'),
    cell: ({ row, getValue }) => (
      <RouteLink to={customerPath(row.original.id)} className={linkStyle}>
        {getValue()}
      </RouteLink>
    ),
  }),
  column.accessor('type', {
    header: 'Type',
    meta: { ...columnMeta('type'), priority: 2 },
    cell: ({ getValue }) => (
      <span className={`${styles.chip} ${styles.chipTone[getValue()]}`}>
        {customerTypeLabels[getValue()]}
      </span>
    ),
  }),
  column.accessor('customerCode', {
    header: 'Code client',
    meta: { ...columnMeta('customerCode'), priority: 2 },
    cell: ({ getValue }) => <span className={styles.code}>{getValue()}</span>,
  }),
  column.accessor((customer) => [customer.zipCode, customer.city].filter(Boolean).join(' '), {
    id: 'city',
    header: 'Ville',
    meta: columnMeta('city'),
  }),
  column.accessor('email', { header: 'Email', meta: { ...columnMeta('email'), priority: 2 } }),
  column.accessor((customer) => customer.phone || customer.cellPhone, {
    id: 'phone',
    header: 'Téléphone',
    meta: columnMeta('phone'),
  }),
];
