/**
 * The payments area (Règlements), not built yet (its exports are features/exports/screens): its screens say so. When it is
 * built, the route table loads `features/payments/screens` instead of this module.
 */
import { ComingSoon } from '../../features/coming-soon/ComingSoon';

export const PaymentsPendingScreen = () => <ComingSoon area="Règlements en attente" />;
export const PaymentsReceivedScreen = () => <ComingSoon area="Règlements reçus" />;
