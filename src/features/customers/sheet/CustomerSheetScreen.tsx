import { clientPaths } from '../../../routes/paths';
import { $router } from '../../../routes/router';
import { CustomerSheet } from './CustomerSheet';

/** `/gestion-clients/{customerId}` in the SPA. */
export function CustomerSheetScreen({ customerId }: { customerId: number }) {
  return <CustomerSheet customerId={customerId} onDeleted={() => $router.open(clientPaths.customers)} />;
}
