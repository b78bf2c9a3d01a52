/**
 * Mon compte: the signed-in user's own information and password. Any user may change their own
 * name, job and phone; their email and rights are an admin's (users routes). A password change
 * needs the current password, tried at most as often as a sign-in.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { users } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { AccountSchema, ChangePasswordSchema, EditAccountSchema } from '../schemas/preferences.js';
import { userColumns } from '../users/users.js';

const tags = ['Mon compte'];

const getAccount = createRoute({
  method: 'get',
  path: '/v2/account',
  tags,
  summary: "The signed-in user's own information",
  security: bearerSecurity,
  responses: {
    200: json(z.object({ data: AccountSchema }), 'The user'),
    401: errorResponses[401],
  },
});

const editAccount = createRoute({
  method: 'post',
  path: '/v2/account/edit',
  tags,
  summary: 'Change my last name, first name, job and phone',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: EditAccountSchema } } } },
  responses: {
    200: json(z.object({ data: AccountSchema }), 'The user after the change'),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

const changePassword = createRoute({
  method: 'post',
  path: '/v2/account/password',
  tags,
  summary: 'Change my password (the current one first)',
  security: bearerSecurity,
  request: { body: { required: true, content: { 'application/json': { schema: ChangePasswordSchema } } } },
  responses: {
    200: json(z.object({ status: z.literal('ok') }), 'Changed'),
    401: errorResponses[401],
    422: json(ErrorSchema, 'validation, or wrong_current_password'),
    429: json(ErrorSchema, 'rate_limited: too many wrong current passwords'),
  },
});

const accountColumns = { ...userColumns, enterpriseId: users.companyId };

export function accountRoutes({ db, loginThrottle, clientIp }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(getAccount, async (c) => {
    const { companyId, userId } = c.get('caller');
    const [user] = await db.withTenant(companyId, (tx) =>
      tx
        .select(accountColumns)
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, userId))),
    );
    return c.json({ data: user! }, 200);
  });

  app.openapi(editAccount, async (c) => {
    const { companyId, userId } = c.get('caller');
    const changes = c.req.valid('json');
    const [user] = await db.withTenant(companyId, (tx) =>
      tx
        .update(users)
        // The admin's user sheet opened before this change must not overwrite it (stale_version).
        .set({ ...changes, version: sql`${users.version} + 1` })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
        .returning(accountColumns),
    );
    return c.json({ data: user! }, 200);
  });

  app.openapi(changePassword, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { currentPassword, newPassword } = c.req.valid('json');
    // A stolen session must not try passwords without limit: counted as sign-in attempts are.
    const throttleKey = `account-password:${userId}`;
    const verdict = await loginThrottle.attempt({ ip: clientIp(c), email: throttleKey });
    if (!verdict.allowed) return apiError(c, 'rate_limited');
    const [user] = await db.withTenant(companyId, (tx) =>
      tx
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, userId))),
    );
    if (!(await verifyPassword(currentPassword, user!.passwordHash))) {
      await verdict.settle('failure');
      return apiError(c, 'wrong_current_password', { fields: { currentPassword: 'invalid' } });
    }
    await verdict.settle('success');
    const passwordHash = await hashPassword(newPassword);
    await db.withTenant(companyId, (tx) =>
      tx
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.companyId, companyId), eq(users.id, userId))),
    );
    return c.json({ status: 'ok' as const }, 200);
  });

  return app;
}
