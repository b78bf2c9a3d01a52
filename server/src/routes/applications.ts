/**
 * « Mes applications » (issue 23): the company's applications with their state, connect (the API
 * key shown once; connecting again issues a new key and revokes the previous ones: « Régénérer la
 * clé ») and disconnect (every key revoked; groups and measures kept). Any member reads them;
 * connecting and disconnecting are an administrator's, as the other company settings are
 * (403 admin_required, docs/decisions.md « Mes applications »).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { isApplicationType } from '../../../src/contract/measures.js';
import { requireAdmin } from '../auth/caller.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { connectApplication, disconnectApplication, listApplications } from '../measures/applications.js';
import { bearerSecurity, errorResponses, jsonContent as json } from '../schemas/common.js';
import { ApplicationConnectionSchema, ApplicationParams, ApplicationSchema } from '../schemas/measures.js';
import { CompanyUsersParams } from '../schemas/users.js';

const tags = ['Mes applications'];
const base = '/v2/companies/{enterprise_id}/applications';

const listRoute = createRoute({
  method: 'get',
  path: base,
  tags,
  summary: 'Pix4D and SEMA for the company: connected or not, last data received, groups, keys',
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: z.array(ApplicationSchema) }), 'Both applications'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const connectRoute = createRoute({
  method: 'post',
  path: `${base}/{type}/connect`,
  tags,
  summary:
    'Connect the application (admin only): a new API key, answered this once and stored hashed; the previous keys of the application are revoked (« Régénérer la clé »)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: ApplicationParams },
  responses: {
    200: json(
      z.object({ data: ApplicationConnectionSchema }),
      'The application and its new key (X-Api-Key of the connector API)',
    ),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const disconnectRoute = createRoute({
  method: 'post',
  path: `${base}/{type}/disconnect`,
  tags,
  summary: 'Disconnect the application (admin only): every key revoked; groups, measures and events kept',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: ApplicationParams },
  responses: {
    200: json(z.object({ data: ApplicationSchema }), 'The application, disconnected'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export function applicationsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => listApplications(tx, companyId)) }, 200);
  });

  app.openapi(connectRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { type } = c.req.valid('param');
    if (!isApplicationType(type)) return apiError(c, 'not_found');
    const data = await db.withTenant(companyId, (tx) => connectApplication(tx, companyId, type));
    // The key is in this answer only: no cache may keep it.
    c.header('Cache-Control', 'no-store');
    return c.json({ data }, 200);
  });

  app.openapi(disconnectRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { type } = c.req.valid('param');
    if (!isApplicationType(type)) return apiError(c, 'not_found');
    return c.json(
      { data: await db.withTenant(companyId, (tx) => disconnectApplication(tx, companyId, type)) },
      200,
    );
  });

  return app;
}
