import { type ConfigFromRouter, createRouter, type Page } from '@nanostores/router';
import { clientPaths, preferencesPages } from './paths';
import { testRoutes } from './testPages';

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A parameter of digits only (spec: invoiceRefId and customerId are digits only): anything else
 * under the prefix is no route, so the SPA shows its not-found screen. Case-insensitive like the
 * router's own patterns.
 */
const byDigits = <Name extends string>(prefix: string, name: Name) =>
  [
    new RegExp(`^${escapeForRegExp(prefix)}/(\\d+)$`, 'i'),
    (id: string) => ({ [name]: id }) as Record<Name, string>,
  ] as const;

/** The preferences pages of the spec and no other: `/preferences/xyz` is not found. */
const preferencesPage = [
  new RegExp(`^(${preferencesPages.map(escapeForRegExp).join('|')})$`, 'i'),
  (path: string) => ({ page: path.toLowerCase() as (typeof preferencesPages)[number] }),
] as const;

/**
 * The client area's route table (spec section 2, client-side routes), shared by the SPA and by a
 * nav bar embedded in it: one `$router` per page, so both see the same current page. Every route
 * is exact (the router anchors its patterns; it ignores one trailing slash). `/` and `/preferences`
 * are routes so that the SPA can redirect them (see redirects.ts).
 *
 * `links: false`: the router never takes over the page's own anchors (a legacy page embedding the
 * nav bar keeps its links); components open client pages explicitly with `$router.open(path)`.
 */
export const $router = createRouter(
  {
    home: clientPaths.home,
    deals: clientPaths.deals,
    // Before `deal`: the router tries the routes in this order.
    newDeal: clientPaths.newDeal,
    // Before `deal` too: `/affaires/devis/12` is a quote, not a job named « devis »; `/affaires/devis`
    // is the list of every quote (docs/decisions.md « The SPA's quotes list »).
    quotes: clientPaths.quotes,
    quote: byDigits(clientPaths.quotes, 'quoteId'),
    deal: `${clientPaths.deals}/:businessId`,
    myDeals: clientPaths.myDeals,
    invoicing: clientPaths.invoicing,
    invoiceEditEntry: clientPaths.invoiceEditEntry,
    simpleInvoicing: clientPaths.simpleInvoicing,
    newInvoiceFromQuote: [
      new RegExp(`^${escapeForRegExp(clientPaths.newInvoiceFromQuote)}/devis-([^/]+)$`, 'i'),
      (quoteId: string) => ({ quoteId: decodeURIComponent(quoteId) }),
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
    preferencesPage,
    ...testRoutes,
  },
  { links: false },
);

export type ClientRoutes = ConfigFromRouter<typeof $router>;
export type RouteName = keyof ClientRoutes;
/** The page the router is on, for one route name (its params typed). */
export type ClientPage<Name extends RouteName = RouteName> = Page<ClientRoutes, Name>;
