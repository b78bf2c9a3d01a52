/**
 * The connector API's operations (issue 23), for the company and application of a live key
 * (keys.ts): a group made once per externalId, and measures pushed into it. Every call writes its
 * events and marks the key used, in the same transaction as its change.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { MeasureInput } from '../../../src/contract/measures.js';
import type { Tx } from '../db/database.js';
import { applicationKeys, measureGroups } from '../db/schema.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import { applyMeasures } from './apply.js';
import {
  findJob,
  loadGroup,
  loadGroupDetail,
  type MeasureGroupDetailView,
  type MeasureGroupView,
  writeCreationEvents,
} from './groups.js';
import type { ConnectorCaller } from './keys.js';

const connectorActor = { userId: null, source: 'connector' } as const;

export async function markKeyUsed(tx: Tx, caller: ConnectorCaller) {
  await tx
    .update(applicationKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(applicationKeys.companyId, caller.companyId), eq(applicationKeys.id, caller.keyId)));
}

/**
 * The group of `externalId`, made if it does not exist yet. Two identical calls at once meet at the
 * unique index (company, application, externalId): one inserts, the other's insert does nothing
 * and it reads the row the first committed. An existing group is answered as it is (its name and
 * job may have been changed by a user since: the connector does not undo that).
 */
export async function ensureGroup(
  tx: Tx,
  caller: ConnectorCaller,
  input: { externalId: string; name: string; businessJobId?: number | null | undefined },
): Promise<Outcome<{ created: boolean; group: MeasureGroupView }, 'not_found'>> {
  const { companyId, application } = caller;
  const job = input.businessJobId ? await findJob(tx, companyId, input.businessJobId) : null;
  if (input.businessJobId && !job) return fail('not_found');
  await markKeyUsed(tx, caller);
  const [inserted] = await tx
    .insert(measureGroups)
    .values({
      companyId,
      application,
      externalId: input.externalId,
      name: input.name,
      businessJobId: job?.id ?? null,
    })
    .onConflictDoNothing({
      target: [measureGroups.companyId, measureGroups.application, measureGroups.externalId],
    })
    .returning({ id: measureGroups.id });
  if (inserted) {
    await writeCreationEvents(tx, companyId, inserted.id, connectorActor, input.name, job);
    return done({ created: true, group: (await loadGroup(tx, companyId, inserted.id))! });
  }
  const id = await groupIdOf(tx, caller, input.externalId);
  return done({ created: false, group: (await loadGroup(tx, companyId, id!))! });
}

async function groupIdOf(tx: Tx, { companyId, application }: ConnectorCaller, externalId: string) {
  const [row] = await tx
    .select({ id: measureGroups.id })
    .from(measureGroups)
    .where(
      and(
        eq(measureGroups.companyId, companyId),
        eq(measureGroups.application, application),
        eq(measureGroups.externalId, externalId),
      ),
    );
  return row?.id ?? null;
}

/** Measures upserted by externalId, the listed ones removed; 404 for a group of no such externalId. */
export async function pushMeasures(
  tx: Tx,
  caller: ConnectorCaller,
  externalId: string,
  input: { measures: readonly MeasureInput[]; removedExternalIds?: readonly string[] | undefined },
): Promise<Outcome<MeasureGroupDetailView, 'not_found' | 'measure_group_full'>> {
  const groupId = await groupIdOf(tx, caller, externalId);
  if (groupId === null) return fail('not_found');
  await markKeyUsed(tx, caller);
  const applied = await applyMeasures(tx, caller.companyId, groupId, connectorActor, {
    measures: input.measures,
    removedExternalIds: input.removedExternalIds,
    matchByName: false,
  });
  if (!applied.ok) return applied;
  return done((await loadGroupDetail(tx, caller.companyId, groupId))!);
}

/** The group a refused push was aimed at (its event says why), when it is the key's company's. */
export const refusedPushGroup = groupIdOf;
