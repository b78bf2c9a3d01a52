import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReportingView, type ReportingViewProps } from '../../src/features/reporting/Reporting';
import {
  emptySeriesFixture,
  marginsFixture,
  period,
  seriesFixture,
  summaryFixture,
  vatFixture,
} from '../../src/features/reporting/testing/reportingFixtures';

/** « Suivi d'activité »'s figures and charts, one story per state (the view draws what it is given). */
const meta = { title: 'Reporting/Chiffres et graphiques', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const base: ReportingViewProps = {
  choice: { kind: 'fiscalYear', from: '', to: '' },
  period,
  summary: { data: summaryFixture, failed: false },
  series: { data: seriesFixture, failed: false },
  margins: { data: marginsFixture, failed: false },
  vat: { data: vatFixture, failed: false },
  onChoose: () => {},
  onRetry: () => {},
};
const view = (changes: Partial<ReportingViewProps> = {}) => <ReportingView {...base} {...changes} />;

export const Year: Story = { name: "L'exercice, comparé au précédent", render: () => view() };

export const Loading: Story = {
  name: 'Chargement',
  render: () =>
    view({
      summary: { data: undefined, failed: false },
      series: { data: undefined, failed: false },
      margins: { data: undefined, failed: false },
      vat: { data: undefined, failed: false },
    }),
};

export const Failed: Story = {
  name: 'Échec du chargement',
  render: () =>
    view({
      summary: { data: undefined, failed: true },
      series: { data: undefined, failed: true },
      margins: { data: undefined, failed: true },
      vat: { data: undefined, failed: true },
    }),
};

export const EmptyPeriod: Story = {
  name: 'Une période sans activité',
  render: () =>
    view({
      choice: { kind: 'month', from: '', to: '' },
      summary: {
        data: {
          ...summaryFixture,
          invoicedExclTaxCents: 0,
          invoicedVatCents: 0,
          invoicedInclTaxCents: 0,
          invoiceCount: 0,
          creditNotesInclTaxCents: 0,
          receivedCents: 0,
          outstandingCents: 0,
          overdueCents: 0,
          daysSalesOutstanding: null,
        },
        failed: false,
      },
      series: { data: emptySeriesFixture, failed: false },
      margins: { data: { period, jobs: [] }, failed: false },
      vat: { data: { ...vatFixture, collectedVatCents: 0 }, failed: false },
    }),
};

export const CustomPeriodInvalid: Story = {
  name: 'Période personnalisée invalide',
  render: () => view({ choice: { kind: 'custom', from: '2026-05-01', to: '2026-04-01' }, period: null }),
};

/** The figures and charts at 800 px. */
export const YearAt800: Story = {
  ...Year,
  name: "L'exercice, à 800 px",
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
