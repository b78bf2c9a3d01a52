/**
 * The columns of a record's documents (issue 26, item 8), written once for the customer sheet and
 * the job sheet: each sheet passes the rows it has (a list page, or the job's detail) and the
 * columns that make sense there (the job sheet does not repeat the job's name on each quote).
 * Numbers open the document at its SPA route (a quote in its editor at /affaires/devis/{id}).
 */
import { createColumnHelper } from '@tanstack/react-table';
import type { BusinessJob } from '../../api/businessJobs';
import type { PaymentMode } from '../../api/customers';
import type { InvoiceKind, InvoiceStatus } from '../../api/invoices';
import type { Quote } from '../../api/quotes';
import { formatCents, formatDate, formatIsoDate } from '../../i18n/format';
import { dealPath, invoicePath, newInvoiceFromQuotePath, quotePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { visuallyHidden } from '../../ui/theme.css';
import { paymentModeLabels } from '../customers/messages';
import * as shared from '../invoices/invoices.css';
import { invoiceKindLabels, invoiceMessages } from '../invoices/messages';
import { chipStatus, StatusChip } from '../invoices/StatusChip';
import { QuoteStatusChip } from '../quotes/list/QuoteStatusChip';
import { recordMessages as m } from './messages';

const c = m.columns;

// ---------------------------------------------------------------------------------------------- jobs

const job = createColumnHelper<BusinessJob>();

export const jobColumns = [
  job.accessor('name', {
    header: c.job,
    cell: ({ row, getValue }) => (
      <RouteLink to={dealPath(row.original.id)} className={shared.link}>
        {getValue()}
      </RouteLink>
    ),
    meta: { grow: true },
  }),
  job.accessor('siteAddress', {
    header: c.site,
    cell: ({ getValue }) => getValue() || m.none,
    meta: { grow: true, priority: 2 },
  }),
  job.accessor('ownerName', {
    header: c.owner,
    cell: ({ getValue }) => getValue() ?? m.none,
    meta: { priority: 3 },
  }),
  job.accessor('createdAt', {
    header: c.createdAt,
    cell: ({ getValue }) => formatDate(getValue()),
    meta: { priority: 2 },
  }),
];

// ---------------------------------------------------------------------------------------------- quotes

const quote = createColumnHelper<Quote>();

/** Still something to invoice on an accepted quote: « Facturer le devis … » opens the new invoice. */
const invoiceable = (q: Quote) => q.status === 'accepted' && q.invoicedExclTaxCents < q.totalExclTaxCents;

/** The quotes' columns; `withJob` adds the job's name (a customer's quotes span several jobs). */
export function quoteColumns({ withJob }: { withJob: boolean }) {
  return [
    quote.accessor('number', {
      header: c.number,
      cell: ({ row, getValue }) => (
        <RouteLink to={quotePath(row.original.id)} className={shared.link}>
          {getValue()}
        </RouteLink>
      ),
    }),
    quote.accessor('title', { header: c.title, meta: { grow: true, priority: 2 } }),
    ...(withJob
      ? [quote.accessor('businessJobName', { id: 'job', header: c.job, meta: { grow: true, priority: 3 } })]
      : []),
    quote.accessor('date', {
      header: c.date,
      cell: ({ getValue }) => formatIsoDate(getValue()),
      meta: { priority: 2 },
    }),
    quote.accessor('validUntil', {
      header: c.validUntil,
      cell: ({ getValue }) => {
        const day = getValue();
        return day ? formatIsoDate(day) : m.none;
      },
      meta: { priority: 4 },
    }),
    quote.accessor('status', {
      header: c.status,
      cell: ({ getValue }) => <QuoteStatusChip status={getValue()} />,
    }),
    quote.accessor('totalExclTaxCents', {
      id: 'totalExclTax',
      header: c.totalExclTax,
      cell: ({ getValue }) => formatCents(getValue()),
      meta: { numeric: true },
    }),
    quote.accessor('invoicedExclTaxCents', {
      id: 'invoicedExclTax',
      header: c.invoicedExclTax,
      cell: ({ getValue }) => formatCents(getValue()),
      meta: { numeric: true, priority: 3 },
    }),
    quote.display({
      id: 'actions',
      header: () => <span className={visuallyHidden}>{c.actions}</span>,
      cell: ({ row }) =>
        invoiceable(row.original) ? (
          <RouteLink to={newInvoiceFromQuotePath(row.original.id)} className={shared.link}>
            {invoiceMessages.invoiceQuote(row.original.number)}
          </RouteLink>
        ) : null,
      meta: { wrap: true, priority: 2 },
    }),
  ];
}

// ---------------------------------------------------------------------------------------------- invoices

/** What both an invoice of a list and an invoice of a job's detail carry. */
export interface InvoiceRow {
  id: number;
  number: string | null;
  kind: InvoiceKind;
  status: InvoiceStatus;
  cancelled: boolean;
  date: string;
  totalInclTaxCents: number;
  /** A list's invoice only: its due date, « Reste dû » and whether it is late. */
  dueDate?: string;
  balanceCents?: number;
  overdue?: boolean;
}

const invoice = createColumnHelper<InvoiceRow>();

/** The invoices' columns; `withBalance` adds the due date and « Reste dû » (a list's invoices have them). */
export function invoiceColumns({ withBalance }: { withBalance: boolean }) {
  return [
    invoice.accessor('number', {
      header: c.number,
      cell: ({ row, getValue }) => (
        <RouteLink to={invoicePath(row.original.id)} className={shared.link}>
          {getValue() ?? invoiceMessages.draftName(row.original.id)}
        </RouteLink>
      ),
    }),
    invoice.accessor('kind', {
      header: c.kind,
      cell: ({ getValue }) => invoiceKindLabels[getValue()],
      meta: { priority: 2 },
    }),
    invoice.accessor('date', {
      header: c.date,
      cell: ({ getValue }) => formatIsoDate(getValue()),
      meta: { priority: 2 },
    }),
    ...(withBalance
      ? [
          invoice.accessor('dueDate', {
            header: c.dueDate,
            cell: ({ getValue }) => {
              const day = getValue();
              return day ? formatIsoDate(day) : m.none;
            },
            meta: { priority: 3 },
          }),
        ]
      : []),
    invoice.accessor('status', {
      header: c.status,
      cell: ({ row }) => <StatusChip status={chipStatus(row.original)} kind={row.original.kind} />,
    }),
    invoice.accessor('totalInclTaxCents', {
      id: 'totalInclTax',
      header: c.totalInclTax,
      cell: ({ getValue }) => formatCents(getValue()),
      meta: { numeric: true },
    }),
    ...(withBalance
      ? [
          invoice.accessor('balanceCents', {
            id: 'balance',
            header: c.balance,
            // A draft owes nothing yet: its « Reste dû » would only repeat its total.
            cell: ({ row, getValue }) =>
              row.original.status === 'VALIDATED' ? formatCents(getValue() ?? 0) : m.none,
            meta: { numeric: true, priority: 2 },
          }),
        ]
      : []),
  ];
}

// ---------------------------------------------------------------------------------------------- payments

/** What both a received payment of a list and a payment of a job's detail carry. */
export interface PaymentRow {
  id: number;
  paidOn: string;
  invoiceId: number;
  invoiceNumber: string | null;
  mode: PaymentMode;
  amountCents: number;
  isRetainage: boolean;
}

const payment = createColumnHelper<PaymentRow>();

export const paymentColumns = [
  payment.accessor('paidOn', {
    header: c.paidOn,
    cell: ({ getValue }) => formatIsoDate(getValue()),
  }),
  payment.accessor('invoiceNumber', {
    header: c.invoice,
    cell: ({ row, getValue }) => (
      <RouteLink to={invoicePath(row.original.invoiceId)} className={shared.link}>
        {getValue() ?? invoiceMessages.draftName(row.original.invoiceId)}
      </RouteLink>
    ),
  }),
  payment.accessor('mode', {
    header: c.mode,
    cell: ({ getValue }) => paymentModeLabels[getValue()],
    meta: { priority: 2 },
  }),
  payment.accessor('amountCents', {
    id: 'amount',
    header: c.amount,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true },
  }),
  payment.accessor('isRetainage', {
    header: c.retainage,
    cell: ({ getValue }) => (getValue() ? m.yes : m.no),
    meta: { priority: 3 },
  }),
];
