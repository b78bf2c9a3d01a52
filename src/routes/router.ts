import { createRouter } from '@nanostores/router';
import { clientPaths } from './paths';

/** Digits-only parameters (spec: invoiceRefId and customerId are digits only). */
const byDigits = <Name extends string>(prefix: string, name: Name) =>
  [new RegExp(`^${prefix}/(\\d+)$`), (id: string) => ({ [name]: id }) as Record<Name, string>] as const;

/**
 * The client area's route table (spec section 2, client-side routes), shared by the SPA and by a
 * nav bar embedded in it: one `$router` per page, so both see the same current page.
 *
 * `links: false`: the router never takes over the page's own anchors (a legacy page embedding the
 * nav bar keeps its links); components open client pages explicitly with `$router.open(path)`.
 */
export const $router = createRouter(
  {
    home: '/',
    deals: clientPaths.deals,
    deal: `${clientPaths.deals}/:businessId`,
    myDeals: clientPaths.myDeals,
    invoicing: clientPaths.invoicing,
    invoiceEditEntry: clientPaths.invoiceEditEntry,
    simpleInvoicing: clientPaths.simpleInvoicing,
    newInvoiceFromQuote: [
      new RegExp(`^${clientPaths.newInvoiceFromQuote}/devis-([^/]+)$`),
      (quoteId: string) => ({ quoteId }),
    ],
    invoices: clientPaths.invoices,
    invoice: byDigits(clientPaths.invoices, 'invoiceRefId'),
    invoicingExports: clientPaths.invoicingExports,
    paymentsPending: clientPaths.paymentsPending,
    paymentsReceived: clientPaths.paymentsReceived,
    bankJournalExport: clientPaths.bankJournalExport,
    chequeRemittanceExport: clientPaths.chequeRemittanceExport,
    collectedVatExport: clientPaths.collectedVatExport,
    customers: clientPaths.customers,
    newCustomer: clientPaths.newCustomer,
    customer: byDigits(clientPaths.customers, 'customerId'),
    applications: clientPaths.applications,
    pix4d: clientPaths.pix4d,
    pix4dMeasureGroups: `${clientPaths.pix4d}/groupes-mesures`,
    pix4dMeasureGroup: `${clientPaths.pix4d}/groupes-mesures/:id`,
    sema: clientPaths.sema,
    semaMeasureGroups: `${clientPaths.sema}/groupes-mesures`,
    semaMeasureGroup: `${clientPaths.sema}/groupes-mesures/:id`,
    measureGroup: `${clientPaths.applications}/:type/groupes-mesures/:id`,
    measureGroupEvents: `${clientPaths.applications}/:type/groupes-mesures/:id/events`,
    preferences: clientPaths.preferences,
    preference: `${clientPaths.preferences}/:section`,
    preferenceDocuments: `${clientPaths.preferences}/documents/:section`,
    bankManagement: clientPaths.bankManagement,
    uncaughtErrorTest: clientPaths.uncaughtErrorTest,
    loggedErrorTest: clientPaths.loggedErrorTest,
  },
  { links: false },
);
