/**
 * Edit locks: an invoice being edited belongs to the session editing it until that session has been
 * idle for `LOCK_IDLE_MS`; other sessions (the same user's included) read it but cannot save
 * ('resource locked by another of your sessions'). The rule is here; the row holding the lock is the
 * server's.
 */
import { type DomainResult, ok, refuse } from './errors.js';

/** 15 minutes without a save or a renewal frees the invoice. */
export const LOCK_IDLE_MS = 15 * 60 * 1000;

export interface EditLock {
  /** The editing session (the access token's session id). */
  sessionId: string;
  /** The holder's last save or renewal. */
  lastActivityAt: Date;
}

/** The session holding the lock now, or null when there is none or it has expired. */
export function lockHolder(lock: EditLock | null, now: Date): string | null {
  if (!lock) return null;
  return now.getTime() - lock.lastActivityAt.getTime() < LOCK_IDLE_MS ? lock.sessionId : null;
}

/**
 * Opening for edit or saving: the lock becomes (or stays) this session's, renewed to `now`; refused
 * with 'resource_locked' while another session holds it.
 */
export function acquireLock(lock: EditLock | null, sessionId: string, now: Date): DomainResult<EditLock> {
  const holder = lockHolder(lock, now);
  if (holder !== null && holder !== sessionId) return refuse('resource_locked');
  return ok({ sessionId, lastActivityAt: now });
}

/** Leaving the editor frees the invoice, but only the holder can free it. */
export function releaseLock(lock: EditLock | null, sessionId: string): EditLock | null {
  return lock && lock.sessionId === sessionId ? null : lock;
}
