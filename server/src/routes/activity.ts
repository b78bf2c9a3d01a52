/**
 * « Suivi d'activité » (issue 24): the company's activity log, a page of it and its CSV export.
 * Any member of the company reads it (as jobs, quotes and invoices); nothing here writes: events are
 * written by the changes themselves (server/src/activity/record.ts), never edited nor deleted.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { activityCsvHeader, activityRecords, listActivity } from '../activity/list.js';
import { csvChunks, textStream } from '../exports/csv.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { todayInFrance } from '../invoicing/today.js';
import { ActivityExportQuery, ActivityPageSchema, ActivityQuery } from '../schemas/activity.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { CompanyUsersParams } from '../schemas/users.js';

const tags = ["Suivi d'activité"];
const base = '/v2/companies/{enterprise_id}/activity';
const periodRefused = json(ErrorSchema, 'validation (fields) or export_period_invalid (from after to)');

const listRoute = createRoute({
  method: 'get',
  path: base,
  tags,
  summary:
    "The company's activity log, newest first: a kind, a user, an object (type and id), a period of Paris days (inclusive), a page",
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: ActivityQuery },
  responses: {
    200: json(ActivityPageSchema, 'A page of events and how many match'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: periodRefused,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: `${base}/export`,
  tags,
  summary: 'The activity log with the same filters, as CSV for French Excel (every event, newest first)',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: ActivityExportQuery },
  responses: {
    200: {
      content: { 'text/csv': { schema: z.string().openapi({ format: 'binary' }) } },
      description: 'CSV: ;, UTF-8 with BOM, dd/MM/yyyy, Paris time, formula cells neutralised',
    },
    401: errorResponses[401],
    403: errorResponses[403],
    422: periodRefused,
  },
});

const periodInvalid = (c: Context, from?: string, to?: string) =>
  from !== undefined && to !== undefined && from > to ? apiError(c, 'export_period_invalid') : null;

export function activityRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const { companyId } = c.get('caller');
    const query = c.req.valid('query');
    const refused = periodInvalid(c, query.from, query.to);
    if (refused) return refused;
    const page = await db.withTenant(companyId, (tx) => listActivity(tx, companyId, query));
    return c.json(page, 200);
  });

  app.openapi(exportRoute, async (c) => {
    const { companyId } = c.get('caller');
    const filters = c.req.valid('query');
    const refused = periodInvalid(c, filters.from, filters.to);
    if (refused) return refused;
    const chunks = csvChunks(activityCsvHeader, activityRecords(db, companyId, filters));
    // An export is personal data: no cache keeps it.
    return c.body(textStream(chunks) as ReadableStream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="suivi-activite_${todayInFrance()}.csv"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
