/**
 * « Mes applications » (issue 23): the connected measuring applications (Pix4D, SEMA), their measure
 * groups and measures, as both sides read them. The connector API (X-Api-Key), the file import and
 * the group's edit form validate with these schemas; the screens show these labels. Values are kept
 * in thousandths of their unit (`valueMilli`), as quote quantities are (`quantityMilli`), so that a
 * measure lands in a quote line without a conversion. Pure TypeScript + zod: no DOM, no server import.
 */
import { z } from 'zod';
import { optionalText, requiredText, whenMissing, wholeNumber } from './fields.js';
import { lazy } from './lazy.js';

export const applicationTypes = ['pix4d', 'sema'] as const;
export type ApplicationType = (typeof applicationTypes)[number];

export const applicationLabels: Record<ApplicationType, string> = { pix4d: 'Pix4D', sema: 'SEMA' };

export const isApplicationType = (value: string): value is ApplicationType =>
  (applicationTypes as readonly string[]).includes(value);

export const measureKinds = ['length', 'area', 'volume', 'count'] as const;
export type MeasureKind = (typeof measureKinds)[number];

export const measureUnits = ['m', 'm²', 'm³', 'u'] as const;
export type MeasureUnit = (typeof measureUnits)[number];

/** Each kind has exactly one unit: a length is in m, an area in m², a volume in m³, a count in u. */
export const unitOfKind: Record<MeasureKind, MeasureUnit> = {
  length: 'm',
  area: 'm²',
  volume: 'm³',
  count: 'u',
};

export const measureKindLabels: Record<MeasureKind, string> = {
  length: 'Longueur',
  area: 'Surface',
  volume: 'Volume',
  count: 'Nombre',
};

export const measureRules = {
  nameMax: 200,
  noteMax: 1000,
  groupNameMax: 200,
  externalIdMax: 200,
  /** A group holds at most this many measures (a 10 000-measure file is refused, nothing stored). */
  maxMeasuresPerGroup: 5000,
  /** 1 000 000 000,000 of a unit: far beyond any site, below JavaScript's safe integers when summed. */
  maxValueMilli: 1_000_000_000_000,
  /** An import file's largest size (bytes): a 10 MB file is refused before it is read. */
  maxFileBytes: 5 * 1024 * 1024,
  /** A measure's geometry, kept as received (GeoJSON or the tool's own), serialised. */
  maxGeometryBytes: 64 * 1024,
} as const;

/**
 * One measure as the connector API and the import read it. A negative value is refused (`number`):
 * no site has a negative area. The unit must be the kind's (`invalid` otherwise).
 */
export const measureInputSchema = lazy(() =>
  z
    .object({
      // May be left out (H1: a connector sends what it has; the output is then undefined).
      externalId: optionalText(measureRules.externalIdMax).optional(),
      name: requiredText(measureRules.nameMax),
      kind: z.enum(measureKinds, { error: whenMissing('invalid') }),
      valueMilli: wholeNumber(0, measureRules.maxValueMilli),
      unit: z.enum(measureUnits, { error: whenMissing('invalid') }),
      note: optionalText(measureRules.noteMax).optional(),
      geometry: z.unknown().optional(),
    })
    .refine((measure) => unitOfKind[measure.kind] === measure.unit, {
      path: ['unit'],
      message: 'invalid',
    }),
);
export type MeasureInput = z.output<typeof measureInputSchema>;

/** The connector's `POST /v2/applications/{type}/measure-groups` body (idempotent by externalId). */
export const connectorGroupSchema = lazy(() =>
  z.object({
    externalId: requiredText(measureRules.externalIdMax),
    name: requiredText(measureRules.groupNameMax),
    /** The job it measures, by the company's job id (optional; another company's id is not found). */
    businessJobId: z.number().int().min(1).nullable().optional(),
  }),
);

/** The connector's `…/measure-groups/{externalId}/measures` body: measures upserted by externalId. */
export const connectorMeasuresSchema = lazy(() =>
  z.object({
    measures: z
      .array(measureInputSchema, { error: 'invalid' })
      .max(measureRules.maxMeasuresPerGroup, 'too_long'),
    /** Measures of the group whose externalId is listed here are removed. */
    removedExternalIds: z
      .array(z.string().max(measureRules.externalIdMax))
      .max(measureRules.maxMeasuresPerGroup)
      .optional(),
  }),
);

/** `POST /measure-groups/{id}/edit` (the user's screen): name and job, versioned. */
export const measureGroupEditSchema = lazy(() =>
  z.object({
    version: z.number().int().min(1),
    name: requiredText(measureRules.groupNameMax),
    businessJobId: z.number().int().min(1).nullable(),
  }),
);

/** A measure's value as a sum in thousandths, per kind (a group's totals; a quote line's source). */
export const totalsByKind = (measures: readonly { kind: MeasureKind; valueMilli: number }[]) => {
  const totals: Record<MeasureKind, number> = { length: 0, area: 0, volume: 0, count: 0 };
  for (const measure of measures) totals[measure.kind] += measure.valueMilli;
  return totals;
};

export const measureEventKinds = [
  'created',
  'measures_added',
  'measures_changed',
  'measures_removed',
  'imported',
  'import_refused',
  'linked_to_job',
  'renamed',
  'used_in_quote',
] as const;
export type MeasureEventKind = (typeof measureEventKinds)[number];

// ------------------------------------------------------------------------------------ answers
// The answers' schemas: the server declares them (server/src/schemas/measures.ts) and the client
// parses with them (src/features/applications/api.ts).

const int = () => z.number().int();
const dateTime = () => z.string().meta({ format: 'date-time' });

export const applicationKeySchema = lazy(() =>
  z.object({
    id: int(),
    /** The key's first characters, shown so that a key can be told from another; never the key. */
    prefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart' }),
    createdAt: dateTime(),
    lastUsedAt: dateTime().nullable(),
    revokedAt: dateTime().nullable(),
  }),
);

export const applicationSchema = lazy(() =>
  z.object({
    type: z.enum(applicationTypes),
    label: z.string(),
    connected: z.boolean(),
    connectedAt: dateTime().nullable(),
    lastDataAt: dateTime().nullable().meta({ description: 'Last measures received, any group' }),
    groupCount: int(),
    /** Newest first, revoked ones included. */
    keys: z.array(applicationKeySchema),
  }),
);

/** `POST …/applications/{type}/connect`: the new key, the only time it is shown. */
export const applicationConnectionSchema = lazy(() =>
  z.object({ application: applicationSchema, apiKey: z.string() }),
);

export const measureTotalsSchema = lazy(() =>
  z
    .object({ length: int(), area: int(), volume: int(), count: int() })
    .meta({ description: 'Sums per kind, in thousandths of m, m², m³ and u' }),
);

export const measureGroupSchema = lazy(() =>
  z.object({
    id: int(),
    application: z.enum(applicationTypes),
    externalId: z.string().nullable(),
    name: z.string(),
    businessJob: z.object({ id: int(), name: z.string(), customerName: z.string() }).nullable(),
    measureCount: int(),
    totals: measureTotalsSchema,
    lastDataAt: dateTime().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    version: int(),
  }),
);

export const measureSchema = lazy(() =>
  z.object({
    id: int(),
    externalId: z.string().nullable(),
    name: z.string(),
    kind: z.enum(measureKinds),
    valueMilli: int().meta({ description: 'Thousandths of the unit' }),
    unit: z.enum(measureUnits),
    note: z.string(),
    geometry: z.unknown().nullable().meta({ description: 'As received, never read' }),
    position: int(),
    updatedAt: dateTime(),
  }),
);

export const measureGroupDetailSchema = lazy(() =>
  measureGroupSchema.extend({
    measures: z.array(measureSchema),
    quotes: z
      .array(z.object({ id: int(), number: z.string(), status: z.string() }))
      .meta({ description: 'Quotes whose lines take a quantity from this group' }),
  }),
);

export const measureEventSources = ['user', 'connector', 'import'] as const;

export const measureEventSchema = lazy(() =>
  z.object({
    id: int(),
    kind: z.enum(measureEventKinds),
    at: dateTime(),
    source: z.enum(measureEventSources),
    user: z.object({ id: int(), name: z.string() }).nullable(),
    /** Per kind (MEASURES-API.md); read loosely by the timeline: an unknown field is left out. */
    detail: z.record(z.string(), z.unknown()),
  }),
);

/** `POST …/measure-groups/{id}/import`: what was read, added and changed, and the group. */
export const measureImportResultSchema = lazy(() =>
  z.object({
    format: z.string().meta({ description: 'pix4d-geojson, pix4d-csv or sema-csv' }),
    read: int().meta({ description: 'Measures read from the file' }),
    added: int(),
    changed: int(),
    /** What was read but deserves a look (« Ligne 4 : note tronquée »), in French. */
    warnings: z.array(z.string()),
    group: measureGroupDetailSchema,
  }),
);
