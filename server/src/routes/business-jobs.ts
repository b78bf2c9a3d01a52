/**
 * Business jobs (affaires) of the caller's company: list, one (with its quotes, invoices, amounts
 * invoiced and paid, retainage), create, edit (name, customer, site address, works-reception date,
 * retainage, owner; versioned: 409 stale_version), edit lock. Thin: the work is in server/src/invoicing.
 */

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { listPageSchema } from '../../../src/contract/lists.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { createBusinessJob, editBusinessJob } from '../invoicing/business-jobs.js';
import { withTenantUnlessRefused } from '../invoicing/refusal-rollback.js';
import { callerSessionId } from '../invoicing/session-id.js';
import { businessJobDetail, listBusinessJobs } from '../invoicing/views.js';
import { bearerSecurity, jsonContent as json } from '../schemas/common.js';
import {
  BusinessJobDetailSchema,
  BusinessJobSchema,
  BusinessJobsQuery,
  CompanyParams,
  CreateBusinessJobSchema,
  EditBusinessJobSchema,
  IdParams,
} from '../schemas/invoicing.js';
import { addEditLockRoutes } from './edit-lock-routes.js';
import { readErrors, refusal, writeErrors } from './invoicing-responses.js';

const tags = ['Affaires'];
const base = '/v2/companies/{enterprise_id}/business-jobs';
const detail = json(z.object({ data: BusinessJobDetailSchema }), 'The business job');

const listRoute = createRoute({
  method: 'get',
  path: base,
  tags,
  summary: 'Business jobs, newest first, with a search (name, site address, customer)',
  security: bearerSecurity,
  request: { params: CompanyParams, query: BusinessJobsQuery },
  responses: {
    200: json(listPageSchema(BusinessJobSchema), 'A page of jobs'),
    401: readErrors[401],
    403: readErrors[403],
    422: writeErrors('')[422],
  },
});

const getRoute = createRoute({
  method: 'get',
  path: `${base}/{id}`,
  tags,
  summary: 'One job with its quotes, invoices, amounts invoiced and paid, and retainage',
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: detail, ...readErrors },
});

const createJobRoute = createRoute({
  method: 'post',
  path: base,
  tags,
  summary: 'Create a business job (owned by its creator unless ownerUserId says another user, or null)',
  security: bearerSecurity,
  request: {
    params: CompanyParams,
    body: { required: true, content: { 'application/json': { schema: CreateBusinessJobSchema } } },
  },
  responses: { 200: detail, ...writeErrors('') },
});

const editRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/edit`,
  tags,
  summary: 'Change a job: name, customer, site address, works-reception date, retainage, owner',
  security: bearerSecurity,
  request: {
    params: IdParams,
    body: { required: true, content: { 'application/json': { schema: EditBusinessJobSchema } } },
  },
  responses: {
    200: detail,
    ...writeErrors('stale_version, resource_locked, retainage_already_paid (removing the reception date)'),
  },
});

export function businessJobsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const query = c.req.valid('query');
    return c.json(await listBusinessJobs(db, companyId, query, userId), 200);
  });

  app.openapi(getRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const data = await db.withTenant(companyId, (tx) =>
      businessJobDetail(tx, companyId, id, callerSessionId(c)),
    );
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createJobRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { ownerUserId, ...input } = c.req.valid('json');
    const sessionId = callerSessionId(c);
    const result = await db.withTenant(companyId, async (tx) => {
      // Left out, the job is its creator's until it is handed over.
      const owner = ownerUserId === undefined ? userId : ownerUserId;
      const outcome = await createBusinessJob(tx, companyId, input, owner, userId);
      if (!outcome.ok) return outcome;
      return {
        ok: true as const,
        value: (await businessJobDetail(tx, companyId, outcome.value, sessionId))!,
      };
    });
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  app.openapi(editRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { id: bodyId, version, ...changes } = c.req.valid('json');
    if (bodyId !== id) return apiError(c, 'id_mismatch');
    const sessionId = callerSessionId(c);
    // A refusal rolls back the edit lock the change took first (issue 26, item 11).
    const result = await withTenantUnlessRefused(db, companyId, async (tx) => {
      const outcome = await editBusinessJob(tx, companyId, id, changes, { sessionId, version, userId });
      if (!outcome.ok) return outcome;
      return { ok: true as const, value: (await businessJobDetail(tx, companyId, id, sessionId))! };
    });
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  });

  addEditLockRoutes(app, db, 'business_job', { base, tags });

  return app;
}
