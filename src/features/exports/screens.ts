/** The accounting exports of issue 11 (one lazy chunk for the export screens). */
export {
  BankJournalExportScreen,
  ChequeRemittanceExportScreen,
  CollectedVatExportScreen,
  InvoicingExportsScreen,
} from './ExportScreens';
