/**
 * What other modules use of measure groups (issue 23): writing a group's event in the caller's
 * transaction (the quotes' « used_in_quote », and every change here), and reading measures' current
 * values (a quote line's source). Both take the caller's `tx`, so an event is stored with the change
 * it records or not at all.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type {
  ApplicationType,
  MeasureEventKind,
  MeasureKind,
  MeasureUnit,
} from '../../../src/contract/measures.js';
import type { Tx } from '../db/database.js';
import { measureGroupEvents, measureGroups, measures } from '../db/schema.js';

/** Who made the change an event records: a user's screen, the connector API or a file import. */
export type MeasureEventSource = 'user' | 'connector' | 'import';

export interface MeasureEventInput {
  companyId: number;
  groupId: number;
  kind: MeasureEventKind;
  /** The signed-in user; null for the connector. */
  userId: number | null;
  source: MeasureEventSource;
  /** Per kind as /work/notes/MEASURES-API.md says (e.g. used_in_quote: {quoteId, quoteNumber, lines}). */
  detail: Record<string, unknown>;
}

/** Appends one event to a group's log (append-only: bo_app may neither update nor delete one). */
export async function appendMeasureEvent(tx: Tx, event: MeasureEventInput): Promise<void> {
  await tx.insert(measureGroupEvents).values({
    companyId: event.companyId,
    groupId: event.groupId,
    kind: event.kind,
    userId: event.userId,
    source: event.source,
    detail: event.detail,
  });
}

export interface CurrentMeasureValue {
  groupId: number;
  groupName: string;
  application: ApplicationType;
  kind: MeasureKind;
  unit: MeasureUnit;
  valueMilli: number;
}

/**
 * The current value of each of `measureIds` that still exists in the company; a removed measure,
 * or another company's, is simply absent from the map.
 */
export async function currentMeasureValues(
  tx: Tx,
  companyId: number,
  measureIds: number[],
): Promise<Map<number, CurrentMeasureValue>> {
  const ids = [
    ...new Set(measureIds.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)),
  ];
  const found = new Map<number, CurrentMeasureValue>();
  if (ids.length === 0) return found;
  const rows = await tx
    .select({
      id: measures.id,
      groupId: measures.groupId,
      groupName: measureGroups.name,
      application: measureGroups.application,
      kind: measures.kind,
      unit: measures.unit,
      valueMilli: measures.valueMilli,
    })
    .from(measures)
    .innerJoin(measureGroups, eq(measureGroups.id, measures.groupId))
    .where(and(eq(measures.companyId, companyId), inArray(measures.id, ids)));
  for (const { id, ...value } of rows) found.set(id, value);
  return found;
}
