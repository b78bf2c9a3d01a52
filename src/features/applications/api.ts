/**
 * « Mes applications » (issue 23): the user API's calls as /work/notes/MEASURES-API.md writes them
 * (server/src/routes of the measure groups): the applications and their keys, the measure groups,
 * a group's measures and events, its edit and its file import. Answers are parsed with the shared
 * contract's schemas (src/contract/measures.ts), as the server declares them; errors are ApiErrors.
 */
import { z } from 'zod';
import { apiErrorFrom, postJson } from '../../api/client';
import { ApiError } from '../../api/errors';
import { type UploadOptions, upload } from '../../api/upload';
import { lazy } from '../../contract/lazy';
import { listPageSchema } from '../../contract/lists';
import {
  applicationConnectionSchema,
  type applicationKeySchema,
  applicationSchema,
  measureEventSchema,
  measureGroupDetailSchema,
  measureGroupSchema,
  measureImportResultSchema,
  type measureSchema,
} from '../../contract/measures';

const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

export type ApplicationKey = z.output<typeof applicationKeySchema>;
export type Application = z.output<typeof applicationSchema>;

export const applicationsAnswer = lazy(() => data(z.array(applicationSchema)));
const connectAnswer = lazy(() => data(applicationConnectionSchema));
const applicationAnswer = lazy(() => data(applicationSchema));

export type MeasureGroup = z.output<typeof measureGroupSchema>;
export type Measure = z.output<typeof measureSchema>;
export type MeasureGroupDetail = z.output<typeof measureGroupDetailSchema>;

export const measureGroupPageAnswer = lazy(() => listPageSchema(measureGroupSchema));
export type MeasureGroupPage = z.output<typeof measureGroupPageAnswer>;
export const measureGroupAnswer = lazy(() => data(measureGroupDetailSchema));

export type MeasureEvent = z.output<typeof measureEventSchema>;
export const measureEventPageAnswer = lazy(() => listPageSchema(measureEventSchema));
export type MeasureEventPage = z.output<typeof measureEventPageAnswer>;

export const importAnswer = lazy(() => data(measureImportResultSchema));
export type ImportOutcome = z.output<typeof measureImportResultSchema>;

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
