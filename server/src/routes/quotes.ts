/**
 * Quotes (devis) of the caller's company (issue 21): list (latest revisions, status with `expired`),
 * one (its tree, amounts, revisions, answer, what may be done; and what invoicing reads: lines in
 * chapters, per-rate totals, what is already invoiced), create and edit a draft, revise, duplicate,
 * record the customer's answer, edit lock. Thin: the work is in server/src/invoicing.
 */

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { listPageSchema } from '../../../src/contract/lists.js';
import type { Tx } from '../db/database.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import type { Outcome } from '../invoicing/outcome.js';
import { answerQuote, createQuote, duplicateQuote, editQuote, reviseQuote } from '../invoicing/quotes.js';
import { withTenantUnlessRefused } from '../invoicing/refusal-rollback.js';
import { callerSessionId } from '../invoicing/session-id.js';
import { todayInFrance } from '../invoicing/today.js';
import { listQuotes, quoteDetail } from '../invoicing/views.js';
import { bearerSecurity, jsonContent as json } from '../schemas/common.js';
import {
  AnswerQuoteSchema,
  CompanyParams,
  CreateQuoteSchema,
  EditQuoteSchema,
  IdParams,
  QuoteDetailSchema,
  QuoteSchema,
  QuotesQuery,
  ReviseQuoteSchema,
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
    200: json(listPageSchema(QuoteSchema), 'A page of quotes'),
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
  summary:
    'Create a draft quote of a business job (numbered DE-yyyy-nnnnn); defaults: today, validity from the settings, payment terms of the customer',
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
  summary: 'Change a draft quote (any other: 409 quote_not_editable; « Modifier » on a sent one is /revise)',
  security: bearerSecurity,
  request: {
    params: IdParams,
    body: { required: true, content: { 'application/json': { schema: EditQuoteSchema } } },
  },
  responses: {
    200: detail,
    ...writeErrors(
      'stale_version, resource_locked, quote_not_editable, quote_revision_superseded, quote_invoiced',
    ),
  },
});

const reviseRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/revise`,
  tags,
  summary:
    'A new revision of a sent, expired or refused quote (same number, next letter: DE-2026-00012-B), a draft; on a draft: the draft',
  security: bearerSecurity,
  request: {
    params: IdParams,
    body: { required: true, content: { 'application/json': { schema: ReviseQuoteSchema } } },
  },
  responses: {
    200: json(z.object({ data: QuoteDetailSchema }), 'The new revision'),
    ...writeErrors('stale_version, resource_locked, quote_not_editable, quote_revision_superseded'),
  },
});

const duplicateRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/duplicate`,
  tags,
  summary: 'A new draft with the same job and content, a new number, dated today',
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: json(z.object({ data: QuoteDetailSchema }), 'The new quote'), ...writeErrors('') },
});

const answerRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/answer`,
  tags,
  summary:
    "Record the customer's answer (accepted or refused) given on paper; a draft handed to the customer is sent at the same time",
  security: bearerSecurity,
  request: {
    params: IdParams,
    body: { required: true, content: { 'application/json': { schema: AnswerQuoteSchema } } },
  },
  responses: {
    200: detail,
    ...writeErrors(
      'stale_version, resource_locked, quote_not_sent, quote_expired, quote_already_answered, quote_revision_superseded',
    ),
  },
});

export function quotesRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  /** Runs `operation`, then answers the detail of the quote it names (the same transaction). */
  const withDetail = (
    companyId: number,
    sessionId: string,
    operation: (tx: Tx, today: string) => Promise<Outcome<number>>,
  ) =>
    // A refusal rolls back what the operation took first: its edit lock (issue 26, item 11).
    withTenantUnlessRefused(db, companyId, async (tx) => {
      const today = todayInFrance();
      const outcome = await operation(tx, today);
      if (!outcome.ok) return outcome;
      return {
        ok: true as const,
        value: (await quoteDetail(tx, companyId, outcome.value, sessionId, today))!,
      };
    });

  app.openapi(listRoute, async (c) => {
    const { companyId } = c.get('caller');
    const query = c.req.valid('query');
    return c.json(await listQuotes(db, companyId, query, todayInFrance()), 200);
  });

  app.openapi(getRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const data = await db.withTenant(companyId, (tx) =>
      quoteDetail(tx, companyId, id, callerSessionId(c), todayInFrance()),
    );
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createQuoteRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const input = c.req.valid('json');
    const sessionId = callerSessionId(c);
    const result = await withDetail(companyId, sessionId, (tx, today) =>
      createQuote(tx, companyId, input, today, userId),
    );
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  app.openapi(editRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { id: bodyId, version, ...changes } = c.req.valid('json');
    if (bodyId !== id) return apiError(c, 'id_mismatch');
    const sessionId = callerSessionId(c);
    const result = await withDetail(companyId, sessionId, (tx, today) =>
      editQuote(tx, companyId, id, changes, { sessionId, version, userId }, today),
    );
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  app.openapi(reviseRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { version } = c.req.valid('json');
    const sessionId = callerSessionId(c);
    const result = await withDetail(companyId, sessionId, (tx, today) =>
      reviseQuote(tx, companyId, id, { sessionId, version, userId }, today),
    );
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  app.openapi(duplicateRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const result = await withDetail(companyId, callerSessionId(c), (tx, today) =>
      duplicateQuote(tx, companyId, id, today, userId),
    );
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  app.openapi(answerRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { version, ...answer } = c.req.valid('json');
    const sessionId = callerSessionId(c);
    const result = await withDetail(companyId, sessionId, (tx, today) =>
      answerQuote(tx, companyId, id, answer, { sessionId, version, userId }, today),
    );
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  addEditLockRoutes(app, db, 'quote', { base, tags });

  return app;
}
