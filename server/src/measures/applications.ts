/**
 * The company's applications (issue 23, « Mes applications »): their state, and connecting or
 * disconnecting one. Connecting issues a key shown once (keys.ts) and revokes the application's
 * previous keys (« Régénérer la clé »); disconnecting revokes them all and keeps groups and measures.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type ApplicationType, applicationLabels, applicationTypes } from '../../../src/contract/measures.js';
import type { Tx } from '../db/database.js';
import { applicationConnections, applicationKeys, measureGroups } from '../db/schema.js';
import { newApiKey } from './keys.js';

export interface ApplicationView {
  type: ApplicationType;
  label: string;
  connected: boolean;
  connectedAt: string | null;
  lastDataAt: string | null;
  groupCount: number;
  keys: {
    id: number;
    prefix: string;
    createdAt: string;
    lastUsedAt: string | null;
    revokedAt: string | null;
  }[];
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Keys shown per application: the newest (older revoked ones stay in the table). */
const keysShown = 20;

export async function listApplications(tx: Tx, companyId: number): Promise<ApplicationView[]> {
  const [connections, keys, groups] = await Promise.all([
    tx.select().from(applicationConnections).where(eq(applicationConnections.companyId, companyId)),
    tx
      .select()
      .from(applicationKeys)
      .where(eq(applicationKeys.companyId, companyId))
      .orderBy(desc(applicationKeys.createdAt), desc(applicationKeys.id)),
    tx
      .select({
        application: measureGroups.application,
        n: sql<number>`count(*)`.mapWith(Number),
        lastDataAt: sql<string | null>`max(${measureGroups.lastDataAt})`,
      })
      .from(measureGroups)
      .where(eq(measureGroups.companyId, companyId))
      .groupBy(measureGroups.application),
  ]);
  return applicationTypes.map((type) => {
    const connection = connections.find((c) => c.type === type);
    const group = groups.find((g) => g.application === type);
    const connected = Boolean(connection && connection.disconnectedAt === null);
    return {
      type,
      label: applicationLabels[type],
      connected,
      connectedAt: connected ? iso(connection!.connectedAt) : null,
      lastDataAt: iso(group?.lastDataAt ?? null),
      groupCount: group?.n ?? 0,
      keys: keys
        .filter((k) => k.type === type)
        .slice(0, keysShown)
        .map((k) => ({
          id: k.id,
          prefix: k.prefix,
          createdAt: iso(k.createdAt)!,
          lastUsedAt: iso(k.lastUsedAt),
          revokedAt: iso(k.revokedAt),
        })),
    };
  });
}

async function applicationOf(tx: Tx, companyId: number, type: ApplicationType) {
  return (await listApplications(tx, companyId)).find((a) => a.type === type)!;
}

async function revokeKeys(tx: Tx, companyId: number, type: ApplicationType) {
  await tx
    .update(applicationKeys)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(applicationKeys.companyId, companyId),
        eq(applicationKeys.type, type),
        isNull(applicationKeys.revokedAt),
      ),
    );
}

/** Connects (or reconnects, or regenerates the key of) the application: the new key, shown once. */
export async function connectApplication(tx: Tx, companyId: number, type: ApplicationType) {
  await tx
    .insert(applicationConnections)
    .values({ companyId, type })
    .onConflictDoUpdate({
      target: [applicationConnections.companyId, applicationConnections.type],
      set: { connectedAt: sql`now()`, disconnectedAt: null },
    });
  await revokeKeys(tx, companyId, type);
  const key = newApiKey(type);
  await tx.insert(applicationKeys).values({ companyId, type, keyHash: key.hash, prefix: key.prefix });
  return { application: await applicationOf(tx, companyId, type), apiKey: key.key };
}

/** Every key revoked at once; the groups, measures and events stay. */
export async function disconnectApplication(tx: Tx, companyId: number, type: ApplicationType) {
  await tx
    .update(applicationConnections)
    .set({ disconnectedAt: sql`now()` })
    .where(
      and(
        eq(applicationConnections.companyId, companyId),
        eq(applicationConnections.type, type),
        isNull(applicationConnections.disconnectedAt),
      ),
    );
  await revokeKeys(tx, companyId, type);
  return applicationOf(tx, companyId, type);
}
