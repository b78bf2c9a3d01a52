import type { ElementHostProps } from '../../elements/defineElement';
import { emit } from '../../elements/events';
import { PaymentsPendingScreen } from './PaymentsScreens';

/**
 * `<bo-payments-outstanding>`: « Règlements en attente » on a platform page, the SPA's own screen
 * (filters, totals, selection, « Régler la sélection »). Each payment run dispatches
 * `bo-payments-recorded` with the number of rows it settled. The element is a lazy chunk of its own.
 */
export function PaymentsOutstandingElement({ host }: ElementHostProps) {
  return <PaymentsPendingScreen onPaid={(count) => emit(host, 'bo-payments-recorded', { count })} />;
}
