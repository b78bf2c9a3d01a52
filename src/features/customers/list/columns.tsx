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

export const customerColumns = [
  column.accessor((customer) => customerDisplayName(customer), {
    id: 'name',
    header: 'Nom',
    cell: ({ row, getValue }) => (
      <RouteLink to={customerPath(row.original.id)} className={linkStyle}>
        {getValue()}
      </RouteLink>
    ),
  }),
  column.accessor('type', {
    header: 'Type',
    cell: ({ getValue }) => (
      <span className={`${styles.chip} ${styles.chipTone[getValue()]}`}>
        {customerTypeLabels[getValue()]}
      </span>
    ),
  }),
  column.accessor('customerCode', {
    header: 'Code client',
    cell: ({ getValue }) => <span className={styles.code}>{getValue()}</span>,
  }),
  column.accessor((customer) => [customer.zipCode, customer.city].filter(Boolean).join(' '), {
    id: 'city',
    header: 'Ville',
  }),
  column.accessor('email', { header: 'Email' }),
  column.accessor((customer) => customer.phone || customer.cellPhone, {
    id: 'phone',
    header: 'Téléphone',
    enableSorting: false,
  }),
];
