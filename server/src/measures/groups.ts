/**
 * Measure groups as the user's screens read and change them (issue 23): the list (search, job,
 * application, date sort, paging), one group with its measures, totals and the quotes that use it,
 * its events, and the user's own changes (create, rename, tie to a job). Every change writes its
 * event in the same transaction (usage.ts). Rows are fenced by RLS and by `company_id` as well.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  ApplicationType,
  MeasureEventKind,
  MeasureKind,
  MeasureUnit,
} from '../../../src/contract/measures.js';
import type { Tx } from '../db/database.js';
import { containing } from '../db/like.js';
import {
  businessJobs,
  customers,
  measureGroupEvents,
  measureGroups,
  measures,
  quotes,
  users,
} from '../db/schema.js';
import { customerName } from '../invoicing/load.js';
import { done, fail, type Outcome, staleVersion } from '../invoicing/outcome.js';
import { appendMeasureEvent, type MeasureEventSource } from './usage.js';

export type Totals = { length: number; area: number; volume: number; count: number };

export interface MeasureGroupView {
  id: number;
  application: ApplicationType;
  externalId: string | null;
  name: string;
  businessJob: { id: number; name: string; customerName: string } | null;
  measureCount: number;
  totals: Totals;
  lastDataAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface MeasureView {
  id: number;
  externalId: string | null;
  name: string;
  kind: MeasureKind;
  valueMilli: number;
  unit: MeasureUnit;
  note: string;
  geometry: unknown;
  position: number;
  updatedAt: string;
}

export interface MeasureGroupDetailView extends MeasureGroupView {
  measures: MeasureView[];
  quotes: { id: number; number: string; status: string }[];
}

/** Who acts: the signed-in user, or the connector (no user). */
export interface MeasureActor {
  userId: number | null;
  source: MeasureEventSource;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Count and sums per kind of a group's measures, one subquery (`measures_group_idx`). */
const stats = sql<{ n: number } & Totals>`(select jsonb_build_object(
    'n', count(*),
    'length', coalesce(sum(m.value_milli) filter (where m.kind = 'length'), 0),
    'area', coalesce(sum(m.value_milli) filter (where m.kind = 'area'), 0),
    'volume', coalesce(sum(m.value_milli) filter (where m.kind = 'volume'), 0),
    'count', coalesce(sum(m.value_milli) filter (where m.kind = 'count'), 0))
  from measures m where m.company_id = ${measureGroups.companyId} and m.group_id = ${measureGroups.id})`;

const groupColumns = {
  id: measureGroups.id,
  application: measureGroups.application,
  externalId: measureGroups.externalId,
  name: measureGroups.name,
  jobId: businessJobs.id,
  jobName: businessJobs.name,
  customerName,
  stats,
  lastDataAt: measureGroups.lastDataAt,
  createdAt: measureGroups.createdAt,
  updatedAt: measureGroups.updatedAt,
  version: measureGroups.version,
};

type GroupRow = {
  id: number;
  application: ApplicationType;
  externalId: string | null;
  name: string;
  jobId: number | null;
  jobName: string | null;
  customerName: string | null;
  stats: { n: number } & Totals;
  lastDataAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

function groupView(row: GroupRow): MeasureGroupView {
  const s = row.stats;
  return {
    id: row.id,
    application: row.application,
    externalId: row.externalId,
    name: row.name,
    businessJob:
      row.jobId === null
        ? null
        : { id: row.jobId, name: row.jobName ?? '', customerName: row.customerName ?? '' },
    measureCount: Number(s.n),
    totals: {
      length: Number(s.length),
      area: Number(s.area),
      volume: Number(s.volume),
      count: Number(s.count),
    },
    lastDataAt: iso(row.lastDataAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    version: row.version,
  };
}

const selectGroups = (tx: Tx) =>
  tx
    .select(groupColumns)
    .from(measureGroups)
    .leftJoin(
      businessJobs,
      and(
        eq(businessJobs.id, measureGroups.businessJobId),
        eq(businessJobs.companyId, measureGroups.companyId),
      ),
    )
    .leftJoin(customers, eq(customers.id, businessJobs.customerId));

export interface GroupsQuery {
  application?: ApplicationType | undefined;
  businessJobId?: number | undefined;
  q?: string | undefined;
  sort: 'date' | '-date';
  limit: number;
  offset: number;
}

export async function listGroups(tx: Tx, companyId: number, query: GroupsQuery) {
  const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
  const where = and(
    eq(measureGroups.companyId, companyId),
    query.application ? eq(measureGroups.application, query.application) : undefined,
    query.businessJobId ? eq(measureGroups.businessJobId, query.businessJobId) : undefined,
    ...words.map((word) => sql`bo_fold(${measureGroups.name}) like bo_fold(${containing(word)})`),
  );
  const order = query.sort === 'date' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectGroups(tx)
      .where(where)
      .orderBy(order(measureGroups.createdAt), order(measureGroups.id))
      .limit(query.limit)
      .offset(query.offset),
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(measureGroups)
      .where(where),
  ]);
  return { data: (rows as GroupRow[]).map(groupView), hits: total?.n ?? 0 };
}

/** The group as the list shows it, or null when it is not the company's. */
export async function loadGroup(
  tx: Tx,
  companyId: number,
  groupId: number,
): Promise<MeasureGroupView | null> {
  const [row] = await selectGroups(tx).where(
    and(eq(measureGroups.companyId, companyId), eq(measureGroups.id, groupId)),
  );
  return row ? groupView(row as GroupRow) : null;
}

/** The quotes whose lines carry `measure.groupId` of this group (quotes.items, at any depth). */
async function quotesUsing(tx: Tx, companyId: number, groupId: number) {
  return tx
    .select({ id: quotes.id, number: quotes.number, status: quotes.status })
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, companyId),
        sql`jsonb_path_exists(${quotes.items}, '$.** ? (@.measure.groupId == $g)', jsonb_build_object('g', ${groupId}::integer))`,
      ),
    )
    .orderBy(desc(quotes.id))
    .limit(100);
}

export async function loadGroupDetail(
  tx: Tx,
  companyId: number,
  groupId: number,
): Promise<MeasureGroupDetailView | null> {
  const group = await loadGroup(tx, companyId, groupId);
  if (!group) return null;
  const [rows, usedBy] = await Promise.all([
    tx
      .select()
      .from(measures)
      .where(and(eq(measures.companyId, companyId), eq(measures.groupId, groupId)))
      .orderBy(asc(measures.position), asc(measures.id)),
    quotesUsing(tx, companyId, groupId),
  ]);
  return {
    ...group,
    measures: rows.map((m) => ({
      id: m.id,
      externalId: m.externalId,
      name: m.name,
      kind: m.kind,
      valueMilli: m.valueMilli,
      unit: m.unit,
      note: m.note,
      geometry: m.geometry ?? null,
      position: m.position,
      updatedAt: iso(m.updatedAt)!,
    })),
    quotes: usedBy,
  };
}

export async function listEvents(
  tx: Tx,
  companyId: number,
  groupId: number,
  { limit, offset }: { limit: number; offset: number },
) {
  const where = and(eq(measureGroupEvents.companyId, companyId), eq(measureGroupEvents.groupId, groupId));
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        id: measureGroupEvents.id,
        kind: measureGroupEvents.kind,
        at: measureGroupEvents.at,
        source: measureGroupEvents.source,
        userId: users.id,
        userName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        detail: measureGroupEvents.detail,
      })
      .from(measureGroupEvents)
      .leftJoin(users, and(eq(users.id, measureGroupEvents.userId), eq(users.companyId, companyId)))
      .where(where)
      .orderBy(desc(measureGroupEvents.id))
      .limit(limit)
      .offset(offset),
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(measureGroupEvents)
      .where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind as MeasureEventKind,
      at: iso(row.at)!,
      source: row.source,
      user: row.userId === null ? null : { id: row.userId, name: row.userName },
      detail: (row.detail ?? {}) as Record<string, unknown>,
    })),
    hits: total?.n ?? 0,
  };
}

/** The job as events name it, when it is the company's. */
export async function findJob(tx: Tx, companyId: number, jobId: number) {
  const [job] = await tx
    .select({ id: businessJobs.id, name: businessJobs.name })
    .from(businessJobs)
    .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, jobId)));
  return job ?? null;
}

export interface NewGroup {
  application: ApplicationType;
  name: string;
  businessJobId: number | null;
}

/**
 * A group the user makes (to import a file into). `created`, then `linked_to_job` when it is
 * tied to a job from the start. Another company's job: 404.
 */
export async function createGroup(
  tx: Tx,
  companyId: number,
  actor: MeasureActor,
  input: NewGroup,
): Promise<Outcome<MeasureGroupDetailView, 'not_found'>> {
  const job = input.businessJobId === null ? null : await findJob(tx, companyId, input.businessJobId);
  if (input.businessJobId !== null && !job) return fail('not_found');
  const [row] = await tx
    .insert(measureGroups)
    .values({ companyId, application: input.application, name: input.name, businessJobId: job?.id ?? null })
    .returning({ id: measureGroups.id });
  await writeCreationEvents(tx, companyId, row!.id, actor, input.name, job);
  return done((await loadGroupDetail(tx, companyId, row!.id))!);
}

export async function writeCreationEvents(
  tx: Tx,
  companyId: number,
  groupId: number,
  actor: MeasureActor,
  name: string,
  job: { id: number; name: string } | null,
) {
  await appendMeasureEvent(tx, { companyId, groupId, kind: 'created', ...actor, detail: { name } });
  if (job)
    await appendMeasureEvent(tx, {
      companyId,
      groupId,
      kind: 'linked_to_job',
      ...actor,
      detail: { before: null, after: job },
    });
}

/** Locks the group's row for a change: changes of one group run one after the other. */
export async function lockGroup(tx: Tx, companyId: number, groupId: number) {
  const [row] = await tx
    .select()
    .from(measureGroups)
    .where(and(eq(measureGroups.companyId, companyId), eq(measureGroups.id, groupId)))
    .for('update');
  return row ?? null;
}

/** Rename and tie to a job (or untie), from the version read: `renamed` and `linked_to_job` events. */
export async function editGroup(
  tx: Tx,
  companyId: number,
  actor: MeasureActor,
  groupId: number,
  input: { version: number; name: string; businessJobId: number | null },
): Promise<Outcome<MeasureGroupDetailView, 'not_found' | 'stale_version'>> {
  const group = await lockGroup(tx, companyId, groupId);
  if (!group) return fail('not_found');
  if (staleVersion(group.version, input.version)) return fail('stale_version');
  const job = input.businessJobId === null ? null : await findJob(tx, companyId, input.businessJobId);
  if (input.businessJobId !== null && !job) return fail('not_found');
  const renamed = group.name !== input.name;
  const relinked = group.businessJobId !== (job?.id ?? null);
  if (renamed || relinked) {
    const before = group.businessJobId === null ? null : await findJob(tx, companyId, group.businessJobId);
    await tx
      .update(measureGroups)
      .set({
        name: input.name,
        businessJobId: job?.id ?? null,
        version: sql`${measureGroups.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(measureGroups.companyId, companyId), eq(measureGroups.id, groupId)));
    if (renamed)
      await appendMeasureEvent(tx, {
        companyId,
        groupId,
        kind: 'renamed',
        ...actor,
        detail: { before: group.name, after: input.name },
      });
    if (relinked)
      await appendMeasureEvent(tx, {
        companyId,
        groupId,
        kind: 'linked_to_job',
        ...actor,
        detail: { before, after: job },
      });
  }
  return done((await loadGroupDetail(tx, companyId, groupId))!);
}
