/**
 * The invoicing area (Facturation), not built yet: its screens say so, with the platform page that
 * does the job today where there is one. When it is built, the route table loads
 * `features/invoices/screens` instead of this module.
 */
import { ComingSoon } from '../../features/coming-soon/ComingSoon';
import { platformPaths } from '../../routes/paths';

export const InvoicingHomeScreen = () => <ComingSoon area="Facturation" />;
export const InvoicesScreen = () => <ComingSoon area="Mes factures" />;
export const InvoiceScreen = ({ invoiceRefId }: { invoiceRefId: string }) => (
  <ComingSoon area="Modification de facture" detail={`Facture n° ${invoiceRefId}`} />
);
export const InvoiceEditEntryScreen = () => <ComingSoon area="Modification de facture" />;
export const SimpleInvoicingScreen = () => <ComingSoon area="Facturation simple" />;
export const NewInvoiceFromQuoteScreen = ({ quoteId }: { quoteId: string }) => (
  <ComingSoon
    area="Nouvelle facture depuis un devis"
    detail={`Devis n° ${quoteId}`}
    platformEquivalent={{ label: 'Revenir à l’élaboration des devis', url: platformPaths.quotePreparation }}
  />
);
export const InvoicingExportsScreen = () => (
  <ComingSoon
    area="Exports de facturation"
    platformEquivalent={{
      label: 'Ouvrir l’export des données sur la plateforme',
      url: platformPaths.exportData,
    }}
  />
);
