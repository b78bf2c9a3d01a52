/**
 * Users of the caller's company (spec section 7). Writes need an admin. The routes validate, call
 * the service (../users/users.ts) and answer.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requireAdmin } from '../auth/caller.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { rawJson } from '../http/raw-json.js';
import { validationHook } from '../http/validation.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { InvitationSchema } from '../schemas/preferences.js';
import {
  CompanyUserEditParams,
  CompanyUserParams,
  CompanyUsersParams,
  CreateUserSchema,
  EditUserSchema,
  UserSchema,
} from '../schemas/users.js';
import { createUser, editUser, getUser, listUsers, type UserJson } from '../users/users.js';
import { refusal } from './invoicing-responses.js';

const listUsersRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/users',
  tags: ['Utilisateurs'],
  summary: 'Users of the company',
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: z.array(UserSchema) }), 'The users, by last then first name'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const getUserRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/users/{userId}',
  tags: ['Utilisateurs'],
  summary: 'One user of the company',
  security: bearerSecurity,
  request: { params: CompanyUserParams },
  responses: {
    200: json(z.object({ data: UserSchema }), 'The user'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const createUserRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/users',
  tags: ['Utilisateurs'],
  summary: 'Create a user (admin only)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyUsersParams,
    body: { required: true, content: { 'application/json': { schema: CreateUserSchema } } },
  },
  responses: {
    200: json(
      z.object({ data: UserSchema, invitation: InvitationSchema.nullable() }),
      'The created user; without a password, the link for them to choose one (also mailed to them)',
    ),
    401: errorResponses[401],
    403: errorResponses[403],
    409: json(ErrorSchema, 'email_already_used'),
    422: errorResponses[422],
  },
});

const editUserRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/users/{id}/edit',
  tags: ['Utilisateurs'],
  summary: 'Change a user: lock/unlock, grant/revoke admin, details with the version read (admin only)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyUserEditParams,
    body: { required: true, content: { 'application/json': { schema: EditUserSchema } } },
  },
  responses: {
    200: json(z.object({ data: UserSchema }), 'The user after the change'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(
      ErrorSchema,
      'email_already_used, cannot_modify_self (an admin locking or demoting themself), or stale_version (a detail changed with an older version than the stored one)',
    ),
    422: errorResponses[422],
  },
});

export function usersRoutes({ db, config, mailer, log }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listUsersRoute, async (c) => {
    const { companyId } = c.get('caller');
    // The array's text comes from PostgreSQL (users/users.ts): answered without parsing it again.
    return rawJson<{ data: UserJson[] }, 200>(c, `{"data":${await listUsers(db, companyId)}}`, 200);
  });

  app.openapi(getUserRoute, async (c) => {
    const { companyId } = c.get('caller');
    const data = await getUser(db, companyId, c.req.valid('param').userId);
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createUserRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const outcome = await createUser({ db, config, mailer, log }, companyId, c.req.valid('json'), userId);
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value.user, invitation: outcome.value.invitation }, 200);
  });

  app.openapi(editUserRoute, async (c) => {
    const caller = c.get('caller');
    const { id } = c.req.valid('param');
    const edit = c.req.valid('json');
    if (edit.id !== id) return apiError(c, 'id_mismatch');
    const outcome = await editUser(db, caller, id, edit);
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  return app;
}
