/**
 * Invitations: a new user created without a password gets a link to choose one. The token is 32
 * random bytes; only its SHA-256 is stored, so a copy of the database opens no account. A link
 * works once, for seven days; a newer invitation of the same user replaces the older ones.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Database, Tx } from '../db/database.js';
import { userInvitations, users } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { hashPassword } from './passwords.js';

export const invitationLifetimeMs = 7 * 86_400_000;

export const invitationPath = '/invitation';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Invitation {
  url: string;
  expiresAt: string;
}

/** Inside the admin's tenant transaction: a new link for the user, older ones dropped. */
export async function createInvitation(
  tx: Tx,
  config: Pick<AppConfig, 'platformOrigin'>,
  companyId: number,
  userId: number,
): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + invitationLifetimeMs);
  await tx.delete(userInvitations).where(eq(userInvitations.userId, userId));
  await tx.insert(userInvitations).values({ tokenHash: hashOf(token), companyId, userId, expiresAt });
  return { url: `${config.platformOrigin}${invitationPath}/${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * The invited user, when the token is one of a live invitation. Before sign-in no company is known:
 * the owner connection looks the token up (its hash is the key, as an email is at sign-in).
 */
export async function findInvitation(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db.owner
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .where(
      and(
        eq(userInvitations.tokenHash, hashOf(token)),
        isNull(userInvitations.usedAt),
        gt(userInvitations.expiresAt, sql`now()`),
        eq(users.locked, false),
      ),
    );
  return row ?? null;
}

/** Sets the password and spends the link, in one transaction; false when it was spent meanwhile. */
export async function acceptInvitation(db: Database, token: string, password: string): Promise<boolean> {
  const invited = await findInvitation(db, token);
  if (!invited) return false;
  const passwordHash = await hashPassword(password);
  return db.owner.transaction(async (tx) => {
    const [spent] = await tx
      .update(userInvitations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(userInvitations.tokenHash, hashOf(token)), isNull(userInvitations.usedAt)))
      .returning({ userId: userInvitations.userId });
    if (!spent) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    return true;
  });
}

/**
 * The invitation by mail (the admin also sees the link: a mail that does not arrive, or the outbox
 * of a demo without SMTP, still leaves a way in). Plain text; nothing typed is read as HTML.
 */
export async function mailInvitation(
  mailer: Mailer,
  config: Pick<AppConfig, 'platformOrigin' | 'productName'>,
  to: { email: string; firstName: string },
  invitation: Invitation,
): Promise<void> {
  const expires = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(
    new Date(invitation.expiresAt),
  );
  await mailer.send({
    to: to.email,
    from: { name: config.productName, address: `no-reply@${new URL(config.platformOrigin).hostname}` },
    subject: `Votre accès à ${config.productName}`,
    text: [
      `Bonjour ${to.firstName},`,
      '',
      `Un compte ${config.productName} vient d'être créé pour vous. Choisissez votre mot de passe avec ce lien :`,
      invitation.url,
      '',
      `Ce lien fonctionne une seule fois, jusqu'au ${expires}. Vous vous connecterez ensuite avec votre adresse email.`,
    ].join('\n'),
  });
}
