/**
 * Exports de facturation, not built yet: it says so, with the platform page that does the job
 * today. The rest of the invoicing area is `features/invoices/screens`.
 */
import { ComingSoon } from '../../features/coming-soon/ComingSoon';
import { platformPaths } from '../../routes/paths';

export const InvoicingExportsScreen = () => (
  <ComingSoon
    area="Exports de facturation"
    platformEquivalent={{
      label: 'Ouvrir l’export des données sur la plateforme',
      url: platformPaths.exportData,
    }}
  />
);
