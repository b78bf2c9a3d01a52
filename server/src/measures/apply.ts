/**
 * Measures into a group, as the connector pushes them and a file brings them (issue 23): each
 * measure upserted (by its externalId; a file's measure without one, by its name), the listed
 * removals removed, the group's version and last data moved, and the events written, all in the
 * caller's transaction: a refusal (too many measures) leaves nothing behind. The group's row is
 * locked first, so two pushes to one group run one after the other.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type MeasureInput, measureRules } from '../../../src/contract/measures.js';
import type { Tx } from '../db/database.js';
import { measureGroups, measures } from '../db/schema.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import type { MeasureActor } from './groups.js';
import { appendMeasureEvent } from './usage.js';

/** An event lists at most this many measures; `omitted` counts the others. */
export const listedMeasuresMax = 100;

type Stored = typeof measures.$inferSelect;

export interface ApplyInput {
  measures: readonly MeasureInput[];
  /** Measures whose externalId is listed are removed (connector). */
  removedExternalIds?: readonly string[] | undefined;
  /** A measure without externalId updates the group's measure of the same name (file import). */
  matchByName: boolean;
}

export interface ApplyResult {
  added: number;
  changed: number;
  removed: number;
  /** What the events list: name, kind, unit, before/after values. */
  addedList: EventMeasure[];
  changedList: EventMeasure[];
  removedList: EventMeasure[];
}

interface EventMeasure {
  name: string;
  kind: string;
  unit: string;
  before?: number;
  after?: number;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The event's detail: the first measures, and how many more there were. */
export const listed = (list: EventMeasure[]) =>
  list.length > listedMeasuresMax
    ? { measures: list.slice(0, listedMeasuresMax), omitted: list.length - listedMeasuresMax }
    : { measures: list };

/**
 * Applies `input` to the group (locked by the caller or here). Events: measures_added,
 * measures_changed (before and after), measures_removed, each when it has measures, unless
 * `events: false` (the import writes its own `imported` event and the changes).
 */
export async function applyMeasures(
  tx: Tx,
  companyId: number,
  groupId: number,
  actor: MeasureActor,
  input: ApplyInput,
  { events = true }: { events?: boolean } = {},
): Promise<Outcome<ApplyResult, 'not_found' | 'measure_group_full'>> {
  const [group] = await tx
    .select({ id: measureGroups.id })
    .from(measureGroups)
    .where(and(eq(measureGroups.companyId, companyId), eq(measureGroups.id, groupId)))
    .for('update');
  if (!group) return fail('not_found');
  const existing = await tx
    .select()
    .from(measures)
    .where(and(eq(measures.companyId, companyId), eq(measures.groupId, groupId)));

  const removedIds = new Set(input.removedExternalIds ?? []);
  const removed = existing.filter((m) => m.externalId !== null && removedIds.has(m.externalId));
  const kept = existing.filter((m) => !removed.includes(m));
  const byExternalId = new Map(kept.filter((m) => m.externalId !== null).map((m) => [m.externalId!, m]));
  // By name: the group's measures of that name not yet matched, in their order.
  const byName = new Map<string, Stored[]>();
  for (const m of [...kept].sort((a, b) => a.position - b.position || a.id - b.id))
    byName.set(m.name, [...(byName.get(m.name) ?? []), m]);

  // One input per externalId: the last one given wins (a push may repeat a measure). An empty
  // externalId is none.
  const inputs: MeasureInput[] = [];
  const lastOf = new Map<string, number>();
  for (const given of input.measures) {
    const m = { ...given, externalId: given.externalId || undefined };
    if (m.externalId) {
      const at = lastOf.get(m.externalId);
      if (at !== undefined) {
        inputs[at] = m;
        continue;
      }
      lastOf.set(m.externalId, inputs.length);
    }
    inputs.push(m);
  }

  const matched = new Set<number>();
  const toInsert: MeasureInput[] = [];
  const toUpdate: { stored: Stored; next: MeasureInput }[] = [];
  for (const m of inputs) {
    let stored: Stored | undefined;
    if (m.externalId) stored = byExternalId.get(m.externalId);
    else if (input.matchByName)
      stored = (byName.get(m.name) ?? []).find((s) => !matched.has(s.id) && s.externalId === null);
    if (stored && !matched.has(stored.id)) {
      matched.add(stored.id);
      const changed =
        stored.name !== m.name ||
        stored.kind !== m.kind ||
        stored.unit !== m.unit ||
        stored.valueMilli !== m.valueMilli ||
        stored.note !== (m.note ?? '') ||
        (m.geometry !== undefined && !sameJson(stored.geometry, m.geometry));
      if (changed) toUpdate.push({ stored, next: m });
    } else toInsert.push(m);
  }

  const total = kept.length + toInsert.length;
  if (total > measureRules.maxMeasuresPerGroup) return fail('measure_group_full');

  if (removed.length > 0)
    await tx.delete(measures).where(
      and(
        eq(measures.companyId, companyId),
        inArray(
          measures.id,
          removed.map((m) => m.id),
        ),
      ),
    );
  if (toUpdate.length > 0) {
    // One statement for every changed measure (a push may change thousands).
    const rows = toUpdate.map(({ stored, next }) => ({
      id: stored.id,
      name: next.name,
      kind: next.kind,
      value_milli: next.valueMilli,
      unit: next.unit,
      note: next.note ?? '',
      geometry: next.geometry === undefined ? stored.geometry : next.geometry,
    }));
    await tx.execute(sql`update measures m set name = v.name, kind = v.kind, value_milli = v.value_milli,
        unit = v.unit, note = v.note, geometry = v.geometry, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(id integer, name text, kind text, value_milli bigint, unit text, note text, geometry jsonb)
      where m.id = v.id and m.company_id = ${companyId} and m.group_id = ${groupId}`);
  }
  let position = kept.reduce((max, m) => Math.max(max, m.position), -1) + 1;
  for (let start = 0; start < toInsert.length; start += 1000) {
    await tx.insert(measures).values(
      toInsert.slice(start, start + 1000).map((m) => ({
        companyId,
        groupId,
        position: position++,
        externalId: m.externalId || null,
        name: m.name,
        kind: m.kind,
        valueMilli: m.valueMilli,
        unit: m.unit,
        note: m.note ?? '',
        geometry: m.geometry ?? null,
      })),
    );
  }
  const anyChange = removed.length + toUpdate.length + toInsert.length > 0;
  await tx
    .update(measureGroups)
    .set({
      lastDataAt: sql`now()`,
      ...(anyChange ? { version: sql`${measureGroups.version} + 1`, updatedAt: sql`now()` } : {}),
    })
    .where(and(eq(measureGroups.companyId, companyId), eq(measureGroups.id, groupId)));

  const result: ApplyResult = {
    added: toInsert.length,
    changed: toUpdate.length,
    removed: removed.length,
    addedList: toInsert.map((m) => ({ name: m.name, kind: m.kind, unit: m.unit, after: m.valueMilli })),
    changedList: toUpdate.map(({ stored, next }) => ({
      name: next.name,
      kind: next.kind,
      unit: next.unit,
      before: stored.valueMilli,
      after: next.valueMilli,
    })),
    removedList: removed.map((m) => ({ name: m.name, kind: m.kind, unit: m.unit, before: m.valueMilli })),
  };
  if (events) {
    const write = (kind: 'measures_added' | 'measures_changed' | 'measures_removed', list: EventMeasure[]) =>
      list.length > 0
        ? appendMeasureEvent(tx, { companyId, groupId, kind, ...actor, detail: listed(list) })
        : Promise.resolve();
    await write('measures_added', result.addedList);
    await write('measures_changed', result.changedList);
    await write('measures_removed', result.removedList);
  }
  return done(result);
}
