/**
 * Every route path of the product (spec section 2), in one module: the nav bar builds its links
 * from here, the SPA builds its route table from here. Paths the spec names only as "not shown"
 * are chosen once here and documented in docs/routes.md.
 */

/** Client area (the SPA on config.clientOrigin). */
export const clientPaths = {
  home: '/',
  /** Chosen: the spec shows the deals base path only as "not shown". */
  deals: '/affaires',
  /** Chosen: the new-job form (« Nouvelle affaire »); `?client={customerId}` picks the customer. */
  newDeal: '/affaires/nouvelle',
  /**
   * Chosen: every quote of the company is listed at `/affaires/devis`, and a quote in its editor is
   * `/affaires/devis/{quoteId}` (digits only): a quote belongs to a job, and the menu's Affaires stays active. Not `/devis/…`: on the platform origin that is the
   * customer's public acceptance page (`/devis/{token}`).
   */
  quotes: '/affaires/devis',
  myDeals: '/mes-affaires',
  invoicing: '/facturation',
  invoiceEditEntry: '/facturation/edit',
  simpleInvoicing: '/facturation/simple',
  newInvoiceFromQuote: '/facturation/nouvelle-facture',
  /** Chosen: the invoice base path ("Mes factures", the list; an invoice at /{invoiceRefId}). */
  invoices: '/facturation/factures',
  /** Chosen: the invoicing exports page. */
  invoicingExports: '/facturation/exports',
  paymentsPending: '/facturation/reglements/en-attente',
  paymentsReceived: '/facturation/reglements/recus',
  payments: '/facturation/reglements',
  bankJournalExport: '/facturation/reglements/export-journal-banque',
  chequeRemittanceExport: '/facturation/reglements/export-bordereau-remise-cheque',
  collectedVatExport: '/facturation/reglements/export-tva-collectee',
  customers: '/gestion-clients',
  newCustomer: '/gestion-clients/nouveau',
  applications: '/applications',
  pix4d: '/applications/pix4d',
  sema: '/applications/sema',
  preferences: '/preferences',
  myAccountPreferences: '/preferences/mon-compte',
  companyInfo: '/preferences/infos-entreprise',
  userManagement: '/preferences/gestion-utilisateurs',
  vatManagement: '/preferences/gestion-tva',
  customerSettings: '/preferences/clients',
  invoiceSettings: '/preferences/gestion-facture',
  invoiceDocument: '/preferences/document-facture',
  quoteDocument: '/preferences/document-devis',
  generalDocuments: '/preferences/documents-general',
  documentFormats: '/preferences/documents/formats',
  termsOfSale: '/preferences/documents/conditions-generales-de-vente',
  costsAndPrices: '/preferences/couts-et-prix',
  accounting: '/preferences/gestion-comptabilite',
  /**
   * Bank management: the spec keeps its path in shared constants without showing it, and lists
   * this preferences route for banks; one screen, one path.
   */
  bankManagement: '/preferences/comptabilite/gestion-banques',
} as const;

/**
 * The preferences pages, in the order of their side menu (spec section 2, "Preferences routes").
 * The route table matches these and no other `/preferences/…` path.
 */
export const preferencesPages = [
  clientPaths.myAccountPreferences,
  clientPaths.companyInfo,
  clientPaths.userManagement,
  clientPaths.vatManagement,
  clientPaths.customerSettings,
  clientPaths.invoiceSettings,
  clientPaths.invoiceDocument,
  clientPaths.quoteDocument,
  clientPaths.generalDocuments,
  clientPaths.documentFormats,
  clientPaths.termsOfSale,
  clientPaths.costsAndPrices,
  clientPaths.accounting,
  clientPaths.bankManagement,
] as const;

export type PreferencesPage = (typeof preferencesPages)[number];

/**
 * Test-only pages that raise a client error on purpose. Kept apart from `clientPaths` so that a
 * production build, which never references them, does not carry them (see routes/testRoutes.ts).
 */
export const testPaths = {
  uncaughtError: '/test/client-side-error/uncaught',
  loggedError: '/test/client-side-error/logger',
} as const;

/** Platform side (config.platformOrigin): server pages, and the legacy app's hash routes. */
export const platformPaths = {
  myAccount: '/app/my-account',
  logout: '/logout',
  login: '/login',
  quotePreparation: '/app/prive/#/elaboration-devis',
  siteManagement: '/app/prive/#/gestion-chantier',
  database: '/app/prive/#/base-donnees',
  releaseAndRedirect: '/app/prive/#/release-and-redirect',
  subscription: '/app/enterprise/subscription/my-subscription',
  exportData: '/app/enterprise/export-data',
  reporting: '/app/reporting',
  help: '/foire-aux-questions',
} as const;

/** Path prefixes served by the platform; any other site-relative path belongs to the client area. */
const platformPrefixes = ['/app/', '/login', '/logout', '/foire-aux-questions'] as const;

const digits = /^\d+$/;

export const dealPath = (businessId: string | number) => `${clientPaths.deals}/${businessId}`;
/** The new-job form, for a customer when given (the customer sheet's « Nouvelle affaire »). */
export const newDealPath = (customerId?: number) =>
  customerId === undefined ? clientPaths.newDeal : `${clientPaths.newDeal}?client=${customerId}`;
/** A quote in its editor (the SPA's route; on a platform page `<bo-quote-editor quote-id>`). */
export const quotePath = (quoteId: string | number) => `${clientPaths.quotes}/${quoteId}`;
export const invoicePath = (invoiceRefId: string | number) => `${clientPaths.invoices}/${invoiceRefId}`;
export const newInvoiceFromQuotePath = (quoteId: string | number) =>
  `${clientPaths.newInvoiceFromQuote}/devis-${quoteId}`;
export const customerPath = (customerId: string | number) => `${clientPaths.customers}/${customerId}`;
export const measureGroupsPath = (type: string) => `${clientPaths.applications}/${type}/groupes-mesures`;
export const measureGroupPath = (type: string, id: string | number) => `${measureGroupsPath(type)}/${id}`;

/** An invoice-edit page: the invoice base path and digits (spec: invoiceRefId is digits only). */
export function isInvoiceEditPath(path: string): boolean {
  const prefix = `${clientPaths.invoices}/`;
  return path.startsWith(prefix) && digits.test(path.slice(prefix.length).replace(/[?#].*$/, ''));
}

export function isPlatformPath(path: string): boolean {
  return platformPrefixes.some((prefix) => path === prefix || path.startsWith(prefix));
}
