import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen } from 'storybook/test';
import { NewInvoiceFromQuoteScreen } from '../../src/features/invoices/create/NewInvoiceFromQuote';
import { InvoicingHomeView, type InvoicingSummary } from '../../src/features/invoices/home/InvoicingHome';
import { invoicePage, makeInvoices } from '../../src/features/invoices/testing/invoiceFixtures';
import { quoteDetail, quoteRow } from '../../src/features/quotes/list/testing/quoteFixtures';
import { $session } from '../../src/session/session';
import { withAnswers } from '../support/answers';

const invoices = makeInvoices(30);
const drafts = invoices.filter((invoice) => invoice.status === 'PROVISOIRE');
const validated = invoices.filter(
  (invoice) => invoice.status === 'VALIDATED' && invoice.kind !== 'credit_note',
);

const summary: InvoicingSummary = {
  toInvoice: [
    quoteRow(5, 'accepted', {
      title: 'Réaménagement fournil',
      totalExclTaxCents: 1_000_000,
      invoicedExclTaxCents: 300_000,
    }),
    quoteRow(9, 'accepted', {
      title: 'Ravalement façade nord',
      customerName: 'SCI Les Terrasses du Rhône',
      totalExclTaxCents: 2_480_000,
    }),
  ],
  drafts: invoicePage(drafts.slice(0, 5), drafts.length),
  overdue: invoicePage(validated.slice(0, 5), 14),
  month: invoicePage(validated.slice(0, 1), 9),
};

const empty: InvoicingSummary = {
  toInvoice: [],
  drafts: invoicePage([]),
  overdue: invoicePage([]),
  month: invoicePage([]),
};

/** The company of the screens that ask the server themselves (« Que facturer ? »). */
const withCompany = (Story: () => React.ReactNode) => {
  $session.set({ ...$session.get(), status: 'signed-in', enterpriseId: 1 });
  return <Story />;
};

const meta = {
  title: 'Invoices/Home',
  parameters: { layout: 'padded' },
  decorators: [withCompany, withAnswers],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** `/facturation`: the month's totals, the accepted quotes left to invoice, the drafts, the overdue invoices. */
export const Home: Story = { render: () => <InvoicingHomeView summary={summary} onRetry={() => {}} /> };

/** A new company: each part says what is missing. */
export const HomeEmpty: Story = { render: () => <InvoicingHomeView summary={empty} onRetry={() => {}} /> };

export const HomeFailed: Story = { render: () => <InvoicingHomeView summary="failed" onRetry={() => {}} /> };

/** The home at 800 px: the parts in one column. */
export const HomeAt800: Story = {
  ...Home,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};

const acceptedQuote = quoteDetail(5, 'accepted', {
  title: 'Réaménagement fournil',
  totalExclTaxCents: 1_000_000,
  totalVatCents: 200_000,
  totalInclTaxCents: 1_200_000,
});

/** « Nouvelle facture depuis un devis »: « Que facturer ? » an accepted quote not invoiced yet (a deposit first). */
export const WhatToInvoice: Story = {
  render: () => <NewInvoiceFromQuoteScreen quoteId="5" />,
  parameters: { answers: { 'GET /v2/companies/1/quotes/5': { data: acceptedQuote } } },
  play: async () => {
    await screen.findByText('Que facturer ?');
  },
};

/** After a validated deposit: a progress statement is offered first, with what is already invoiced. */
export const WhatToInvoiceAfterDeposit: Story = {
  render: () => <NewInvoiceFromQuoteScreen quoteId="5" />,
  parameters: {
    answers: {
      'GET /v2/companies/1/quotes/5': {
        data: {
          ...acceptedQuote,
          invoicedExclTaxCents: 300_000,
          invoices: [
            {
              id: 11,
              version: 2,
              number: 'FA-2026-00011',
              kind: 'deposit',
              status: 'VALIDATED',
              cancelled: false,
              date: '2026-02-01',
              totalExclTaxCents: 300_000,
              totalVatCents: 60_000,
              totalInclTaxCents: 360_000,
            },
          ],
        },
      },
    },
  },
  play: async () => {
    await screen.findByText('Que facturer ?');
  },
};
