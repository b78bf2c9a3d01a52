/** Users of the caller's company (spec section 7). Writes need an admin. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { requireAdmin } from '../auth/caller.js';
import { createInvitation, mailInvitation } from '../auth/invitations.js';
import { hashPassword, unusablePasswordHash } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { readStatement } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { users } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { done, fail, staleVersion } from '../invoicing/outcome.js';
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
import { refusal } from './invoicing-responses.js';

/** The public shape of a user row (never the password hash). */
export const userColumns = {
  id: users.id,
  locked: users.locked,
  admin: users.admin,
  lastName: users.lastName,
  firstName: users.firstName,
  job: users.job,
  email: users.email,
  phone: users.phone,
  version: users.version,
};

/**
 * The list in one statement built once (tenantRead: BEGIN, the settings, the statement and COMMIT in
 * one round trip): every page of the back office that names users asks for it.
 */
const listStatement = readStatement(sql`select ${users.id} as "id", ${users.locked} as "locked",
    ${users.admin} as "admin", ${users.lastName} as "lastName", ${users.firstName} as "firstName",
    ${users.job} as "job", ${users.email} as "email", ${users.phone} as "phone", ${users.version} as "version"
  from ${users} where ${users.companyId} = ${sql.placeholder('companyId')}
  order by ${users.lastName}, ${users.firstName}, ${users.id}`);

/** The fields of the user sheet: changing any of them needs the version read. */
const detailFields = ['lastName', 'firstName', 'job', 'email', 'phone'] as const;

const listUsers = createRoute({
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

const getUser = createRoute({
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

const createUser = createRoute({
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

const editUser = createRoute({
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

  app.openapi(listUsers, async (c) => {
    const { companyId } = c.get('caller');
    const data = await db.tenantRead<z.infer<typeof UserSchema>>(companyId, listStatement, { companyId });
    return c.json({ data }, 200);
  });

  app.openapi(getUser, async (c) => {
    const { companyId } = c.get('caller');
    const { userId } = c.req.valid('param');
    const [user] = await db.withTenant(companyId, (tx) =>
      tx
        .select(userColumns)
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, userId))),
    );
    if (!user) return apiError(c, 'not_found');
    return c.json({ data: user }, 200);
  });

  app.openapi(createUser, async (c) => {
    const { companyId } = c.get('caller');
    const { password, ...fields } = c.req.valid('json');
    const passwordHash = password ? await hashPassword(password) : unusablePasswordHash;
    try {
      const { user, invitation } = await db.withTenant(companyId, async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ ...fields, companyId, passwordHash })
          .returning(userColumns);
        // Without a password the user cannot sign in: they choose one from an invitation link.
        return {
          user: created!,
          invitation: password ? null : await createInvitation(tx, config, companyId, created!.id),
        };
      });
      if (invitation) {
        // The user exists and the admin sees the link: a mail that fails is logged, not an error.
        await mailInvitation(mailer, config, user, invitation).catch((error: unknown) =>
          log.log('error', 'invitation-mail-not-sent', { userId: user.id, error: (error as Error).message }),
        );
      }
      return c.json({ data: user, invitation }, 200);
    } catch (error) {
      if (isUniqueViolation(error)) return apiError(c, 'email_already_used');
      throw error;
    }
  });

  app.openapi(editUser, async (c) => {
    const caller = c.get('caller');
    const { id } = c.req.valid('param');
    const { id: bodyId, version, ...changes } = c.req.valid('json');
    if (bodyId !== id) return apiError(c, 'id_mismatch');
    // An admin cannot lock themself out nor drop their own admin right (the company could be left
    // without anyone able to undo it).
    if (id === caller.userId && (changes.locked === true || changes.admin === false)) {
      return apiError(c, 'cannot_modify_self');
    }
    try {
      const outcome = await db.withTenant(caller.companyId, async (tx) => {
        const where = and(eq(users.companyId, caller.companyId), eq(users.id, id));
        // Locked first: two saves of one version queue here, and the second sees the first's version.
        const [current] = await tx.select({ version: users.version }).from(users).where(where).for('update');
        if (!current) return fail('not_found');
        if (version === undefined && detailFields.some((name) => changes[name] !== undefined)) {
          return fail('validation', { version: 'required' });
        }
        if (version !== undefined && staleVersion(current.version, version)) return fail('stale_version');
        if (Object.keys(changes).length === 0) {
          const [user] = await tx.select(userColumns).from(users).where(where);
          return done(user!);
        }
        const [user] = await tx
          .update(users)
          .set({ ...changes, version: sql`${users.version} + 1` })
          .where(where)
          .returning(userColumns);
        if (changes.locked === true) await revokeUserSessions(db, tx, caller.companyId, id);
        return done(user!);
      });
      if (!outcome.ok) return refusal(c, outcome);
      return c.json({ data: outcome.value }, 200);
    } catch (error) {
      if (isUniqueViolation(error)) return apiError(c, 'email_already_used');
      throw error;
    }
  });

  return app;
}
