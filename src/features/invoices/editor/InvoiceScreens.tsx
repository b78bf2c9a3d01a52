import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { type InvoicePage, listInvoices } from '../../../api/invoices';
import { formatCents, formatIsoDate } from '../../../i18n/format';
import { logger } from '../../../logging/logger';
import { clientPaths, invoicePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { $router } from '../../../routes/router';
import { button } from '../../../ui/button.css';
import { DataTable } from '../../../ui/DataTable';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import * as shared from '../invoices.css';
import { invoiceKindLabels, invoiceMessages as m } from '../messages';
import { InvoiceEditor } from './InvoiceEditor';

type Draft = InvoicePage['data'][number];
const column = createColumnHelper<Draft>();

/** The drafts to take up again: name and client, type, date, total (the type gives way at 800 px). */
const draftColumns = [
  column.accessor('customerName', {
    id: 'draft',
    header: 'Brouillon',
    cell: ({ row }) => (
      <RouteLink to={invoicePath(row.original.id)} className={shared.link}>
        {m.draftName(row.original.id)} · {row.original.customerName}
      </RouteLink>
    ),
    meta: { grow: true },
  }),
  column.accessor('kind', {
    header: 'Type',
    cell: ({ getValue }) => invoiceKindLabels[getValue()],
    meta: { priority: 3 },
  }),
  column.accessor('date', { header: 'Date', cell: ({ getValue }) => formatIsoDate(getValue()) }),
  column.accessor('totalInclTaxCents', {
    header: 'Total TTC',
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true },
  }),
];

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
        <DataTable
          caption={m.draftsTitle(drafts.info.hits)}
          captionClassName={shared.sectionTitle}
          columns={draftColumns}
          rows={drafts.data}
          rowKey={(invoice) => String(invoice.id)}
        />
      )}
    </div>
  );
}
