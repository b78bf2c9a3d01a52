/**
 * Quotes (devis) of the caller's company: list, one (lines in chapters, per-rate totals, what is
 * already invoiced per line and per rate), create, edit, edit lock. Quote preparation stays a
 * platform page; these calls feed invoicing. Thin: the work is in server/src/invoicing.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { createQuote, editQuote } from '../invoicing/quotes.js';
import { callerSessionId } from '../invoicing/session-id.js';
import { listQuotes, quoteDetail } from '../invoicing/views.js';
import { bearerSecurity, jsonContent as json } from '../schemas/common.js';
import {
  CompanyParams,
  CreateQuoteSchema,
  EditQuoteSchema,
  IdParams,
  ListInfoSchema,
  QuoteDetailSchema,
  QuoteSchema,
  QuotesQuery,
} from '../schemas/invoicing.js';
import { addEditLockRoutes } from './edit-lock-routes.js';
import { readErrors, refusal, writeErrors } from './invoicing-responses.js';

const tags = ['Devis'];
const base = '/v2/companies/{enterprise_id}/quotes';
const detail = json(z.object({ data: QuoteDetailSchema }), 'The quote');

const listRoute = createRoute({
  method: 'get',
  path: base,
  tags,
  summary:
    'Quotes, newest first, with filters (job, customer, status) and a search (number, title, customer)',
  security: bearerSecurity,
  request: { params: CompanyParams, query: QuotesQuery },
  responses: {
    200: json(z.object({ data: z.array(QuoteSchema), info: ListInfoSchema }), 'A page of quotes'),
    401: readErrors[401],
    403: readErrors[403],
    422: writeErrors('')[422],
  },
});

const getRoute = createRoute({
  method: 'get',
  path: `${base}/{id}`,
  tags,
  summary: 'One quote: lines in chapters, per-rate totals, invoiced per line and what remains per rate',
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: detail, ...readErrors },
});

const createQuoteRoute = createRoute({
  method: 'post',
  path: base,
  tags,
  summary: 'Create a quote of a business job (numbered DE-yyyy-nnnnn)',
  security: bearerSecurity,
  request: {
    params: CompanyParams,
    body: { required: true, content: { 'application/json': { schema: CreateQuoteSchema } } },
  },
  responses: { 200: detail, ...writeErrors('') },
});

const editRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/edit`,
  tags,
  summary: 'Change a quote (its lines only while no invoice uses it)',
  security: bearerSecurity,
  request: {
    params: IdParams,
    body: { required: true, content: { 'application/json': { schema: EditQuoteSchema } } },
  },
  responses: { 200: detail, ...writeErrors('stale_version, resource_locked, quote_invoiced') },
});

export function quotesRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const { companyId } = c.get('caller');
    const query = c.req.valid('query');
    return c.json(await db.withTenant(companyId, (tx) => listQuotes(tx, companyId, query)), 200);
  });

  app.openapi(getRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const data = await db.withTenant(companyId, (tx) => quoteDetail(tx, companyId, id, callerSessionId(c)));
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createQuoteRoute, async (c) => {
    const { companyId } = c.get('caller');
    const input = c.req.valid('json');
    const sessionId = callerSessionId(c);
    const result = await db.withTenant(companyId, async (tx) => {
      const outcome = await createQuote(tx, companyId, input);
      if (!outcome.ok) return outcome;
      return { ok: true as const, value: (await quoteDetail(tx, companyId, outcome.value, sessionId))! };
    });
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  app.openapi(editRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { id: bodyId, version, ...changes } = c.req.valid('json');
    if (bodyId !== id) return apiError(c, 'id_mismatch');
    const sessionId = callerSessionId(c);
    const result = await db.withTenant(companyId, async (tx) => {
      const outcome = await editQuote(tx, companyId, id, changes, { sessionId, version });
      if (!outcome.ok) return outcome;
      return { ok: true as const, value: (await quoteDetail(tx, companyId, id, sessionId))! };
    });
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  addEditLockRoutes(app, db, 'quote', { base, tags });

  return app;
}
