/**
 * The payments area (Règlements) and its exports, not built yet: its screens say so. When it is
 * built, the route table loads `features/payments/screens` instead of this module.
 */
import { ComingSoon } from '../../features/coming-soon/ComingSoon';

export const PaymentsPendingScreen = () => <ComingSoon area="Règlements en attente" />;
export const PaymentsReceivedScreen = () => <ComingSoon area="Règlements reçus" />;
export const BankJournalExportScreen = () => <ComingSoon area="Export du journal de banque" />;
export const ChequeRemittanceExportScreen = () => (
  <ComingSoon area="Export du bordereau de remise de chèques" />
);
export const CollectedVatExportScreen = () => <ComingSoon area="Export de la TVA collectée" />;
