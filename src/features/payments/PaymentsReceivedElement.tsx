import type { ElementHostProps } from '../../elements/defineElement';
import { emit } from '../../elements/events';
import { PaymentsReceivedScreen } from './PaymentsScreens';

/**
 * `<bo-payments-received>`: « Règlements reçus » on a platform page, the SPA's own screen (filters,
 * totals, selection, « Supprimer la sélection » for admins). Each deletion dispatches
 * `bo-payments-deleted` with the number of payments removed. The element is a lazy chunk of its own.
 */
export function PaymentsReceivedElement({ host }: ElementHostProps) {
  return <PaymentsReceivedScreen onDeleted={(count) => emit(host, 'bo-payments-deleted', { count })} />;
}
