/** Answers of the reporting API for tests and stories (a small firm's year). */
import type {
  ReportingMargins,
  ReportingSeries,
  ReportingSummary,
  ReportingVat,
} from '../../../api/reporting';

export const period = { from: '2026-01-01', to: '2026-12-31' };
export const previous = { from: '2025-01-01', to: '2025-12-31' };

export const summaryFixture: ReportingSummary = {
  period,
  invoicedExclTaxCents: 4_525_000,
  invoicedVatCents: 904_670,
  invoicedInclTaxCents: 5_429_670,
  invoiceCount: 42,
  creditNotesInclTaxCents: -120_000,
  receivedCents: 4_177_125,
  outstandingCents: 1_252_545,
  overdueCents: 310_000,
  daysSalesOutstanding: 84,
  previous: {
    period: previous,
    invoicedExclTaxCents: 4_000_000,
    invoicedVatCents: 800_000,
    invoicedInclTaxCents: 4_800_000,
    invoiceCount: 37,
    creditNotesInclTaxCents: 0,
    receivedCents: 4_500_000,
    outstandingCents: 300_000,
    overdueCents: 0,
    daysSalesOutstanding: 23,
  },
};

const month = (m: number, invoiced: number, received: number) => ({
  month: `2026-${String(m).padStart(2, '0')}`,
  invoicedExclTaxCents: invoiced,
  invoicedInclTaxCents: Math.round(invoiced * 1.2),
  receivedCents: received,
});

export const seriesFixture: ReportingSeries = {
  period,
  months: [
    month(1, 350_000, 300_000),
    month(2, 410_000, 380_000),
    month(3, 0, 120_000),
    month(4, 520_000, 400_000),
    month(5, 380_000, 450_000),
    month(6, 610_000, 500_000),
    month(7, 290_000, 310_000),
    month(8, 120_000, 200_000),
    month(9, 470_000, 350_000),
    month(10, 505_000, 430_000),
    month(11, 870_000, 737_125),
    month(12, 0, 0),
  ],
  receivables: {
    buckets: [
      { bucket: 'notDue', cents: 842_545, count: 6 },
      { bucket: 'late1To30', cents: 180_000, count: 2 },
      { bucket: 'late31To60', cents: 90_000, count: 1 },
      { bucket: 'late61To90', cents: 0, count: 0 },
      { bucket: 'lateOver90', cents: 40_000, count: 1 },
    ],
    retainageDueCents: 100_000,
    retainageHeldCents: 226_350,
  },
  quotes: {
    sent: 30,
    accepted: 12,
    refused: 8,
    pending: 10,
    sentExclTaxCents: 9_000_000,
    acceptedExclTaxCents: 4_200_000,
    refusedExclTaxCents: 2_300_000,
    pendingExclTaxCents: 2_500_000,
    conversionRateBasisPoints: 4000,
  },
  topCustomers: [
    {
      customerId: 3,
      customerName: 'Boulangerie Mercier',
      invoicedExclTaxCents: 1_250_000,
      invoicedInclTaxCents: 1_500_000,
    },
    {
      customerId: 7,
      customerName: '=HYPERLINK("x")',
      invoicedExclTaxCents: 800_000,
      invoicedInclTaxCents: 960_000,
    },
    {
      customerId: 1,
      customerName: 'Claire Dupont',
      invoicedExclTaxCents: 410_000,
      invoicedInclTaxCents: 451_000,
    },
  ],
};

export const marginsFixture: ReportingMargins = {
  period,
  jobs: [
    {
      businessJobId: 4,
      businessJobName: 'Réaménagement fournil Mercier',
      saleExclTaxCents: 1_800_000,
      costCents: 1_250_000,
      marginCents: 550_000,
      marginRateBasisPoints: 3056,
      linesWithoutCost: 0,
    },
    {
      businessJobId: 9,
      businessJobName: 'Salle de bains Dupont',
      saleExclTaxCents: 650_000,
      costCents: 420_000,
      marginCents: 180_000,
      marginRateBasisPoints: 3000,
      linesWithoutCost: 2,
    },
  ],
};

export const vatFixture: ReportingVat = {
  period,
  collectedVatCents: 721_300,
  previous: { period: previous, collectedVatCents: 650_000 },
};

/** The same year with nothing in it. */
export const emptySeriesFixture: ReportingSeries = {
  ...seriesFixture,
  months: seriesFixture.months.map((m) => ({
    ...m,
    invoicedExclTaxCents: 0,
    invoicedInclTaxCents: 0,
    receivedCents: 0,
  })),
  receivables: {
    buckets: seriesFixture.receivables.buckets.map((b) => ({ ...b, cents: 0, count: 0 })),
    retainageDueCents: 0,
    retainageHeldCents: 0,
  },
  quotes: {
    sent: 0,
    accepted: 0,
    refused: 0,
    pending: 0,
    sentExclTaxCents: 0,
    acceptedExclTaxCents: 0,
    refusedExclTaxCents: 0,
    pendingExclTaxCents: 0,
    conversionRateBasisPoints: null,
  },
  topCustomers: [],
};
