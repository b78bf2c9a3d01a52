import type { ReactNode } from 'react';
import type { PreferencesPage } from '../routes/paths';
import type { ClientPage, RouteName } from '../routes/router';
import { loadTestScreens } from '../routes/testPages';
import { lazyScreen } from '../ui/errors/lazyScreen';
import { preloadOf } from '../ui/lazyComponent';

/*
 * One lazy chunk per area: a screen's code is fetched the first time one of its area's pages
 * opens. The two lists a phone opens first, Mes factures and Gestion clients, are chunks of their
 * own: without the editor and the sheet, about 48 kB (gzip) less before their first paint (issue
 * 27). The page's head preloads the same modules (server/src/static/route-preload.ts).
 */
const deals = () => import('../features/jobs/screens');
const quotes = () => import('../features/quotes/screens');
const invoices = () => import('../features/invoices/screens');
const exports = () => import('../features/exports/screens');
const payments = () => import('../features/payments/screens');
const applications = () => import('../features/applications/screens');
const customers = () => import('../features/customers/screens');
const invoicesList = () => import('../features/invoices/list/InvoicesListScreen');
const customersList = () => import('../features/customers/list/CustomersListScreen');
const preferences = () => import('../features/preferences/screens');

const DealsListScreen = lazyScreen(deals, 'DealsListScreen');
const DealScreen = lazyScreen<{ businessId: string }>(deals, 'DealScreen');
const MyDealsScreen = lazyScreen(deals, 'MyDealsScreen');
const QuoteScreen = lazyScreen<{ quoteId: string }>(quotes, 'QuoteScreen');
const QuotesListScreen = lazyScreen(quotes, 'QuotesListScreen');
const NewDealScreen = lazyScreen(deals, 'NewDealScreen');
const InvoicingHomeScreen = lazyScreen(invoices, 'InvoicingHomeScreen');
const InvoicesScreen = lazyScreen(invoicesList, 'InvoicesListScreen');
const InvoiceScreen = lazyScreen<{ invoiceRefId: string }>(invoices, 'InvoiceScreen');
const InvoiceEditEntryScreen = lazyScreen(invoices, 'InvoiceEditEntryScreen');
const SimpleInvoicingScreen = lazyScreen(invoices, 'SimpleInvoicingScreen');
const NewInvoiceFromQuoteScreen = lazyScreen<{ quoteId: string }>(invoices, 'NewInvoiceFromQuoteScreen');
const InvoicingExportsScreen = lazyScreen(exports, 'InvoicingExportsScreen');
const PaymentsPendingScreen = lazyScreen(payments, 'PaymentsPendingScreen');
const PaymentsReceivedScreen = lazyScreen(payments, 'PaymentsReceivedScreen');
const BankJournalExportScreen = lazyScreen(exports, 'BankJournalExportScreen');
const ChequeRemittanceExportScreen = lazyScreen(exports, 'ChequeRemittanceExportScreen');
const CollectedVatExportScreen = lazyScreen(exports, 'CollectedVatExportScreen');
const CustomersListScreen = lazyScreen(customersList, 'CustomersListScreen');
const NewCustomerScreen = lazyScreen(customers, 'NewCustomerScreen');
const CustomerSheetScreen = lazyScreen<{ customerId: number }>(customers, 'CustomerSheetScreen');
const ApplicationsScreen = lazyScreen(applications, 'ApplicationsScreen');
const ApplicationHomeScreen = lazyScreen<{ type: string }>(applications, 'ApplicationHomeScreen');
const MeasureGroupsScreen = lazyScreen<{ type: string }>(applications, 'MeasureGroupsScreen');
const MeasureGroupScreen = lazyScreen<{ type: string; id: string }>(applications, 'MeasureGroupScreen');
const MeasureGroupEventsScreen = lazyScreen<{ type: string; id: string }>(
  applications,
  'MeasureGroupEventsScreen',
);
const PreferencesScreen = lazyScreen<{ page: PreferencesPage }>(preferences, 'PreferencesScreen');
// Test pages: no route and no chunk in a production build (see routes/testPages.ts).
const UncaughtErrorScreen = loadTestScreens ? lazyScreen(loadTestScreens, 'UncaughtErrorScreen') : () => null;
const LoggedErrorScreen = loadTestScreens ? lazyScreen(loadTestScreens, 'LoggedErrorScreen') : () => null;

type ScreenTable = { [Name in RouteName]: (params: ClientPage<Name>['params']) => ReactNode };

/**
 * The screen of each route of the table (routes/router.ts). Routes that only redirect render
 * nothing: the redirect happens before the first paint (routes/redirects.ts).
 */
export const screens: ScreenTable = {
  home: () => null,
  deals: () => <DealsListScreen />,
  newDeal: () => <NewDealScreen />,
  quotes: () => <QuotesListScreen />,
  quote: ({ quoteId }) => <QuoteScreen quoteId={quoteId} />,
  deal: ({ businessId }) => <DealScreen businessId={businessId} />,
  myDeals: () => <MyDealsScreen />,
  invoicing: () => <InvoicingHomeScreen />,
  invoiceEditEntry: () => <InvoiceEditEntryScreen />,
  simpleInvoicing: () => <SimpleInvoicingScreen />,
  newInvoiceFromQuote: ({ quoteId }) => <NewInvoiceFromQuoteScreen quoteId={quoteId} />,
  invoices: () => <InvoicesScreen />,
  invoice: ({ invoiceRefId }) => <InvoiceScreen invoiceRefId={invoiceRefId} />,
  invoicingExports: () => <InvoicingExportsScreen />,
  paymentsPending: () => <PaymentsPendingScreen />,
  paymentsReceived: () => <PaymentsReceivedScreen />,
  bankJournalExport: () => <BankJournalExportScreen />,
  chequeRemittanceExport: () => <ChequeRemittanceExportScreen />,
  collectedVatExport: () => <CollectedVatExportScreen />,
  customers: () => <CustomersListScreen />,
  newCustomer: () => <NewCustomerScreen />,
  customer: ({ customerId }) => <CustomerSheetScreen customerId={Number(customerId)} />,
  applications: () => <ApplicationsScreen />,
  pix4d: () => <ApplicationHomeScreen type="pix4d" />,
  pix4dMeasureGroups: () => <MeasureGroupsScreen type="pix4d" />,
  pix4dMeasureGroup: ({ id }) => <MeasureGroupScreen type="pix4d" id={id} />,
  sema: () => <ApplicationHomeScreen type="sema" />,
  semaMeasureGroups: () => <MeasureGroupsScreen type="sema" />,
  semaMeasureGroup: ({ id }) => <MeasureGroupScreen type="sema" id={id} />,
  measureGroup: ({ type, id }) => <MeasureGroupScreen type={type} id={id} />,
  measureGroupEvents: ({ type, id }) => <MeasureGroupEventsScreen type={type} id={id} />,
  preferences: () => null,
  preferencesPage: ({ page }) => <PreferencesScreen page={page} />,
  uncaughtErrorTest: () => <UncaughtErrorScreen />,
  loggedErrorTest: () => <LoggedErrorScreen />,
};

/** The screen for a page of the route table (the params typed by its route name). */
export function screenFor<Name extends RouteName>(page: ClientPage<Name>): ReactNode {
  return (screens[page.route] as (params: ClientPage<Name>['params']) => ReactNode)(page.params);
}

/**
 * Fetches the code of the page's screen (its chunk is already on its way: the page's head preloads
 * it), so that the first render draws the screen rather than suspending on it (ui/lazyComponent.ts).
 */
export function preloadScreen(page: ClientPage<RouteName> | undefined): Promise<void> {
  const preload = page ? preloadOf(screenFor(page)) : undefined;
  return preload ? preload() : Promise.resolve();
}
