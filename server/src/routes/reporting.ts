/**
 * Reporting (issue 24): the figures of a period and of the period before it, the series the charts
 * draw, the planned margin per job and the collected VAT. Any member of the company may read them.
 * Thin: validate the period, call reporting/figures.ts (which reads what the lists and exports read),
 * answer. Money in cents, dates yyyy-MM-dd.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  type Period,
  periodTooLong,
  previousPeriod,
  reportingMarginsSchema,
  reportingSeriesSchema,
  reportingSummarySchema,
  reportingVatSchema,
} from '../../../src/contract/reporting.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { todayInFrance } from '../invoicing/today.js';
import {
  agedReceivablesOf,
  collectedVatIn,
  jobMarginsOf,
  monthlyOf,
  quotesOf,
  summaryOf,
  topCustomersOf,
} from '../reporting/figures.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { named } from '../schemas/fields.js';
import { CompanyParams, isoDay } from '../schemas/invoicing.js';

const tags = ['Reporting'];
const base = '/v2/companies/{enterprise_id}/reporting';

const day = (name: 'from' | 'to', description: string) =>
  isoDay().openapi({
    param: { name, in: 'query' },
    description,
    example: name === 'from' ? '2026-01-01' : '2026-12-31',
  });

const PeriodQuery = z.object({
  from: day('from', 'First day of the period (yyyy-MM-dd), included'),
  to: day('to', 'Last day of the period (yyyy-MM-dd), included; at most ten years after `from`'),
});

// The answers are the shared contract's (src/contract/reporting.ts): the client parses with them.
const SummarySchema = named(reportingSummarySchema, 'ReportingSummary');
const SeriesSchema = named(reportingSeriesSchema, 'ReportingSeries');
const MarginsSchema = named(reportingMarginsSchema, 'ReportingMargins');
const VatSchema = named(reportingVatSchema, 'ReportingVat');

const errors = {
  401: errorResponses[401],
  403: errorResponses[403],
  422: json(
    ErrorSchema,
    'validation (fields), export_period_invalid (from after to) or reporting_period_too_long (over ten years)',
  ),
};

const reportingRoute = (path: string, summary: string, schema: z.ZodType, description: string) =>
  createRoute({
    method: 'get',
    path: `${base}/${path}`,
    tags,
    summary,
    security: bearerSecurity,
    request: { params: CompanyParams, query: PeriodQuery },
    responses: { 200: json(z.object({ data: schema }), description), ...errors },
  });

const summaryRoute = reportingRoute(
  'summary',
  "The period's figures and the previous period's (same length: whole months before whole months, else as many days): invoiced, received, outstanding, overdue, days sales outstanding",
  SummarySchema,
  'The figures',
);
const seriesRoute = reportingRoute(
  'series',
  'What the charts draw: invoiced and received per month, aged receivables (retainages apart), quotes sent / accepted / refused, top customers',
  SeriesSchema,
  'The series',
);
const marginsRoute = reportingRoute(
  'margins',
  'Per job, the margin its accepted quotes of the period plan (déboursé sec of the price library against the sale)',
  MarginsSchema,
  'The jobs, largest sale first (20 at most)',
);
const vatRoute = reportingRoute(
  'vat',
  'The collected VAT of the period and of the previous one: the collected VAT export added up',
  VatSchema,
  'The collected VAT',
);

/** The period asked, or the refusal: in order, at most ten years. */
function periodOf(c: Context<AppEnv>, query: Period) {
  if (query.from > query.to) return apiError(c, 'export_period_invalid');
  if (periodTooLong(query)) return apiError(c, 'reporting_period_too_long');
  return { from: query.from, to: query.to };
}

export function reportingRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(summaryRoute, async (c) => {
    const { companyId } = c.get('caller');
    const period = periodOf(c, c.req.valid('query'));
    if (period instanceof Response) return period;
    const today = todayInFrance();
    const before = previousPeriod(period);
    // Each period reads its sums and what is owed on two tenant connections: on PostgreSQL, four at once.
    const [current, previous] = await Promise.all([
      summaryOf(db, companyId, period, today),
      summaryOf(db, companyId, before, today),
    ]);
    return c.json({ data: { period, ...current, previous: { period: before, ...previous } } }, 200);
  });

  app.openapi(seriesRoute, async (c) => {
    const { companyId } = c.get('caller');
    const period = periodOf(c, c.req.valid('query'));
    if (period instanceof Response) return period;
    const today = todayInFrance();
    const data = await db.withTenant(companyId, async (tx) => ({
      period,
      months: await monthlyOf(tx, companyId, period),
      receivables: await agedReceivablesOf(tx, companyId, period, today),
      quotes: await quotesOf(tx, companyId, period),
      topCustomers: await topCustomersOf(tx, companyId, period),
    }));
    return c.json({ data }, 200);
  });

  app.openapi(marginsRoute, async (c) => {
    const { companyId } = c.get('caller');
    const period = periodOf(c, c.req.valid('query'));
    if (period instanceof Response) return period;
    const jobs = await db.withTenant(companyId, (tx) => jobMarginsOf(tx, companyId, period));
    return c.json({ data: { period, jobs } }, 200);
  });

  app.openapi(vatRoute, async (c) => {
    const { companyId } = c.get('caller');
    const period = periodOf(c, c.req.valid('query'));
    if (period instanceof Response) return period;
    const before = previousPeriod(period);
    const [current, previous] = await Promise.all([
      collectedVatIn(db, companyId, period),
      collectedVatIn(db, companyId, before),
    ]);
    return c.json(
      {
        data: {
          period,
          collectedVatCents: current,
          previous: { period: before, collectedVatCents: previous },
        },
      },
      200,
    );
  });

  return app;
}
