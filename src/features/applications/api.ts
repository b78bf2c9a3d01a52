/**
 * « Mes applications » (issue 23): the user API's calls as /work/notes/MEASURES-API.md writes them
 * (server/src/routes of the measure groups): the applications and their keys, the measure groups,
 * a group's measures and events, its edit and its file import. Answers are parsed here (valibot,
 * as every answer of the page bundle); errors are ApiErrors.
 */
import * as v from 'valibot';
import { apiErrorFrom, postJson } from '../../api/client';
import { ApiError } from '../../api/errors';
import { type UploadOptions, upload } from '../../api/upload';
import { applicationTypes, measureEventKinds, measureKinds, measureUnits } from '../../contract/measures';

const int = () => v.pipe(v.number(), v.integer());
const data = <S extends v.GenericSchema>(schema: S) => v.object({ data: schema });
const application = v.picklist(applicationTypes);

const keySchema = v.object({
  id: int(),
  /** The key's first characters, shown so that a key can be told from another; never the key. */
  prefix: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
export type ApplicationKey = v.InferOutput<typeof keySchema>;

export const applicationSchema = v.object({
  type: application,
  label: v.string(),
  connected: v.boolean(),
  connectedAt: v.nullable(v.string()),
  lastDataAt: v.nullable(v.string()),
  groupCount: int(),
  keys: v.array(keySchema),
});
export type Application = v.InferOutput<typeof applicationSchema>;

export const applicationsAnswer = data(v.array(applicationSchema));
const connectAnswer = data(v.object({ application: applicationSchema, apiKey: v.string() }));
const applicationAnswer = data(applicationSchema);

const totalsSchema = v.object({ length: int(), area: int(), volume: int(), count: int() });

const groupEntries = {
  id: int(),
  application,
  externalId: v.nullable(v.string()),
  name: v.string(),
  businessJob: v.nullable(v.object({ id: int(), name: v.string(), customerName: v.string() })),
  measureCount: int(),
  totals: totalsSchema,
  lastDataAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  version: int(),
};
export const measureGroupSchema = v.object(groupEntries);
export type MeasureGroup = v.InferOutput<typeof measureGroupSchema>;

const measureSchema = v.object({
  id: int(),
  externalId: v.nullable(v.string()),
  name: v.string(),
  kind: v.picklist(measureKinds),
  valueMilli: int(),
  unit: v.picklist(measureUnits),
  note: v.nullish(v.string(), ''),
  geometry: v.optional(v.unknown()),
  position: int(),
  updatedAt: v.string(),
});
export type Measure = v.InferOutput<typeof measureSchema>;

export const measureGroupDetailSchema = v.object({
  ...groupEntries,
  measures: v.array(measureSchema),
  quotes: v.array(v.object({ id: int(), number: v.string(), status: v.string() })),
});
export type MeasureGroupDetail = v.InferOutput<typeof measureGroupDetailSchema>;

export const measureGroupPageAnswer = v.object({
  data: v.array(measureGroupSchema),
  info: v.object({ hits: int() }),
});
export type MeasureGroupPage = v.InferOutput<typeof measureGroupPageAnswer>;
export const measureGroupAnswer = data(measureGroupDetailSchema);

export const measureEventSchema = v.object({
  id: int(),
  kind: v.picklist(measureEventKinds),
  at: v.string(),
  source: v.picklist(['user', 'connector', 'import']),
  user: v.nullable(v.object({ id: int(), name: v.string() })),
  /** Per kind (MEASURES-API.md); read loosely by the timeline: an unknown field is left out. */
  detail: v.nullish(v.record(v.string(), v.unknown()), {}),
});
export type MeasureEvent = v.InferOutput<typeof measureEventSchema>;
export const measureEventPageAnswer = v.object({
  data: v.array(measureEventSchema),
  info: v.object({ hits: int() }),
});
export type MeasureEventPage = v.InferOutput<typeof measureEventPageAnswer>;

export const importAnswer = data(
  v.object({
    format: v.string(),
    read: int(),
    added: int(),
    changed: int(),
    /** What was read but deserves a look (« Ligne 4 : note tronquée »), in French. */
    warnings: v.optional(v.array(v.string()), []),
    group: measureGroupDetailSchema,
  }),
);
export type ImportOutcome = v.InferOutput<typeof importAnswer>['data'];

const companyPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}`;

/** Connects the application (again): a new key, the only time it is shown; older keys revoked. */
export const connectApplication = async (enterpriseId: number, type: Application['type']) =>
  (await postJson(`${companyPath(enterpriseId)}/applications/${type}/connect`, connectAnswer)).data;

/** Disconnects it: every key revoked, the groups and measures kept. */
export const disconnectApplication = async (enterpriseId: number, type: Application['type']) =>
  (await postJson(`${companyPath(enterpriseId)}/applications/${type}/disconnect`, applicationAnswer)).data;

export const createMeasureGroup = async (
  enterpriseId: number,
  input: { application: Application['type']; name: string; businessJobId: number | null },
) => (await postJson(`${companyPath(enterpriseId)}/measure-groups`, measureGroupAnswer, input)).data;

/** 409 stale_version when someone saved since `version`. */
export const editMeasureGroup = async (
  enterpriseId: number,
  id: number,
  input: { version: number; name: string; businessJobId: number | null },
) =>
  (await postJson(`${companyPath(enterpriseId)}/measure-groups/${id}/edit`, measureGroupAnswer, input)).data;

/**
 * A refused import: the server's French reasons (« Ligne 12 : unité inconnue « pieds ». »), read
 * from `{error: {key, message, reasons}}` (or the same fields at the top level).
 */
export class ImportRefusedError extends ApiError {
  readonly reasons: string[];
  readonly serverMessage: string | null;
  constructor(status: number, key: string, reasons: string[], message: string | null) {
    super(status, key);
    this.reasons = reasons;
    this.serverMessage = message;
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The import's refusal as an error: its reasons when the body has some, else a plain ApiError. */
export function importErrorFrom(status: number, bodyText: string): ApiError {
  const base = apiErrorFrom(status, bodyText);
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(bodyText) as Record<string, unknown>;
  } catch {}
  const inner =
    body && typeof body.error === 'object' && body.error ? (body.error as Record<string, unknown>) : {};
  const key = typeof body?.error === 'string' ? body.error : base.key;
  const reasons = [...strings(inner.reasons), ...strings(body?.reasons)];
  const message =
    typeof inner.message === 'string'
      ? inner.message
      : typeof body?.message === 'string'
        ? body.message
        : null;
  if (reasons.length === 0 && message === null && key === base.key) return base;
  return new ImportRefusedError(status, key, reasons, message);
}

export type { UploadOptions };

/**
 * POSTs the file's raw bytes (its name URI-encoded in `X-File-Name`) through the one upload
 * (src/api/upload.ts): the group's page shows the upload's progress.
 */
export function importMeasureFile(
  enterpriseId: number,
  groupId: number,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<ImportOutcome> {
  return upload({
    path: `${companyPath(enterpriseId)}/measure-groups/${groupId}/import`,
    schema: importAnswer,
    body: file,
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      'X-File-Name': encodeURIComponent(file.name),
    },
    errorFrom: importErrorFrom,
    onProgress,
    signal,
  }).then((answer) => answer.data);
}
