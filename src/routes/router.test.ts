import { afterEach, describe, expect, it } from 'vitest';
import { customerPath, invoicePath, preferencesPages, testPaths } from './paths';
import { $router } from './router';

/** What the SPA shows for an address: the route and its parameters, or nothing (not found). */
function pageAt(path: string) {
  history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  const page = $router.get();
  return page && { route: page.route, params: page.params };
}

describe('the client route table (spec section 2)', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    history.replaceState(null, '', '/');
  });
  const listen = () => {
    stop = $router.listen(() => {});
  };

  it('knows every client route of the spec', () => {
    listen();
    const table: [string, string, Record<string, string>?][] = [
      ['/', 'home'],
      ['/affaires', 'deals'],
      ['/affaires/12', 'deal', { businessId: '12' }],
      ['/affaires/nouvelle', 'newDeal'],
      ['/affaires/devis', 'quotes'],
      ['/affaires/devis/21', 'quote', { quoteId: '21' }],
      ['/mes-affaires', 'myDeals'],
      ['/facturation', 'invoicing'],
      ['/facturation/nouvelle-facture/devis-87', 'newInvoiceFromQuote', { quoteId: '87' }],
      ['/facturation/factures', 'invoices'],
      [invoicePath(4521), 'invoice', { invoiceRefId: '4521' }],
      ['/facturation/edit', 'invoiceEditEntry'],
      ['/facturation/simple', 'simpleInvoicing'],
      ['/facturation/exports', 'invoicingExports'],
      ['/facturation/reglements/en-attente', 'paymentsPending'],
      ['/facturation/reglements/recus', 'paymentsReceived'],
      ['/facturation/reglements/export-journal-banque', 'bankJournalExport'],
      ['/facturation/reglements/export-bordereau-remise-cheque', 'chequeRemittanceExport'],
      ['/facturation/reglements/export-tva-collectee', 'collectedVatExport'],
      ['/gestion-clients', 'customers'],
      ['/gestion-clients/nouveau', 'newCustomer'],
      [customerPath(7), 'customer', { customerId: '7' }],
      ['/applications/', 'applications'],
      ['/applications/pix4d/', 'pix4d'],
      ['/applications/pix4d/groupes-mesures', 'pix4dMeasureGroups'],
      ['/applications/pix4d/groupes-mesures/3', 'pix4dMeasureGroup', { id: '3' }],
      ['/applications/sema/', 'sema'],
      ['/applications/sema/groupes-mesures', 'semaMeasureGroups'],
      ['/applications/sema/groupes-mesures/9', 'semaMeasureGroup', { id: '9' }],
      ['/applications/autre/groupes-mesures/5', 'measureGroup', { type: 'autre', id: '5' }],
      ['/applications/sema/groupes-mesures/5/events', 'measureGroupEvents', { type: 'sema', id: '5' }],
      ['/preferences', 'preferences'],
      [testPaths.uncaughtError, 'uncaughtErrorTest'],
      [testPaths.loggedError, 'loggedErrorTest'],
    ];
    for (const [path, route, params = {}] of table) {
      expect(pageAt(path), path).toEqual({ route, params });
    }
  });

  it('takes invoice and customer ids of digits only', () => {
    listen();
    for (const path of [
      '/gestion-clients/abc',
      '/gestion-clients/12a',
      '/gestion-clients/-3',
      '/gestion-clients/1.5',
      '/gestion-clients/12/autre',
      '/facturation/factures/abc',
      '/facturation/factures/FA-12',
    ]) {
      expect(pageAt(path), path).toBeUndefined();
    }
    expect(pageAt('/gestion-clients/00012')).toEqual({ route: 'customer', params: { customerId: '00012' } });
  });

  it('matches exact routes only: nothing under the deals list, the invoicing home or the customers', () => {
    listen();
    for (const path of [
      '/facturation/inconnue',
      '/facturation/reglements',
      '/affaires/12/detail',
      '/applications/pix4d/inconnue',
      '/mes-affaires/1',
      '/route-inconnue',
      '/test/client-side-error/autre',
    ]) {
      expect(pageAt(path), path).toBeUndefined();
    }
  });

  it('ignores one trailing slash, as the spec writes /applications/ and /preferences', () => {
    listen();
    expect(pageAt('/gestion-clients/')?.route).toBe('customers');
    expect(pageAt('/preferences/')?.route).toBe('preferences');
    expect(pageAt('/applications')?.route).toBe('applications');
  });

  it('knows the fourteen preferences pages and no other', () => {
    listen();
    expect(preferencesPages).toHaveLength(14);
    for (const page of preferencesPages) {
      expect(pageAt(page), page).toEqual({ route: 'preferencesPage', params: { page } });
    }
    expect(pageAt('/preferences/comptabilite/gestion-banques/')?.params).toEqual({
      page: '/preferences/comptabilite/gestion-banques',
    });
    expect(pageAt('/preferences/inconnue')).toBeUndefined();
    expect(pageAt('/preferences/documents/autre')).toBeUndefined();
  });
});
