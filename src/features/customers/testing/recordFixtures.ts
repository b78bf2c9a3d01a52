/**
 * A customer's documents for tests and stories (issue 26): the figures and the first page of each
 * list its sheet shows, as the API answers them (`?customerId=42`). They reconcile: two validated
 * invoices (one overdue, partly paid) and a draft, their payments, an accepted quote half invoiced.
 */
import type { BusinessJob, BusinessJobPage } from '../../../api/businessJobs';
import type { CustomerOverview } from '../../../api/customers';
import type { Invoice, InvoicePage } from '../../../api/invoices';
import type { ReceivedPage } from '../../../api/payments';
import type { QuotePage } from '../../../api/quotes';
import { invoicePage, makeInvoices } from '../../invoices/testing/invoiceFixtures';
import { makeReceived } from '../../payments/testing/paymentFixtures';
import { quoteRow } from '../../quotes/list/testing/quoteFixtures';

const customer = { customerId: 42, customerName: 'SCI Les Terrasses du Rhône' };

export const recordJob: BusinessJob = {
  id: 11,
  version: 1,
  name: 'Ravalement façade quai Perrache',
  ...customer,
  siteAddress: '12 quai Perrache, 69002 Lyon',
  deliveryDate: null,
  retainageBasisPoints: 500,
  ownerUserId: 2,
  ownerName: 'Lucas Bernard',
  createdAt: '2026-09-01T08:00:00.000Z',
};

export const recordJobs: BusinessJobPage = { data: [recordJob], info: { hits: 1 } };

export const recordQuotes: QuotePage = {
  data: [
    quoteRow(21, 'accepted', {
      ...customer,
      businessJobId: 11,
      businessJobName: recordJob.name,
      title: 'Ravalement façade',
      totalExclTaxCents: 1_000_000,
      totalVatCents: 200_000,
      totalInclTaxCents: 1_200_000,
      invoicedExclTaxCents: 500_000,
    }),
    quoteRow(22, 'sent', {
      ...customer,
      businessJobId: 11,
      businessJobName: recordJob.name,
      title: 'Option balcons',
    }),
  ],
  info: { hits: 2 },
};

const [first, second, third] = makeInvoices(3, 10);
export const recordInvoiceRows: Invoice[] = [
  {
    ...first!,
    ...customer,
    number: 'FA-2026-00031',
    kind: 'deposit',
    status: 'VALIDATED',
    date: '2026-09-05',
    dueDate: '2026-10-05',
    totalExclTaxCents: 300_000,
    totalVatCents: 60_000,
    totalInclTaxCents: 360_000,
    paidCents: 360_000,
    balanceCents: 0,
    overdue: false,
  },
  {
    ...second!,
    ...customer,
    number: 'FA-2026-00040',
    kind: 'progress',
    status: 'VALIDATED',
    date: '2026-10-10',
    dueDate: '2026-11-09',
    totalExclTaxCents: 200_000,
    totalVatCents: 40_000,
    totalInclTaxCents: 240_000,
    paidCents: 100_000,
    balanceCents: 140_000,
    overdue: true,
  },
  {
    ...third!,
    ...customer,
    number: null,
    kind: 'progress',
    status: 'PROVISOIRE',
    date: '2026-11-20',
    dueDate: '2026-12-20',
    totalInclTaxCents: 120_000,
    balanceCents: 120_000,
    overdue: false,
  },
];
export const recordInvoices: InvoicePage = invoicePage(recordInvoiceRows);

const [paymentA, paymentB] = makeReceived(2);
export const recordPayments: ReceivedPage = {
  data: [
    {
      ...paymentB!,
      ...customer,
      invoiceId: second!.id,
      invoiceNumber: 'FA-2026-00040',
      paidOn: '2026-11-02',
      amountCents: 100_000,
      mode: 'transfer',
    },
    {
      ...paymentA!,
      ...customer,
      invoiceId: first!.id,
      invoiceNumber: 'FA-2026-00031',
      paidOn: '2026-09-20',
      amountCents: 360_000,
      mode: 'check',
    },
  ],
  info: { hits: 2, totalCents: 460_000 },
};

export const recordOverview: CustomerOverview = {
  balanceCents: 140_000,
  retainageHeldCents: 0,
  overdueCents: 140_000,
  invoicedInclTaxCents: 600_000,
  paidCents: 460_000,
  toInvoiceExclTaxCents: 500_000,
};

/** What the sheet's data layer answers for a customer: its figures and each list's first page. */
export interface RecordAnswers {
  overview: CustomerOverview;
  jobs: BusinessJobPage;
  quotes: QuotePage;
  invoices: InvoicePage;
  payments: ReceivedPage;
}

export const fullRecord: RecordAnswers = {
  overview: recordOverview,
  jobs: recordJobs,
  quotes: recordQuotes,
  invoices: recordInvoices,
  payments: recordPayments,
};

/** The answers of a customer without any document. */
export const emptyRecord: RecordAnswers = {
  overview: {
    balanceCents: 0,
    retainageHeldCents: 0,
    overdueCents: 0,
    invoicedInclTaxCents: 0,
    paidCents: 0,
    toInvoiceExclTaxCents: 0,
  },
  jobs: { data: [], info: { hits: 0 } },
  quotes: { data: [], info: { hits: 0 } },
  invoices: invoicePage([]),
  payments: { data: [], info: { hits: 0, totalCents: 0 } },
};
