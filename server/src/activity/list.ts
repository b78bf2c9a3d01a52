/**
 * Reading the company's activity log (issue 24): a page, newest first, and the CSV export with the
 * same filters. Periods are Paris days (a 23:30 event in Paris on the 31st belongs to the 31st).
 */
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import {
  type ActivityEvent,
  type ActivityKind,
  type ActivityObjectType,
  activityKindLabels,
  activityObjectTypeLabels,
} from '../../../src/contract/activity.js';
import type { Database, Tx } from '../db/database.js';
import { activityEvents, users } from '../db/schema.js';
import type { ActivityFilterValues } from '../schemas/activity.js';

/** The first instant of a Paris day (yyyy-MM-dd), as the database compares it. */
const parisDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;
const parisDayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Paris')`;

function whereOf(companyId: number, filters: ActivityFilterValues): SQL {
  const conditions: (SQL | undefined)[] = [eq(activityEvents.companyId, companyId)];
  if (filters.kind) conditions.push(eq(activityEvents.kind, filters.kind));
  if (filters.userId !== undefined) conditions.push(eq(activityEvents.userId, filters.userId));
  if (filters.objectType) conditions.push(eq(activityEvents.objectType, filters.objectType));
  if (filters.objectId !== undefined) conditions.push(eq(activityEvents.objectId, filters.objectId));
  if (filters.from) conditions.push(gte(activityEvents.occurredAt, parisDayStart(filters.from)));
  if (filters.to) conditions.push(lt(activityEvents.occurredAt, parisDayEnd(filters.to)));
  return and(...conditions)!;
}

const columns = {
  id: activityEvents.id,
  occurredAt: activityEvents.occurredAt,
  kind: activityEvents.kind,
  userId: activityEvents.userId,
  userName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
  objectType: activityEvents.objectType,
  objectId: activityEvents.objectId,
  label: activityEvents.label,
  details: activityEvents.details,
};

type Row = {
  id: number;
  occurredAt: Date;
  kind: string;
  userId: number | null;
  userName: string | null;
  objectType: string;
  objectId: number | null;
  label: string;
  details: unknown;
};

const toEvent = (row: Row): ActivityEvent => ({
  id: row.id,
  occurredAt: row.occurredAt.toISOString(),
  kind: row.kind as ActivityKind,
  userId: row.userId,
  // A user since removed keeps their id; the name is « Utilisateur n° 12 » then.
  userName: row.userId === null ? null : (row.userName ?? `Utilisateur n° ${row.userId}`),
  objectType: row.objectType as ActivityObjectType,
  objectId: row.objectId,
  label: row.label,
  details: (row.details ?? {}) as Record<string, unknown>,
});

function selectEvents(tx: Tx, companyId: number, filters: ActivityFilterValues) {
  return tx
    .select(columns)
    .from(activityEvents)
    .leftJoin(users, and(eq(users.id, activityEvents.userId), eq(users.companyId, companyId)))
    .where(whereOf(companyId, filters))
    .orderBy(desc(activityEvents.occurredAt), desc(activityEvents.id));
}

/** A page of events, newest first, and how many match. */
export async function listActivity(
  tx: Tx,
  companyId: number,
  query: ActivityFilterValues & { limit: number; offset: number },
): Promise<{ data: ActivityEvent[]; total: number }> {
  const rows = await selectEvents(tx, companyId, query).limit(query.limit).offset(query.offset);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(activityEvents)
    .where(whereOf(companyId, query));
  return { data: rows.map(toEvent), total: counted?.n ?? 0 };
}

export const activityCsvHeader = [
  'Date',
  'Heure',
  'Utilisateur',
  'Type',
  'Objet',
  'N° objet',
  'Description',
  'Détails',
];

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** dd/MM/yyyy and HH:mm, Paris time. */
export function parisDateAndTime(at: Date): [string, string] {
  const parts = Object.fromEntries(parisDateTime.formatToParts(at).map((p) => [p.type, p.value]));
  return [`${parts.day}/${parts.month}/${parts.year}`, `${parts.hour}:${parts.minute}`];
}

/** An event as a CSV record (csv.ts neutralises every cell: a label may begin with « = »). */
export function activityRecord(event: ActivityEvent): string[] {
  const [day, time] = parisDateAndTime(new Date(event.occurredAt));
  const details = Object.keys(event.details).length > 0 ? JSON.stringify(event.details) : '';
  return [
    day,
    time,
    event.userName ?? 'Système',
    activityKindLabels[event.kind] ?? event.kind,
    activityObjectTypeLabels[event.objectType] ?? event.objectType,
    event.objectId === null ? '' : String(event.objectId),
    event.label,
    details,
  ];
}

/** Events per page of the export: memory stays flat however long the log (keyset on id). */
const EXPORT_PAGE = 2000;

/**
 * The export's records, page by page, each page its own short tenant transaction (a long download
 * holds no transaction open). Keyset on (occurred_at, id) descending: events added meanwhile (newer)
 * never shift the pages.
 */
export async function* activityRecords(
  db: Database,
  companyId: number,
  filters: ActivityFilterValues,
): AsyncGenerator<string[][]> {
  // The cursor's time as the database wrote it (microseconds: a Date would round them to ms).
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const cursor = after;
    const rows: (Row & { at: string })[] = await db.withTenant(companyId, (tx) =>
      tx
        .select({ ...columns, at: sql<string>`${activityEvents.occurredAt}::text` })
        .from(activityEvents)
        .leftJoin(users, and(eq(users.id, activityEvents.userId), eq(users.companyId, companyId)))
        .where(
          cursor
            ? and(
                whereOf(companyId, filters),
                sql`(${activityEvents.occurredAt}, ${activityEvents.id}) < (${cursor.at}::timestamptz, ${cursor.id})`,
              )
            : whereOf(companyId, filters),
        )
        .orderBy(desc(activityEvents.occurredAt), desc(activityEvents.id))
        .limit(EXPORT_PAGE),
    );
    if (rows.length === 0) return;
    yield rows.map((row) => activityRecord(toEvent(row)));
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}
