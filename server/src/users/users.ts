/**
 * Users of a company (spec section 7): the list, one, create (with an invitation when no password is
 * given), and the admin's changes (lock, admin right, details with the version read). Routes check
 * the caller and the body, then call these. Create and edit run their own transaction: a taken email
 * aborts it, and is answered as `email_already_used` once it has rolled back.
 */
import type { z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import type { ActivityKind } from '../../../src/contract/activity.js';
import { recordActivity } from '../activity/record.js';
import { createInvitation, type Invitation, mailInvitation } from '../auth/invitations.js';
import { hashPassword, unusablePasswordHash } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { type Database, readStatement } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { users } from '../db/schema.js';
import type { AppDeps } from '../http/env.js';
import { done, fail, type Outcome, staleVersion } from '../invoicing/outcome.js';
import type { CreateUserSchema, EditUserSchema, UserSchema } from '../schemas/users.js';

export type UserJson = z.infer<typeof UserSchema>;

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
 * one round trip): every page of the back office that names users asks for it. The answer's JSON
 * array (row_to_json of each user, the API's field names, in the list's order) is kept by the
 * database in users_list, written when a user changes (migration 0051: writing it at each request
 * was most of the request's work in PostgreSQL), and the route sends that text as it is: at 200
 * users, decoding 1 800 values into objects and serialising them again was most of the request's
 * work in Node (bench/results.md). A company without any user yet has no row: an empty list.
 */
const listStatement = readStatement(
  sql`select data from users_list where company_id = ${sql.placeholder('companyId')}`,
);

/** The fields of the user sheet: changing any of them needs the version read. */
const detailFields = ['lastName', 'firstName', 'job', 'email', 'phone'] as const;

const userWhere = (companyId: number, id: number) => and(eq(users.companyId, companyId), eq(users.id, id));

/** The company's users, by last then first name: their JSON array as PostgreSQL wrote it. */
export async function listUsers(db: Database, companyId: number): Promise<string> {
  const [row] = await db.tenantRead<{ data: string }>(companyId, listStatement, { companyId });
  return row?.data ?? '[]';
}

/** One user of the company (null: none with this id). */
export async function getUser(db: Database, companyId: number, id: number): Promise<UserJson | null> {
  const [user] = await db.withTenant(companyId, (tx) =>
    tx.select(userColumns).from(users).where(userWhere(companyId, id)),
  );
  return user ?? null;
}

/** A taken email, raised by the unique index inside `work`, as a refusal. */
async function emailTaken<T>(work: () => Promise<T>): Promise<T | Outcome<never, 'email_already_used'>> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) return fail('email_already_used');
    throw error;
  }
}

/** A user as the log names them: « Marie Durand », else their email. */
const userLabelName = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * A new user. Without a password they cannot sign in: they choose one from an invitation link,
 * mailed to them once the user exists (a mail that fails is logged, not an error: the admin sees
 * the link in the answer).
 */
export async function createUser(
  { db, config, mailer, log }: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log'>,
  companyId: number,
  { password, ...fields }: z.output<typeof CreateUserSchema>,
  /** The admin who creates the user (the activity log); null: the system. */
  by: number | null = null,
): Promise<Outcome<{ user: UserJson; invitation: Invitation | null }, 'email_already_used'>> {
  const passwordHash = password ? await hashPassword(password) : unusablePasswordHash;
  const outcome = await emailTaken(() =>
    db.withTenant(companyId, async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ ...fields, companyId, passwordHash })
        .returning(userColumns);
      await recordActivity(tx, {
        companyId,
        userId: by,
        kind: 'user.invited',
        objectId: created!.id,
        label: `Utilisateur ${userLabelName(created!)} ${password ? 'créé' : 'invité'}`,
        details: { email: created!.email, admin: created!.admin, invitation: !password },
      });
      return done({
        user: created!,
        invitation: password ? null : await createInvitation(tx, config, companyId, created!.id),
      });
    }),
  );
  if (outcome.ok && outcome.value.invitation) {
    const { user, invitation } = outcome.value;
    await mailInvitation(mailer, config, user, invitation).catch((error: unknown) =>
      log.log('error', 'invitation-mail-not-sent', { userId: user.id, error: (error as Error).message }),
    );
  }
  return outcome;
}

/**
 * An admin's change to a user: lock/unlock and grant/revoke need no version; details need the
 * version read. Locking a user ends their sessions. An admin cannot lock themself out nor drop
 * their own admin right (the company could be left without anyone able to undo it).
 */
export async function editUser(
  db: Database,
  caller: { companyId: number; userId: number },
  id: number,
  { id: _id, version, ...changes }: z.output<typeof EditUserSchema>,
) {
  if (id === caller.userId && (changes.locked === true || changes.admin === false)) {
    return fail('cannot_modify_self');
  }
  return emailTaken(() =>
    db.withTenant(caller.companyId, async (tx) => {
      const where = userWhere(caller.companyId, id);
      // Locked first: two saves of one version queue here, and the second sees the first's version.
      const [current] = await tx
        .select({ version: users.version, locked: users.locked, admin: users.admin })
        .from(users)
        .where(where)
        .for('update');
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
      // The log keeps the rights' changes (a detail edit is not one of its kinds).
      const events: [ActivityKind, string][] = [];
      if (changes.locked !== undefined && changes.locked !== current.locked)
        events.push(changes.locked ? ['user.locked', 'verrouillé'] : ['user.unlocked', 'déverrouillé']);
      if (changes.admin !== undefined && changes.admin !== current.admin)
        events.push(
          changes.admin
            ? ['user.admin_granted', ': droits administrateur accordés']
            : ['user.admin_revoked', ': droits administrateur retirés'],
        );
      for (const [kind, words] of events)
        await recordActivity(tx, {
          companyId: caller.companyId,
          userId: caller.userId,
          kind,
          objectId: id,
          label: `Utilisateur ${userLabelName(user!)} ${words}`,
        });
      return done(user!);
    }),
  );
}
