/**
 * Token checks called by the session store (spec sections 4 and 7). Bearer token required; a token
 * of a revoked or ended session is refused like any invalid one.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { setSessionCookie } from '../auth/session-cookie.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { validationHook } from '../http/validation.js';
import { bearerSecurity, errorResponses, StatusOkSchema } from '../schemas/common.js';

const renew = createRoute({
  method: 'get',
  path: '/api/jwt/access-token/renew',
  tags: ['Session'],
  summary: 'A fresh token, in the appAccessToken cookie and in the body',
  security: bearerSecurity,
  responses: {
    200: {
      content: { 'application/json': { schema: StatusOkSchema.extend({ token: z.string() }) } },
      description: 'Renewed; Set-Cookie carries the new token',
    },
    401: errorResponses[401],
  },
});

const isValid = createRoute({
  method: 'get',
  path: '/api/jwt/access-token/is-valid',
  tags: ['Session'],
  summary: 'Whether the bearer token is still valid',
  security: bearerSecurity,
  responses: {
    200: { content: { 'application/json': { schema: StatusOkSchema } }, description: 'Valid' },
    401: errorResponses[401],
  },
});

export function jwtRoutes({ sessions, config }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(renew, async (c) => {
    // Same session, fresh 24 h, capped at the session's absolute end (after it, the caller is not
    // resolved at all: 401).
    const token = await sessions.renew(c.get('caller'));
    setSessionCookie(c, config, token);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, token }, 200);
  });
  app.openapi(isValid, (c) => c.json({ status: 'ok' as const }, 200));
  return app;
}
