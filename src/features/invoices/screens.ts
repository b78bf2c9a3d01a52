/**
 * The invoicing area's screens, as the SPA host mounts them (one lazy chunk for the area):
 * `/facturation`, Mes factures, the invoice editor and its entries. Each renders its own `<h1>`.
 */
export { NewInvoiceFromQuoteScreen } from './create/NewInvoiceFromQuote';
export { SimpleInvoicingScreen } from './create/SimpleInvoicing';
export { InvoiceEditEntryScreen, InvoiceScreen } from './editor/InvoiceScreens';
export { InvoicingHomeScreen } from './home/InvoicingHome';
export { InvoicesListScreen as InvoicesScreen } from './list/InvoicesListScreen';
