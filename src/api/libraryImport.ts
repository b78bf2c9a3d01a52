/**
 * Importing a supplier's price list and the starter library (issue 22, « Imports »), as
 * server/src/routes/library-import.ts answers them. The file goes up as a multipart form through
 * XMLHttpRequest: fetch (and so wretch) cannot say how much of a body is sent, and the dialog shows
 * a progress bar while a 20 Mo file travels. The answers' schemas are the shared contract's
 * (src/contract/libraryImport.ts): the server declares its answers with the same schemas, parsed
 * here at the boundary. Errors are ApiErrors.
 */
import { z } from 'zod';
import { lazy } from '../contract/lazy';
import {
  type ImportLineError,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  importPreviewSchema,
  importResultSchema,
  starterLibrarySchema,
} from '../contract/libraryImport';
import { type AnswerOf, type AnswerSchema, postJson } from './client';
import { type UploadOptions, upload } from './upload';

export type { ImportLineError, ImportPreview, ImportResult };

export const importPreviewAnswer = lazy(() => z.object({ data: importPreviewSchema }));
export const importResultAnswer = lazy(() => z.object({ data: importResultSchema }));
const starterAnswer = lazy(() => z.object({ data: starterLibrarySchema }));

const importsPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/library/imports`;

export type { UploadOptions };

/** The file and the mapping as a multipart form (the one upload, src/api/upload.ts). */
function uploadImport<Schema extends AnswerSchema>(
  path: string,
  schema: Schema,
  file: Blob,
  mapping: ImportMapping | null,
  options: UploadOptions = {},
): Promise<AnswerOf<Schema>> {
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
