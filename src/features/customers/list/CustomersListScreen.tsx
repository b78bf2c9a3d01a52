import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session } from '../../../session/session';
import { CustomersList } from './CustomersList';
import {
  $customerList,
  filterCustomers,
  goToCustomerPage,
  loadCustomers,
  searchCustomers,
  sortCustomers,
} from './customerListStore';

/** `/gestion-clients`: the list, reloaded on each visit (another screen may have changed it). */
export function CustomersListScreen() {
  const state = useStore($customerList);
  const { enterpriseId } = useStore($session, { keys: ['enterpriseId'] });
  useEffect(() => {
    if (enterpriseId !== null) void loadCustomers();
  }, [enterpriseId]);
  return (
    <CustomersList
      state={state}
      onSearch={searchCustomers}
      onFilter={filterCustomers}
      onSort={sortCustomers}
      onPage={goToCustomerPage}
      onRetry={loadCustomers}
    />
  );
}
