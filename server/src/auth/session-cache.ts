/**
 * A brief in-process memory of the bearer tokens whose session was just confirmed in the database
 * (auth/caller.ts), so that a client sending the same token many times a second costs neither the
 * signature check nor the session query each time. An entry lives `sessionCacheSeconds` at most,
 * never past the token's expiry or its session's end.
 *
 * Revocation: logout and locking a user (auth/sessions.ts) forget the session's or user's entries
 * in this process at once, and for twice the lifetime no entry of them is kept, so that a check
 * that read the database just before the revocation committed cannot store the old answer. Another
 * instance of the API (several processes on one database) may accept a revoked token for at most
 * `sessionCacheSeconds` more (docs/decisions.md). The admin right is never taken from here:
 * requireAdmin asks the database (a demoted admin loses it at once).
 */
import type { Caller } from '../http/env.js';

/** How long a confirmed token is trusted without asking the database again. */
export const sessionCacheSeconds = 3;

/** Entries kept at most; beyond, the memory is cleared (the next requests simply ask again). */
const maxEntries = 10_000;

interface Entry {
  /** The database the caller was confirmed in (tests run several apps in one process). */
  db: object;
  caller: Caller;
  /** Epoch ms after which the entry is not used. */
  until: number;
}

const entries = new Map<string, Entry>();
/** Sessions and users revoked lately (key → epoch ms until which nothing of them is stored). */
const revokedSessions = new Map<string, number>();
const revokedUsers = new Map<string, number>();

const userKey = (companyId: number, userId: number) => `${companyId}:${userId}`;

function stillRevoked(tombstones: Map<string, number>, key: string, now: number): boolean {
  const until = tombstones.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  tombstones.delete(key);
  return false;
}

/** The caller confirmed in `db` for exactly this token a moment ago, or undefined. */
export function cachedCaller(db: object, token: string): Caller | undefined {
  const entry = entries.get(token);
  if (!entry || entry.db !== db) return undefined;
  if (entry.until > Date.now()) return entry.caller;
  entries.delete(token);
  return undefined;
}

/**
 * Remembers a caller just confirmed by `db` for `token` (expiring at `tokenExpiresAt`,
 * epoch seconds), unless its session or user was revoked lately.
 */
export function rememberCaller(db: object, token: string, caller: Caller, tokenExpiresAt: number): void {
  const now = Date.now();
  if (stillRevoked(revokedSessions, caller.sessionId, now)) return;
  if (stillRevoked(revokedUsers, userKey(caller.companyId, caller.userId), now)) return;
  if (entries.size >= maxEntries) entries.clear();
  const until = Math.min(
    now + sessionCacheSeconds * 1000,
    tokenExpiresAt * 1000,
    caller.sessionEndsAt.getTime(),
  );
  entries.set(token, { db, caller, until });
}

const tombstoneUntil = () => Date.now() + 2 * sessionCacheSeconds * 1000;

/** Logout: this session's tokens are asked to the database again from now on. */
export function forgetSession(sessionId: string): void {
  revokedSessions.set(sessionId, tombstoneUntil());
  for (const [token, entry] of entries) if (entry.caller.sessionId === sessionId) entries.delete(token);
}

/** A user locked (every session revoked): their tokens are asked to the database again. */
export function forgetUser(companyId: number, userId: number): void {
  revokedUsers.set(userKey(companyId, userId), tombstoneUntil());
  for (const [token, entry] of entries) {
    if (entry.caller.companyId === companyId && entry.caller.userId === userId) entries.delete(token);
  }
}
