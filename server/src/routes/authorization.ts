/**
 * The authorization lookup the session store makes at start (spec section 6): admin flag and
 * scopes for the signed-in user. Path chosen here: GET /v2/users/{userId}/authorization.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { bearerSecurity, errorResponses } from '../schemas/common.js';
import { AuthorizationParams, AuthorizationSchema } from '../schemas/users.js';

const getAuthorization = createRoute({
  method: 'get',
  path: '/v2/users/{userId}/authorization',
  tags: ['Session'],
  summary: 'Admin flag and scopes of the signed-in user (only their own)',
  security: bearerSecurity,
  request: { params: AuthorizationParams },
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ data: AuthorizationSchema }) } },
      description: 'The authorization',
    },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export function authorizationRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(getAuthorization, async (c) => {
    const caller = c.get('caller');
    // Only one's own: anyone else's id (colleague or another company's) is no row of the caller's.
    if (c.req.valid('param').userId !== caller.userId) return apiError(c, 'not_found');
    const [company] = await db.withTenant(caller.companyId, (tx) =>
      tx.select({ scopes: companies.scopes }).from(companies).where(eq(companies.id, caller.companyId)),
    );
    return c.json(
      { data: { userId: caller.userId, admin: caller.admin, scopes: company?.scopes ?? [] } },
      200,
    );
  });
  return app;
}
