/**
 * « Mot de passe oublié ? » (issue 26): a reset link by mail.
 *
 * - The token is 32 random bytes; only its SHA-256 is stored (as for invitations), so a copy of
 *   the database resets no password.
 * - A link works once, for one hour; the first one used voids every other live link of the user.
 * - A reset ends every session of the user on every instance (auth/revocations.ts): whoever held
 *   the old password is out.
 * - Whether the address has an account is never said: the page answers the same words for any
 *   address, and everything that depends on the address (the look-up, the row, the mail) runs
 *   after the answer, so the answer's time does not depend on it either.
 *
 * CNIL, deliberation 2022-100 (passwords): a reset link of limited lifetime, usable once, and the
 * user told by mail when their password changed (docs/decisions.md « Mot de passe oublié »).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { passwordResets, users } from '../db/schema.js';
import type { Logger } from '../log.js';
import type { Mailer } from '../mail/mailer.js';
import { hashPassword } from './passwords.js';
import { revokeUserSessions } from './sessions.js';

export const passwordResetLifetimeMs = 3_600_000;

/** The page that asks for a link, and the one the link opens (`/{token}` after it). */
export const forgottenPasswordPath = '/mot-de-passe-oublie';
export const newPasswordPath = '/nouveau-mot-de-passe';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const wellFormed = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

type ResetConfig = Pick<AppConfig, 'platformOrigin' | 'productName'>;

const sender = (config: ResetConfig) => ({
  name: config.productName,
  address: `no-reply@${new URL(config.platformOrigin).hostname}`,
});

const parisTime = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short', timeZone: 'Europe/Paris' }).format(date);
const parisDate = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' }).format(date);

/** Mails still being prepared or sent (detached from the answers): tests and shutdown wait for them. */
const inFlight = new Set<Promise<void>>();

/** Resolves once every reset mail asked for so far has been sent, or its failure logged. */
export async function resetMailsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

function detach(log: Logger, event: string, work: () => Promise<void>) {
  const running: Promise<void> = work()
    .catch((error: unknown) => log.log('error', event, { error: String(error) }))
    .finally(() => inFlight.delete(running));
  inFlight.add(running);
}

interface ResetDeps {
  db: Database;
  config: ResetConfig;
  mailer: Mailer;
  log: Logger;
}

/**
 * Someone asked for a link for `email`. Returns at once, whatever the address: the look-up and
 * the mail (to an account that exists and is not locked) happen afterwards.
 */
export function requestPasswordReset(deps: ResetDeps, email: string): void {
  detach(deps.log, 'password-reset-mail-failed', () => sendResetLink(deps, email));
}

async function sendResetLink({ db, config, mailer }: ResetDeps, email: string): Promise<void> {
  // Before sign-in no company is known: the owner connection looks the address up, as /login does.
  const [user] = await db.owner
    .select({ id: users.id, companyId: users.companyId, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, eq(users.locked, false)));
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + passwordResetLifetimeMs);
  await db.owner.insert(passwordResets).values({
    tokenHash: hashOf(token),
    companyId: user.companyId,
    userId: user.id,
    expiresAt,
  });
  const url = `${config.platformOrigin}${newPasswordPath}/${token}`;
  await mailer.send({
    to: user.email,
    from: sender(config),
    subject: `Réinitialisation de votre mot de passe ${config.productName}`,
    text: [
      `Bonjour ${user.firstName},`,
      '',
      `Une demande de réinitialisation du mot de passe de votre compte ${config.productName} a été faite. Choisissez un nouveau mot de passe avec ce lien :`,
      url,
      '',
      `Ce lien fonctionne une seule fois, pendant une heure (jusqu'à ${parisTime(expiresAt)}, heure de Paris).`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet email : votre mot de passe reste inchangé.",
    ].join('\n'),
  });
}

/** The user a live link belongs to (unused, not expired, user not locked), or null. */
export async function findPasswordReset(db: Database, token: string) {
  if (!wellFormed(token)) return null;
  const [row] = await db.owner
    .select({ userId: users.id, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashOf(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        eq(users.locked, false),
      ),
    );
  return row ?? null;
}

/**
 * Sets the new password and spends the link, in one transaction: every other live link of the
 * user is voided and every session of theirs ends. False when the link is no longer live (spent
 * meanwhile by another tab, expired, the user locked). The user is told by mail afterwards.
 */
export async function completePasswordReset(
  deps: ResetDeps,
  token: string,
  password: string,
): Promise<{ email: string } | null> {
  const { db } = deps;
  if (!(await findPasswordReset(db, token))) return null;
  const passwordHash = await hashPassword(password);
  const done = await db.owner.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashOf(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId, companyId: passwordResets.companyId });
    if (!spent) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, spent.userId), eq(users.locked, false)))
      .returning({ email: users.email, firstName: users.firstName });
    // Locked meanwhile: the link is spent all the same, the password stays.
    if (!user) return null;
    // The other links of the user: a second mail left in an inbox opens nothing any more.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    await revokeUserSessions(db, tx, spent.companyId, spent.userId);
    return user;
  });
  if (!done) return null;
  detach(deps.log, 'password-changed-mail-failed', () => mailPasswordChanged(deps, done));
  return { email: done.email };
}

/** Told by mail (CNIL 2022-100): someone who did not ask knows at once that their account is at stake. */
async function mailPasswordChanged(
  { config, mailer }: ResetDeps,
  user: { email: string; firstName: string },
): Promise<void> {
  const now = new Date();
  await mailer.send({
    to: user.email,
    from: sender(config),
    subject: `Votre mot de passe ${config.productName} a été modifié`,
    text: [
      `Bonjour ${user.firstName},`,
      '',
      `Le mot de passe de votre compte ${config.productName} a été modifié le ${parisDate(now)} à ${parisTime(now)} (heure de Paris), avec un lien de réinitialisation envoyé à cette adresse. Toutes vos sessions ouvertes ont été fermées.`,
      '',
      "Si vous n'êtes pas à l'origine de ce changement, demandez un nouveau lien depuis la page de connexion et prévenez votre administrateur.",
    ].join('\n'),
  });
}
