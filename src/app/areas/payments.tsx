/**
 * The payments area's exports, not built yet: their screens say so. The payment lists are built
 * (`features/payments/screens`).
 */
import { ComingSoon } from '../../features/coming-soon/ComingSoon';

export const BankJournalExportScreen = () => <ComingSoon area="Export du journal de banque" />;
export const ChequeRemittanceExportScreen = () => (
  <ComingSoon area="Export du bordereau de remise de chèques" />
);
export const CollectedVatExportScreen = () => <ComingSoon area="Export de la TVA collectée" />;
