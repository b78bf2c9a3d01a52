/**
 * Server-side sessions: each sign-in opens one row (`sessions`), and every token carries its id.
 * A token is accepted only while its session is neither revoked (logout, the user locked) nor past
 * its absolute end, so a stolen or logged-out token dies at once and renewal cannot go on forever.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.js';
import { sessions } from '../db/schema.js';
import { revocationBus } from './revocations.js';
import { createSessionCache, type SessionCache } from './session-cache.js';
import type { TokenService } from './tokens.js';

/**
 * How long a sign-in lasts, renewals included: 7 days. The page renews its 24 h token after
 * 75610 s (spec section 9), about once a day; after 7 days renew refuses and the person signs in
 * again.
 */
export const sessionLifetimeSeconds = 7 * 86400;

export interface SessionService {
  /** Opens a session for a user who just proved their password; answers its first token. */
  start(user: { userId: number; companyId: number }): Promise<string>;
  /** A fresh token of a live session (the caller was resolved from a token of it). */
  renew(caller: {
    userId: number;
    companyId: number;
    sessionId: string;
    sessionEndsAt: Date;
  }): Promise<string>;
  /**
   * Logout: the token's session ends, whatever state the user is in, on every instance of the API
   * before this resolves (auth/revocations.ts).
   */
  revoke(token: string | undefined): Promise<void>;
  /** This app's brief memory of confirmed tokens (auth/caller.ts). */
  cache: SessionCache;
  /** Resolves once this instance hears the other instances' revocations. */
  ready: Promise<void>;
}

export function createSessionService(db: Database, tokens: TokenService): SessionService {
  const cache = createSessionCache({ remembering: false });
  const bus = revocationBus(db);
  bus.attach(cache);
  return {
    cache,
    ready: bus.ready,
    async start({ userId, companyId }) {
      const sessionId = randomBytes(18).toString('base64url');
      // Sign-in is pre-tenant (owner connection). Forget this user's long-dead sessions meanwhile.
      await db.owner
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
      const [row] = await db.owner
        .insert(sessions)
        .values({
          id: sessionId,
          userId,
          companyId,
          expiresAt: sql`now() + make_interval(secs => ${sessionLifetimeSeconds})`,
        })
        .returning({ expiresAt: sessions.expiresAt });
      return tokens.sign({ userId, companyId, sessionId, sessionEndsAt: row!.expiresAt });
    },
    renew: ({ userId, companyId, sessionId, sessionEndsAt }) =>
      tokens.sign({ userId, companyId, sessionId, sessionEndsAt }),
    async revoke(token) {
      const claims = await tokens.verify(token);
      if (!claims) return;
      cache.forgetSession(claims.sid);
      await db.owner
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt)),
        );
      // Committed: every instance forgets the session's tokens before the logout answers.
      await bus.revoke({ sessionId: claims.sid });
    },
  };
}

/**
 * Locking a user ends their sessions: unlocking later does not bring the old tokens back. Runs in
 * the lock's transaction: every instance forgets the user's tokens, and keeps none of them for
 * twice their lifetime, before the transaction commits (session-cache.ts), so that once it has
 * committed no instance lets a token of theirs through without asking the database.
 */
export async function revokeUserSessions(
  db: Database,
  tx: Tx,
  companyId: number,
  userId: number,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await revocationBus(db).revoke({ companyId, userId });
}
