import { openPage } from '@nanostores/router';
import { $router } from '../../../routes/router';
import { CustomerSheet } from './CustomerSheet';

/** `/gestion-clients/{customerId}` in the SPA. */
export function CustomerSheetScreen({ customerId }: { customerId: number }) {
  return <CustomerSheet customerId={customerId} onDeleted={() => openPage($router, 'customers')} />;
}
