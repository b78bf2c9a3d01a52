/**
 * Measure groups of the caller's company (issue 23): the list, one group with its measures, its
 * events, a group made by hand, its name and job, and a file imported into it. Any member of the
 * company works with them, as with jobs and quotes. The rules are in server/src/measures/.
 */

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { listPageSchema } from '../../../src/contract/lists.js';
import { measureRules } from '../../../src/contract/measures.js';
import { closeGently } from '../http/body-limit.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { requestHeader } from '../http/request-header.js';
import { validationHook } from '../http/validation.js';
import {
  importMeasureFile,
  recordRefusal,
  tooLargeReason,
  unknownSizeTooLargeReason,
} from '../measures/file-import.js';
import {
  createGroup,
  editGroup,
  listEvents,
  listGroups,
  loadGroup,
  loadGroupDetail,
} from '../measures/groups.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import {
  CreateMeasureGroupSchema,
  EditMeasureGroupSchema,
  ImportRefusedSchema,
  ImportResultSchema,
  MeasureEventsQuery,
  MeasureGroupDetailSchema,
  MeasureGroupEventSchema,
  MeasureGroupParams,
  MeasureGroupSchema,
  MeasureGroupsQuery,
} from '../schemas/measures.js';
import { CompanyUsersParams } from '../schemas/users.js';
import { refusal } from './invoicing-responses.js';

const tags = ['Mes applications'];
const base = '/v2/companies/{enterprise_id}/measure-groups';
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const listRoute = createRoute({
  method: 'get',
  path: base,
  tags,
  summary:
    "The company's measure groups: an application, a job, words of the name (no accents or case), by creation date, a page",
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: MeasureGroupsQuery },
  responses: {
    200: json(listPageSchema(MeasureGroupSchema), 'A page of groups and the number matching'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const createGroupRoute = createRoute({
  method: 'post',
  path: base,
  tags,
  summary: 'Make a group by hand (to import a file into); event « created »',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, body: body(CreateMeasureGroupSchema) },
  responses: {
    200: json(z.object({ data: MeasureGroupDetailSchema }), 'The new group'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: json(ErrorSchema, "not_found: the job is not the company's"),
    422: errorResponses[422],
  },
});

const getRoute = createRoute({
  method: 'get',
  path: `${base}/{id}`,
  tags,
  summary: 'One group: its measures, totals per kind, job and the quotes that use it',
  security: bearerSecurity,
  request: { params: MeasureGroupParams },
  responses: {
    200: json(z.object({ data: MeasureGroupDetailSchema }), 'The group'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const eventsRoute = createRoute({
  method: 'get',
  path: `${base}/{id}/events`,
  tags,
  summary: "The group's events, newest first (append-only)",
  security: bearerSecurity,
  request: { params: MeasureGroupParams, query: MeasureEventsQuery },
  responses: {
    200: json(listPageSchema(MeasureGroupEventSchema), 'A page of events'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const editRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/edit`,
  tags,
  summary:
    'Rename the group and tie it to a job (or none), from the version read; events « renamed », « linked_to_job »',
  security: bearerSecurity,
  request: { params: MeasureGroupParams, body: body(EditMeasureGroupSchema) },
  responses: {
    200: json(z.object({ data: MeasureGroupDetailSchema }), 'The group after the change'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: json(ErrorSchema, "not_found: the group or the job is not the company's"),
    409: json(ErrorSchema, 'stale_version (another change came first: reload)'),
    422: errorResponses[422],
  },
});

const importRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/import`,
  tags,
  summary:
    "Import an export file of the group's application (Pix4D GeoJSON or CSV, SEMA CSV): the body is the file's bytes, its name in X-File-Name (URI-encoded). Measures upserted by the file's id, else by name, all or nothing",
  security: bearerSecurity,
  request: {
    params: MeasureGroupParams,
    body: {
      required: true,
      content: {
        'application/octet-stream': {
          schema: z.string().openapi({ type: 'string', format: 'binary', description: 'The file as it is' }),
        },
      },
    },
  },
  responses: {
    200: json(z.object({ data: ImportResultSchema }), 'What was read, added and changed, and the group'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    413: json(
      ImportRefusedSchema,
      `measure_file_too_large (over ${measureRules.maxFileBytes} bytes; nothing read)`,
    ),
    422: json(
      z.union([ImportRefusedSchema, ErrorSchema]),
      'measure_import_refused: the reasons in French, nothing stored but the event; or validation (the path)',
    ),
  },
});

/** The file's name as the browser sent it (URI-encoded), short and printable. */
function fileNameOf(c: Context<AppEnv>): string {
  const raw = requestHeader(c, 'x-file-name') ?? '';
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not URI-encoded: kept as sent.
  }
  // Control characters (a line break would forge a log line or an event) are dropped.
  const clean = [...name]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
  return clean || 'fichier';
}

/** The body, read up to `max` bytes; null as soon as it holds more (the rest is never read). */
async function readBounded(c: Context<AppEnv>, max: number): Promise<Uint8Array | null> {
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

export function measureGroupsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { data, hits } = await db.withTenant(companyId, (tx) =>
      listGroups(tx, companyId, c.req.valid('query')),
    );
    return c.json({ data, info: { hits } }, 200);
  });

  app.openapi(createGroupRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const outcome = await db.withTenant(companyId, (tx) =>
      createGroup(tx, companyId, { userId, source: 'user' }, c.req.valid('json')),
    );
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const group = await db.withTenant(companyId, (tx) => loadGroupDetail(tx, companyId, id));
    if (!group) return apiError(c, 'not_found');
    return c.json({ data: group }, 200);
  });

  app.openapi(eventsRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const page = await db.withTenant(companyId, async (tx) =>
      (await loadGroup(tx, companyId, id)) ? listEvents(tx, companyId, id, c.req.valid('query')) : null,
    );
    if (!page) return apiError(c, 'not_found');
    return c.json({ data: page.data, info: { hits: page.hits } }, 200);
  });

  app.openapi(editRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await db.withTenant(companyId, (tx) =>
      editGroup(tx, companyId, { userId, source: 'user' }, id, c.req.valid('json')),
    );
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(importRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const fileName = fileNameOf(c);
    const refused = (key: 'measure_import_refused' | 'measure_file_too_large', reasons: string[]) =>
      c.json(
        {
          error: {
            key,
            message:
              key === 'measure_file_too_large'
                ? (reasons[0] ?? unknownSizeTooLargeReason)
                : "Ce fichier n'a pas été importé : rien n'a été enregistré.",
            reasons,
          },
        },
        key === 'measure_file_too_large' ? 413 : 422,
      );
    // A file announced over the limit is refused before a byte of it is read (its event says so).
    const declared = Number(requestHeader(c, 'content-length'));
    if (Number.isFinite(declared) && declared > measureRules.maxFileBytes) {
      const group = await db.withTenant(companyId, (tx) => loadGroup(tx, companyId, id));
      if (!group) return apiError(c, 'not_found');
      closeGently(c);
      const reasons = [tooLargeReason(declared)];
      await recordRefusal(
        db,
        companyId,
        userId,
        id,
        { fileName, size: declared },
        { key: 'measure_file_too_large', reasons },
      );
      return refused('measure_file_too_large', reasons);
    }
    const bytes = await readBounded(c, measureRules.maxFileBytes);
    if (bytes === null) {
      const group = await db.withTenant(companyId, (tx) => loadGroup(tx, companyId, id));
      if (!group) return apiError(c, 'not_found');
      closeGently(c);
      const reasons = [unknownSizeTooLargeReason];
      await recordRefusal(
        db,
        companyId,
        userId,
        id,
        { fileName, size: measureRules.maxFileBytes + 1 },
        {
          key: 'measure_file_too_large',
          reasons,
        },
      );
      return refused('measure_file_too_large', reasons);
    }
    const outcome = await importMeasureFile(db, companyId, userId, id, { bytes, fileName });
    if (outcome.ok) return c.json({ data: outcome.value }, 200);
    if (outcome.key === 'not_found') return apiError(c, 'not_found');
    return refused(outcome.refusal.key, outcome.refusal.reasons);
  });

  return app;
}
