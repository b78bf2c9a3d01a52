/**
 * Importing a supplier's price list into the library, and the starter library (issue 22,
 * « Imports »). Both import calls take the same multipart form: `file` (CSV or XLSX, 20 Mo at most)
 * and `mapping` (JSON: the column of each field). The preview reads the file and the library and
 * writes nothing; the import writes every line without an error in one transaction. The file is
 * sent again for the import (the server keeps nothing between the two calls: any instance may
 * answer either). Any member of the company imports, as any member manages the library.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  type ImportField,
  type ImportMapping,
  importFields,
  importLineErrorSchema,
  importMappingSchema,
  importPreviewSchema,
  importResultSchema,
  importRules,
  mappingProblems,
  starterLibrarySchema,
  suggestMapping,
} from '../../../src/contract/libraryImport.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { listedErrors, lockImports, planCounts, planImport, runImport } from '../library/import.js';
import { type FileRefusal, type ImportTable, readImportFile } from '../library/import-file.js';
import { type LineError, readLine } from '../library/import-lines.js';
import { loadStarterLibrary } from '../library/starter.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { named } from '../schemas/fields.js';
import { CompanyUsersParams } from '../schemas/users.js';
import { refusal } from './invoicing-responses.js';

const tags = ['Base de données'];
const base = '/v2/companies/{enterprise_id}/library';

// The answers and the mapping are the shared contract's (src/contract/libraryImport.ts): the client
// parses the answers with the same schemas. Here they get their OpenAPI names.
const MappingSchema = named(importMappingSchema, 'LibraryImportMapping');

const UploadSchema = z.object({
  file: z
    .instanceof(File, { message: 'required' })
    .openapi({ type: 'string', format: 'binary', description: 'The price list: CSV (; , or tab) or XLSX' }),
  mapping: z.string().max(2000).optional().openapi({
    description:
      'JSON LibraryImportMapping. The preview without it suggests one from the header line; the import requires it',
  }),
});
const upload = { required: true, content: { 'multipart/form-data': { schema: UploadSchema } } };

const LineErrorSchema = named(importLineErrorSchema, 'LibraryImportLineError');

const PreviewSchema = named(
  importPreviewSchema.extend({
    mapping: MappingSchema,
    errors: z.array(LineErrorSchema).meta(importPreviewSchema.shape.errors.meta() ?? {}),
  }),
  'LibraryImportPreview',
);

const ResultSchema = named(
  importResultSchema.extend({ errors: z.array(LineErrorSchema) }),
  'LibraryImportResult',
);

const fileErrors = {
  401: errorResponses[401],
  403: errorResponses[403],
  413: json(ErrorSchema, 'import_file_too_large (over 20 Mo), payload_too_large (a body far over it)'),
  422: json(
    ErrorSchema,
    'import_file_unreadable (neither a CSV nor an XLSX), import_file_empty, import_too_many_lines (over 200 000), validation (mapping)',
  ),
};

const previewRoute = createRoute({
  method: 'post',
  path: `${base}/imports/preview`,
  tags,
  summary:
    "Read a price list without importing it: its columns, the mapping (suggested from the header when none is sent), the first 20 lines mapped with what each would do, and every line's errors in French",
  security: bearerSecurity,
  request: { params: CompanyUsersParams, body: upload },
  responses: { 200: json(z.object({ data: PreviewSchema }), 'The preview'), ...fileErrors },
});

const importRoute = createRoute({
  method: 'post',
  path: `${base}/imports`,
  tags,
  summary:
    'Import a price list: new codes created as supplies, existing codes updated (designation, unit, price, family), families created by name; lines with errors left out; all in one transaction',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, body: upload },
  responses: { 200: json(z.object({ data: ResultSchema }), 'What the import did'), ...fileErrors },
});

const starterRoute = createRoute({
  method: 'post',
  path: `${base}/starter`,
  tags,
  summary:
    'Load the starter library of a renovation firm (about 250 supplies, labour, equipment and works in six families) into an empty library',
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: starterLibrarySchema }), 'How many items were created'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: json(ErrorSchema, 'library_not_empty: the library already holds items'),
  },
});

type Upload = z.infer<typeof UploadSchema>;

/** The mapping sent, or null when none was; a string that is not one: the validation answer. */
function mappingSent(text: string | undefined): { ok: true; mapping: ImportMapping | null } | { ok: false } {
  if (text === undefined || text === '') return { ok: true, mapping: null };
  try {
    const parsed = MappingSchema.safeParse(JSON.parse(text));
    return parsed.success ? { ok: true, mapping: parsed.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}

type Refused = { ok: false; key: FileRefusal | 'validation'; fields?: Record<string, string> };

/** The file read and the mapping checked, or why they are refused. */
async function readUpload(
  { file, mapping: mappingText }: Upload,
  required: boolean,
): Promise<Refused | { ok: true; table: ImportTable; mapping: ImportMapping; missing: ImportField[] }> {
  if (file.size > importRules.maxBytes) return { ok: false, key: 'import_file_too_large' };
  const sent = mappingSent(mappingText);
  if (!sent.ok) return { ok: false, key: 'validation', fields: { mapping: 'invalid' } };
  if (required && sent.mapping === null)
    return { ok: false, key: 'validation', fields: { mapping: 'required' } };
  const read = await readImportFile(new Uint8Array(await file.arrayBuffer()));
  if (!read.ok) return { ok: false, key: read.key };
  const mapping = sent.mapping ?? suggestMapping(read.table.header);
  const problems = mappingProblems(mapping, Math.max(read.table.header.length, 1));
  const invalid = Object.entries(problems).filter(([, code]) => code === 'invalid' || required);
  if (invalid.length > 0) {
    const fields = Object.fromEntries(invalid.map(([field, code]) => [`mapping.${field}`, code]));
    return { ok: false, key: 'validation', fields };
  }
  const missing = importFields.filter((field) => problems[field] === 'required');
  return { ok: true, table: read.table, mapping, missing };
}

const refused = (c: Context<AppEnv>, { key, fields }: Refused) => apiError(c, key, fields ? { fields } : {});

export function libraryImportRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(previewRoute, async (c) => {
    const { companyId } = c.get('caller');
    const read = await readUpload(c.req.valid('form'), false);
    if (!read.ok) return refused(c, read);
    const { table, mapping, missing } = read;
    const shown = table.rows.slice(0, importRules.previewRows);
    const valuesOf = (cells: string[]) =>
      Object.fromEntries(
        importFields.map((field) => {
          const index = mapping[field];
          return [field, index === null ? null : (cells[index] ?? '').trim()];
        }),
      );
    if (missing.length > 0) {
      // Nothing can be checked yet: the lines as they are, for the person to choose the columns.
      return c.json(
        {
          data: {
            format: table.format,
            encoding: table.encoding,
            separator: table.separator,
            columns: table.header,
            mapping,
            missing,
            lines: table.rows.length,
            rows: shown.map((row) => ({
              line: row.line,
              values: valuesOf(row.cells),
              priceCents: null,
              action: null,
              errors: [] as string[],
            })),
            counts: { create: 0, update: 0, rejected: 0 },
            errors: [] as LineError[],
          },
        },
        200,
      );
    }
    const plan = await db.withTenant(companyId, (tx) => planImport(tx, companyId, table, mapping));
    const planned = new Map(plan.lines.map((line) => [line.line, line]));
    const errorsOf = new Map<number, string[]>();
    for (const error of plan.errors)
      errorsOf.set(error.line, [...(errorsOf.get(error.line) ?? []), error.message]);
    return c.json(
      {
        data: {
          format: table.format,
          encoding: table.encoding,
          separator: table.separator,
          columns: table.header,
          mapping,
          missing,
          lines: table.rows.length,
          rows: shown.map((row) => {
            const line = planned.get(row.line);
            const read = readLine(row.line, row.cells, mapping);
            return {
              line: row.line,
              values: valuesOf(row.cells),
              priceCents: read.ok ? read.item.priceCents : null,
              action: line ? (line.itemId === null ? ('create' as const) : ('update' as const)) : null,
              errors: errorsOf.get(row.line) ?? [],
            };
          }),
          counts: planCounts(plan),
          errors: listedErrors(plan.errors),
        },
      },
      200,
    );
  });

  app.openapi(importRoute, async (c) => {
    const { companyId } = c.get('caller');
    const read = await readUpload(c.req.valid('form'), true);
    if (!read.ok) return refused(c, read);
    const { table, mapping } = read;
    const { result, errors } = await db.withTenant(companyId, async (tx) => {
      await lockImports(tx, companyId);
      const plan = await planImport(tx, companyId, table, mapping);
      return { result: await runImport(tx, companyId, plan), errors: plan.errors };
    });
    return c.json({ data: { ...result, errors: listedErrors(errors) } }, 200);
  });

  app.openapi(starterRoute, async (c) => {
    const { companyId } = c.get('caller');
    const outcome = await db.withTenant(companyId, (tx) => loadStarterLibrary(tx, companyId));
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  return app;
}
