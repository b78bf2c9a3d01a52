/**
 * The invoicing area's screens, as the SPA host mounts them (one lazy chunk for the area):
 * `/facturation`, the invoice editor and its entries. Each renders its own `<h1>`. Mes factures
 * (list/InvoicesListScreen) is a chunk of its own (src/app/screens.tsx).
 */
export { NewInvoiceFromQuoteScreen } from './create/NewInvoiceFromQuote';
export { SimpleInvoicingScreen } from './create/SimpleInvoicing';
export { InvoiceEditEntryScreen, InvoiceScreen } from './editor/InvoiceScreens';
export { InvoicingHomeScreen } from './home/InvoicingHome';
