/**
 * The rows behind the edit locks (the rule is domain/lock.ts): one row per locked record. Callers
 * hold the record's own row lock (SELECT … FOR UPDATE) first, so two sessions never race here.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { businessJobs, editLocks, invoices, quotes } from '../db/schema.js';
import {
  acquireLock,
  type DomainResult,
  LOCK_IDLE_MS,
  lockHolder,
  ok,
  releaseLock,
} from '../domain/index.js';
import { done, fail, type Outcome, staleVersion } from './outcome.js';

export type LockedResource = 'business_job' | 'quote' | 'invoice';

export interface LockView {
  lockedByAnotherSession: boolean;
  expiresAt: string | null;
}

const where = (companyId: number, resource: LockedResource, id: number) =>
  and(eq(editLocks.companyId, companyId), eq(editLocks.resource, resource), eq(editLocks.resourceId, id));

async function currentLock(tx: Tx, companyId: number, resource: LockedResource, id: number) {
  const [row] = await tx
    .select()
    .from(editLocks)
    .where(where(companyId, resource, id));
  return row ? { sessionId: row.sessionId, lastActivityAt: row.lastActivityAt } : null;
}

/** Takes or renews the lock for `sessionId`; refused (resource_locked) while another session holds it. */
export async function takeEditLock(
  tx: Tx,
  companyId: number,
  resource: LockedResource,
  id: number,
  sessionId: string,
  now = new Date(),
): Promise<DomainResult<void>> {
  const result = acquireLock(await currentLock(tx, companyId, resource, id), sessionId, now);
  if (!result.ok) return result;
  await tx
    .insert(editLocks)
    .values({ companyId, resource, resourceId: id, sessionId, lastActivityAt: now })
    .onConflictDoUpdate({
      target: [editLocks.companyId, editLocks.resource, editLocks.resourceId],
      set: { sessionId, lastActivityAt: now },
    });
  return ok(undefined);
}

/** Who changes a record: the editing session (null: the seed, which takes no edit lock) and the version read. */
export interface EditActor {
  sessionId: string | null;
  version?: number | undefined;
}

/**
 * The one preamble of a change to a record under an edit lock (quotes, invoices): `load` reads the
 * record with its row lock (FOR UPDATE), so two sessions queue; then this session's edit lock
 * (resource_locked while another session holds it); then the version the caller read
 * (stale_version). In this order, so a stale save of a locked record says who holds it.
 */
export async function lockForEdit<Row extends { version: number }>(
  tx: Tx,
  companyId: number,
  resource: LockedResource,
  id: number,
  actor: EditActor,
  load: () => Promise<Row | null | undefined>,
): Promise<Outcome<Row>> {
  const row = await load();
  if (!row) return fail('not_found');
  if (actor.sessionId !== null) {
    const locked = await takeEditLock(tx, companyId, resource, id, actor.sessionId);
    if (!locked.ok) return fail(locked.key);
  }
  if (actor.version !== undefined && staleVersion(row.version, actor.version)) return fail('stale_version');
  return done(row);
}

/** Frees the lock if `sessionId` holds it (anyone else's lock stays). */
export async function releaseEditLock(
  tx: Tx,
  companyId: number,
  resource: LockedResource,
  id: number,
  sessionId: string,
): Promise<void> {
  const lock = await currentLock(tx, companyId, resource, id);
  if (lock && releaseLock(lock, sessionId) === null)
    await tx.delete(editLocks).where(where(companyId, resource, id));
}

/** What a reader in `sessionId` is told about the record's lock. */
export async function lockView(
  tx: Tx,
  companyId: number,
  resource: LockedResource,
  id: number,
  sessionId: string,
  now = new Date(),
): Promise<LockView> {
  const lock = await currentLock(tx, companyId, resource, id);
  const holder = lockHolder(lock, now);
  if (!lock || holder === null || holder === sessionId)
    return { lockedByAnotherSession: false, expiresAt: null };
  return {
    lockedByAnotherSession: true,
    expiresAt: new Date(lock.lastActivityAt.getTime() + LOCK_IDLE_MS).toISOString(),
  };
}

const lockedTables = { business_job: businessJobs, quote: quotes, invoice: invoices } as const;

/**
 * The lock and unlock endpoints: the record's row lock first (so two sessions queue), then take
 * or release this session's edit lock; answers the lock as this session now sees it.
 */
export async function lockOrRelease(
  tx: Tx,
  companyId: number,
  resource: LockedResource,
  id: number,
  sessionId: string,
  action: 'lock' | 'unlock',
): Promise<Outcome<LockView>> {
  const table = lockedTables[resource];
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)))
    .for('update');
  if (!row) return fail('not_found');
  if (action === 'unlock') await releaseEditLock(tx, companyId, resource, id, sessionId);
  else {
    const taken = await takeEditLock(tx, companyId, resource, id, sessionId);
    if (!taken.ok) return fail(taken.key);
  }
  return done(await lockView(tx, companyId, resource, id, sessionId));
}
