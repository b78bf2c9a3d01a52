/**
 * The reporting API (issue 24, server/src/routes/reporting.ts): the figures of a period and of the
 * one before, the series the charts draw, the planned margin per job and the collected VAT. Every
 * answer is parsed here, at the boundary, with the shared contract's schemas (src/contract/reporting.ts),
 * as the server declares them. Money in cents, dates yyyy-MM-dd, months yyyy-MM.
 */
import { z } from 'zod';
import { lazy } from '../contract/lazy';
import {
  reportingMarginsSchema,
  reportingSeriesSchema,
  reportingSummarySchema,
  reportingVatSchema,
} from '../contract/reporting';

export const summaryAnswer = lazy(() => z.object({ data: reportingSummarySchema }));
export type ReportingSummary = z.output<typeof reportingSummarySchema>;

export const seriesAnswer = lazy(() => z.object({ data: reportingSeriesSchema }));
export type ReportingSeries = z.output<typeof reportingSeriesSchema>;

export const marginsAnswer = lazy(() => z.object({ data: reportingMarginsSchema }));
export type ReportingMargins = z.output<typeof reportingMarginsSchema>;

export const vatAnswer = lazy(() => z.object({ data: reportingVatSchema }));
export type ReportingVat = z.output<typeof reportingVatSchema>;
