import { useEffect, useState } from 'react';
import { type InvoicePage, listInvoices } from '../../../api/invoices';
import { formatCents, formatIsoDate } from '../../../i18n/format';
import { logger } from '../../../logging/logger';
import { clientPaths, invoicePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { $router } from '../../../routes/router';
import { button } from '../../../ui/button.css';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import * as shared from '../invoices.css';
import { invoiceKindLabels, invoiceMessages as m } from '../messages';
import { InvoiceEditor } from './InvoiceEditor';

/** The invoice route (`invoiceRefId` digits only): the editor, in the SPA. */
export function InvoiceScreen({ invoiceRefId }: { invoiceRefId: string }) {
  return (
    <InvoiceEditor
      invoiceId={Number(invoiceRefId)}
      onDeleted={() => $router.open(clientPaths.invoices)}
      onOpenInvoice={(id) => $router.open(invoicePath(id))}
    />
  );
}

/** `?id=` or `?invoiceRefId=` names the invoice to open (digits only). */
export function invoiceIdFromSearch(search: string): number | null {
  const params = new URLSearchParams(search);
  const value = params.get('invoiceRefId') ?? params.get('id') ?? '';
  return /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * `/facturation/edit`: the invoice edit entry. With an invoice in its query it opens that invoice
 * (address replaced); otherwise it offers the drafts to take up again.
 */
export function InvoiceEditEntryScreen() {
  const enterpriseId = useEnterpriseId();
  const requested = invoiceIdFromSearch(typeof location === 'undefined' ? '' : location.search);
  const [drafts, setDrafts] = useState<InvoicePage | 'loading' | 'failed'>('loading');

  useEffect(() => {
    if (requested !== null) $router.open(invoicePath(requested), true);
  }, [requested]);

  useEffect(() => {
    if (enterpriseId === null || requested !== null) return;
    let current = true;
    listInvoices(enterpriseId, { status: 'PROVISOIRE', sort: 'date', order: 'desc', limit: 50 }).then(
      (page) => current && setDrafts(page),
      (error: unknown) => {
        logger.error('Error getting draft invoices', { error });
        if (current) setDrafts('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [enterpriseId, requested]);

  if (requested !== null || drafts === 'loading') return <LoadingScreen title={m.editEntryTitle} />;
  return (
    <div>
      <div className={shared.header}>
        <div>
          <h1 className={shared.title}>{m.editEntryTitle}</h1>
          <p className={shared.subtitle}>{m.editEntryText}</p>
        </div>
        <div className={shared.actions}>
          <RouteLink to={clientPaths.invoices} className={button.secondary}>
            {m.listTitle}
          </RouteLink>
          <RouteLink to={clientPaths.simpleInvoicing} className={button.primary}>
            {m.newSimpleInvoice}
          </RouteLink>
        </div>
      </div>
      {drafts === 'failed' ? (
        <p className={shared.alert} role="alert">
          {m.listFailed}
        </p>
      ) : drafts.data.length === 0 ? (
        <div className={shared.emptyPanel}>
          <p>
            <strong>{m.draftsEmpty}</strong>
          </p>
          <div className={shared.centeredActions}>
            <RouteLink to={clientPaths.simpleInvoicing} className={button.primary}>
              {m.newSimpleInvoice}
            </RouteLink>
          </div>
        </div>
      ) : (
        <div className={shared.scroller}>
          <table className={shared.table}>
            <caption className={shared.sectionTitle}>{m.draftsTitle(drafts.info.hits)}</caption>
            <thead>
              <tr>
                <th scope="col">Brouillon</th>
                <th scope="col">Type</th>
                <th scope="col">Date</th>
                <th scope="col" className={shared.amount}>
                  Total TTC
                </th>
              </tr>
            </thead>
            <tbody>
              {drafts.data.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    <RouteLink to={invoicePath(invoice.id)} className={shared.link}>
                      {m.draftName(invoice.id)} · {invoice.customerName}
                    </RouteLink>
                  </td>
                  <td>{invoiceKindLabels[invoice.kind]}</td>
                  <td>{formatIsoDate(invoice.date)}</td>
                  <td className={shared.amount}>{formatCents(invoice.totalInclTaxCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
