/**
 * The reporting API (issue 24, server/src/routes/reporting.ts): the figures of a period and of the
 * one before, the series the charts draw, the planned margin per job and the collected VAT. Every
 * answer is parsed here, at the boundary. Money in cents, dates yyyy-MM-dd, months yyyy-MM.
 */
import * as v from 'valibot';
import { agedBuckets } from '../contract/reporting';

const int = v.number();
const periodSchema = v.object({ from: v.string(), to: v.string() });

const figures = {
  invoicedExclTaxCents: int,
  invoicedVatCents: int,
  invoicedInclTaxCents: int,
  invoiceCount: int,
  creditNotesInclTaxCents: int,
  receivedCents: int,
  outstandingCents: int,
  overdueCents: int,
  daysSalesOutstanding: v.nullable(int),
};

export const summaryAnswer = v.object({
  data: v.object({
    period: periodSchema,
    ...figures,
    previous: v.object({ period: periodSchema, ...figures }),
  }),
});
export type ReportingSummary = v.InferOutput<typeof summaryAnswer>['data'];

export const seriesAnswer = v.object({
  data: v.object({
    period: periodSchema,
    months: v.array(
      v.object({
        month: v.string(),
        invoicedExclTaxCents: int,
        invoicedInclTaxCents: int,
        receivedCents: int,
      }),
    ),
    receivables: v.object({
      buckets: v.array(v.object({ bucket: v.picklist(agedBuckets), cents: int, count: int })),
      retainageDueCents: int,
      retainageHeldCents: int,
    }),
    quotes: v.object({
      sent: int,
      accepted: int,
      refused: int,
      pending: int,
      sentExclTaxCents: int,
      acceptedExclTaxCents: int,
      refusedExclTaxCents: int,
      pendingExclTaxCents: int,
      conversionRateBasisPoints: v.nullable(int),
    }),
    topCustomers: v.array(
      v.object({
        customerId: int,
        customerName: v.string(),
        invoicedExclTaxCents: int,
        invoicedInclTaxCents: int,
      }),
    ),
  }),
});
export type ReportingSeries = v.InferOutput<typeof seriesAnswer>['data'];

export const marginsAnswer = v.object({
  data: v.object({
    period: periodSchema,
    jobs: v.array(
      v.object({
        businessJobId: int,
        businessJobName: v.string(),
        saleExclTaxCents: int,
        costCents: int,
        marginCents: int,
        marginRateBasisPoints: v.nullable(int),
        linesWithoutCost: int,
      }),
    ),
  }),
});
export type ReportingMargins = v.InferOutput<typeof marginsAnswer>['data'];

export const vatAnswer = v.object({
  data: v.object({
    period: periodSchema,
    collectedVatCents: int,
    previous: v.object({ period: periodSchema, collectedVatCents: int }),
  }),
});
export type ReportingVat = v.InferOutput<typeof vatAnswer>['data'];
