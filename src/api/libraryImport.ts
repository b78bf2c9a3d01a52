/**
 * Importing a supplier's price list and the starter library (issue 22, « Imports »), as
 * server/src/routes/library-import.ts answers them. The file goes up as a multipart form through
 * XMLHttpRequest: fetch (and so wretch) cannot say how much of a body is sent, and the dialog shows
 * a progress bar while a 20 Mo file travels. Errors are ApiErrors; answers are checked here.
 */
import * as v from 'valibot';
import { type ImportMapping, importFields } from '../contract/libraryImport';
import { postJson } from './client';
import { type UploadOptions, upload } from './upload';

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

export type { UploadOptions };

/** The file and the mapping as a multipart form (the one upload, src/api/upload.ts). */
function uploadImport<Schema extends v.GenericSchema>(
  path: string,
  schema: Schema,
  file: Blob,
  mapping: ImportMapping | null,
  options: UploadOptions = {},
): Promise<v.InferOutput<Schema>> {
  const body = new FormData();
  body.append('file', file);
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  return upload({ path, schema, body, ...options });
}

/** The file read without importing: columns, mapping (suggested when null), first lines, errors. */
export const previewLibraryImport = async (
  enterpriseId: number,
  file: Blob,
  mapping: ImportMapping | null,
  options?: UploadOptions,
): Promise<ImportPreview> =>
  (await uploadImport(`${importsPath(enterpriseId)}/preview`, importPreviewAnswer, file, mapping, options))
    .data;

/** The import: every line without an error, in one transaction. */
export const runLibraryImport = async (
  enterpriseId: number,
  file: Blob,
  mapping: ImportMapping,
  options?: UploadOptions,
): Promise<ImportResult> =>
  (await uploadImport(importsPath(enterpriseId), importResultAnswer, file, mapping, options)).data;

/** The starter library into an empty library (409 library_not_empty otherwise). */
export const loadStarterLibrary = async (enterpriseId: number): Promise<number> =>
  (await postJson(`/v2/companies/${enterpriseId}/library/starter`, starterAnswer)).data.created;
