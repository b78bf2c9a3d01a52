/**
 * Importing a supplier's price list and the starter library (issue 22, « Imports »), as
 * server/src/routes/library-import.ts answers them. The file goes up as a multipart form through
 * XMLHttpRequest: fetch (and so wretch) cannot say how much of a body is sent, and the dialog shows
 * a progress bar while a 20 Mo file travels. Errors are ApiErrors; answers are checked here.
 */
import * as v from 'valibot';
import { getConfig } from '../config/config';
import { type ImportMapping, importFields } from '../contract/libraryImport';
import { getAccessToken } from '../session/token';
import { apiErrorFrom, postJson } from './client';
import { ApiError, UnexpectedAnswerError } from './errors';

const int = () => v.pipe(v.number(), v.integer());
const field = v.picklist(importFields);

const mappingSchema = v.object(
  Object.fromEntries(importFields.map((name) => [name, v.nullable(int())])) as Record<
    (typeof importFields)[number],
    v.NullableSchema<ReturnType<typeof int>, undefined>
  >,
);

const lineErrorSchema = v.object({ line: int(), field: v.optional(field), message: v.string() });
export type ImportLineError = v.InferOutput<typeof lineErrorSchema>;

export const importPreviewAnswer = v.object({
  data: v.object({
    format: v.picklist(['csv', 'xlsx']),
    encoding: v.nullable(v.string()),
    separator: v.nullable(v.string()),
    columns: v.array(v.string()),
    mapping: mappingSchema,
    missing: v.array(field),
    lines: int(),
    rows: v.array(
      v.object({
        line: int(),
        values: v.record(v.string(), v.nullable(v.string())),
        priceCents: v.nullable(int()),
        action: v.nullable(v.picklist(['create', 'update'])),
        errors: v.array(v.string()),
      }),
    ),
    counts: v.object({ create: int(), update: int(), rejected: int() }),
    errors: v.array(lineErrorSchema),
  }),
});
export type ImportPreview = v.InferOutput<typeof importPreviewAnswer>['data'];

export const importResultAnswer = v.object({
  data: v.object({
    created: int(),
    updated: int(),
    unchanged: int(),
    rejected: int(),
    errors: v.array(lineErrorSchema),
  }),
});
export type ImportResult = v.InferOutput<typeof importResultAnswer>['data'];

const starterAnswer = v.object({ data: v.object({ created: int() }) });

const importsPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/library/imports`;

export interface UploadOptions {
  /** The share of the file sent, 0 to 1 (called as the upload goes). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs the file and the mapping as a multipart form, with the bearer token, and parses the
 * answer. Rejects with an ApiError (the server's key) or a network failure.
 */
function upload<Schema extends v.GenericSchema>(
  path: string,
  schema: Schema,
  file: Blob,
  mapping: ImportMapping | null,
  { onProgress, signal }: UploadOptions = {},
): Promise<v.InferOutput<Schema>> {
  const form = new FormData();
  form.append('file', file);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${getConfig().apiHost}${path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Authorization', `Bearer ${getAccessToken()}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorFrom(request.status, request.responseText));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        reject(new UnexpectedAnswerError(path, 'not JSON'));
        return;
      }
      const parsed = v.safeParse(schema, body);
      if (parsed.success) resolve(parsed.output);
      else reject(new UnexpectedAnswerError(path, v.summarize(parsed.issues)));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'internal_error')));
    request.addEventListener('abort', () => reject(new DOMException('Envoi annulé', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** The file read without importing: columns, mapping (suggested when null), first lines, errors. */
export const previewLibraryImport = async (
  enterpriseId: number,
  file: Blob,
  mapping: ImportMapping | null,
  options?: UploadOptions,
): Promise<ImportPreview> =>
  (await upload(`${importsPath(enterpriseId)}/preview`, importPreviewAnswer, file, mapping, options)).data;

/** The import: every line without an error, in one transaction. */
export const runLibraryImport = async (
  enterpriseId: number,
  file: Blob,
  mapping: ImportMapping,
  options?: UploadOptions,
): Promise<ImportResult> =>
  (await upload(importsPath(enterpriseId), importResultAnswer, file, mapping, options)).data;

/** The starter library into an empty library (409 library_not_empty otherwise). */
export const loadStarterLibrary = async (enterpriseId: number): Promise<number> =>
  (await postJson(`/v2/companies/${enterpriseId}/library/starter`, starterAnswer)).data.created;
