/**
 * A brief memory of the bearer tokens whose session was just confirmed in the database
 * (auth/caller.ts), so that a client sending the same token many times a second costs neither the
 * signature check nor the session query each time. An entry lives `sessionCacheSeconds` at most
 * (counted from the moment its database check began), never past the token's expiry or its
 * session's end.
 *
 * One memory per app (per session service), not per process: two instances in one process (the
 * two-instance tests) must not share it, or they would prove nothing about revocation.
 *
 * Revocation: logout and locking a user (auth/sessions.ts) forget the session's or user's entries
 * through auth/revocations.ts, in every instance on the same database before the answer returns,
 * and for twice the lifetime no entry of them is kept, so that a check that read the database just
 * before the revocation committed cannot store the old answer. While an instance cannot hear the
 * revocations of the others (its PostgreSQL listener is not connected), it remembers nothing. The
 * admin right is never taken from here: requireAdmin asks the database (a demoted admin loses it
 * at once).
 */
import type { Caller } from '../http/env.js';

/** How long a confirmed token is trusted without asking the database again. */
export const sessionCacheSeconds = 3;

/** Entries kept at most; beyond, the memory is cleared (the next requests simply ask again). */
const maxEntries = 10_000;

interface Entry {
  caller: Caller;
  /** Epoch ms after which the entry is not used. */
  until: number;
}

export interface SessionCache {
  /** The caller confirmed for exactly this token a moment ago, or undefined. */
  get(token: string): Caller | undefined;
  /**
   * Remembers a caller confirmed for `token` (expiring at `tokenExpiresAt`, epoch seconds) by a
   * database check that began at `checkedAt` (epoch ms), unless its session or user was revoked
   * lately or revocations cannot be heard now.
   */
  remember(token: string, caller: Caller, tokenExpiresAt: number, checkedAt: number): void;
  /** Logout: this session's tokens are asked to the database again from now on. */
  forgetSession(sessionId: string): void;
  /** A user locked (every session revoked): their tokens are asked to the database again. */
  forgetUser(companyId: number, userId: number): void;
  /** Forgets everything (revocations may have been missed); `false` also stops remembering. */
  forgetAll(keepRemembering: boolean): void;
}

const userKey = (companyId: number, userId: number) => `${companyId}:${userId}`;

function stillRevoked(tombstones: Map<string, number>, key: string, now: number): boolean {
  const until = tombstones.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  tombstones.delete(key);
  return false;
}

/** `remembering`: false until the instance hears revocations (auth/revocations.ts turns it on). */
export function createSessionCache({ remembering = true } = {}): SessionCache {
  const entries = new Map<string, Entry>();
  /** Sessions and users revoked lately (key → epoch ms until which nothing of them is stored). */
  const revokedSessions = new Map<string, number>();
  const revokedUsers = new Map<string, number>();
  const tombstoneUntil = () => Date.now() + 2 * sessionCacheSeconds * 1000;
  let active = remembering;

  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.caller;
      entries.delete(token);
      return undefined;
    },
    remember(token, caller, tokenExpiresAt, checkedAt) {
      if (!active) return;
      const now = Date.now();
      if (stillRevoked(revokedSessions, caller.sessionId, now)) return;
      if (stillRevoked(revokedUsers, userKey(caller.companyId, caller.userId), now)) return;
      if (entries.size >= maxEntries) entries.clear();
      const until = Math.min(
        checkedAt + sessionCacheSeconds * 1000,
        tokenExpiresAt * 1000,
        caller.sessionEndsAt.getTime(),
      );
      entries.set(token, { caller, until });
    },
    forgetSession(sessionId) {
      revokedSessions.set(sessionId, tombstoneUntil());
      for (const [token, entry] of entries) if (entry.caller.sessionId === sessionId) entries.delete(token);
    },
    forgetUser(companyId, userId) {
      revokedUsers.set(userKey(companyId, userId), tombstoneUntil());
      for (const [token, entry] of entries) {
        if (entry.caller.companyId === companyId && entry.caller.userId === userId) entries.delete(token);
      }
    },
    forgetAll(keepRemembering) {
      entries.clear();
      active = keepRemembering;
    },
  };
}
