import type { ElementHostProps } from '../../elements/defineElement';
import {
  BankJournalExportScreen,
  ChequeRemittanceExportScreen,
  CollectedVatExportScreen,
  InvoicingExportsScreen,
} from './ExportScreens';

export interface ExportsElementProps extends ElementHostProps {
  kind?: string;
}

/**
 * `<bo-exports>`: the five accounting exports on a platform page, the SPA's own forms: the bank
 * journal, the cheque remittance slip, the collected VAT, then the sales journal and the FEC
 * (« Exports de facturation »). `kind="bank-journal"` (or cheque-remittance, collected-vat,
 * invoicing) shows one of them only; an unknown kind shows nothing. The element is a lazy chunk.
 */
export function ExportsElement({ kind }: ExportsElementProps) {
  const all = !kind;
  return (
    <>
      {all || kind === 'bank-journal' ? <BankJournalExportScreen /> : null}
      {all || kind === 'cheque-remittance' ? <ChequeRemittanceExportScreen /> : null}
      {all || kind === 'collected-vat' ? <CollectedVatExportScreen /> : null}
      {all || kind === 'invoicing' ? <InvoicingExportsScreen withPaymentExports={!all} /> : null}
    </>
  );
}
