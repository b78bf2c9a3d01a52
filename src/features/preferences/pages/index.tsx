import type { ReactNode } from 'react';
import { clientPaths, type PreferencesPage } from '../../../routes/paths';
import { lazyScreen } from '../../../ui/errors/lazyScreen';
import { CompanyInfoPage } from './CompanyInfoPage';
import { CostsPage } from './CostsPage';
import { CustomerCodePage } from './CustomerCodePage';
import { DocumentFormatsPage } from './documents/DocumentFormatsPage';
import {
  GeneralDocumentsPage,
  InvoiceDocumentPage,
  QuoteDocumentPage,
  TermsOfSalePage,
} from './documents/documentPages';
import { SendingSettingsPage } from './documents/SendingSettingsPage';
import { MyAccountPage } from './MyAccountPage';
import { UsersPage } from './UsersPage';
import { VatPage } from './VatPage';

// Banks and accounting come with the payments area's exports: their own chunk.
const banks = () => import('../../banks/screens');
const BanksScreen = lazyScreen(banks, 'BanksScreen');
const AccountingSettingsScreen = lazyScreen(banks, 'AccountingSettingsScreen');

/** The preferences pages: every one of the spec is built (a page missing here would say « bientôt disponible »). */
export const builtPages: Partial<Record<PreferencesPage, () => ReactNode>> = {
  [clientPaths.myAccountPreferences]: () => <MyAccountPage />,
  [clientPaths.companyInfo]: () => <CompanyInfoPage />,
  [clientPaths.userManagement]: () => <UsersPage />,
  [clientPaths.vatManagement]: () => <VatPage />,
  [clientPaths.customerSettings]: () => <CustomerCodePage />,
  [clientPaths.costsAndPrices]: () => <CostsPage />,
  [clientPaths.bankManagement]: () => <BanksScreen />,
  [clientPaths.accounting]: () => <AccountingSettingsScreen />,
  [clientPaths.invoiceSettings]: () => <SendingSettingsPage />,
  [clientPaths.invoiceDocument]: () => <InvoiceDocumentPage />,
  [clientPaths.quoteDocument]: () => <QuoteDocumentPage />,
  [clientPaths.generalDocuments]: () => <GeneralDocumentsPage />,
  [clientPaths.documentFormats]: () => <DocumentFormatsPage />,
  [clientPaths.termsOfSale]: () => <TermsOfSalePage />,
};
