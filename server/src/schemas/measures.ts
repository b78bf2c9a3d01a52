/**
 * « Mes applications » API shapes (issue 23): applications, measure groups, measures and events.
 * Rules and limits are the shared contract's (src/contract/measures.ts); /work/notes/MEASURES-API.md
 * and docs/api.md describe the answers.
 */
import { z } from '@hono/zod-openapi';
import {
  applicationTypes,
  measureEventKinds,
  measureGroupEditSchema,
  measureKinds,
  measureRules,
  measureUnits,
} from '../../../src/contract/measures.js';
import { pageQueryShape } from './common.js';
import { idNumber, idParam, requiredText } from './fields.js';
import { CompanyUsersParams } from './users.js';

const int = () => z.number().int();
const iso = () => z.string().openapi({ format: 'date-time' });

export const ApplicationKeySchema = z
  .object({
    id: int(),
    prefix: z.string().openapi({ description: 'The first characters of the key, to tell keys apart' }),
    createdAt: iso(),
    lastUsedAt: iso().nullable(),
    revokedAt: iso().nullable(),
  })
  .openapi('ApplicationKey');

export const ApplicationSchema = z
  .object({
    type: z.enum(applicationTypes),
    label: z.string(),
    connected: z.boolean(),
    connectedAt: iso().nullable(),
    lastDataAt: iso().nullable().openapi({ description: 'Last measures received, any group' }),
    groupCount: int(),
    keys: z.array(ApplicationKeySchema).openapi({ description: 'Newest first, revoked ones included' }),
  })
  .openapi('Application');

/** `{type}` is checked by the route: an unknown application is 404 not_found, as an unknown row. */
export const ApplicationParams = CompanyUsersParams.extend({
  type: z
    .string()
    .max(20)
    .openapi({ param: { name: 'type', in: 'path' }, example: 'pix4d', description: 'pix4d or sema' }),
});

const TotalsSchema = z
  .object({ length: int(), area: int(), volume: int(), count: int() })
  .openapi('MeasureTotals', { description: 'Sums per kind, in thousandths of m, m², m³ and u' });

const groupFields = {
  id: int(),
  application: z.enum(applicationTypes),
  externalId: z.string().nullable(),
  name: z.string(),
  businessJob: z.object({ id: int(), name: z.string(), customerName: z.string() }).nullable(),
  measureCount: int(),
  totals: TotalsSchema,
  lastDataAt: iso().nullable(),
  createdAt: iso(),
  updatedAt: iso(),
  version: int(),
};

export const MeasureGroupSchema = z.object(groupFields).openapi('MeasureGroup');

export const MeasureSchema = z
  .object({
    id: int(),
    externalId: z.string().nullable(),
    name: z.string(),
    kind: z.enum(measureKinds),
    valueMilli: int().openapi({ description: 'Thousandths of the unit' }),
    unit: z.enum(measureUnits),
    note: z.string(),
    geometry: z.unknown().nullable().openapi({ description: 'As received, never read' }),
    position: int(),
    updatedAt: iso(),
  })
  .openapi('Measure');

export const MeasureGroupDetailSchema = z
  .object({
    ...groupFields,
    measures: z.array(MeasureSchema),
    quotes: z
      .array(z.object({ id: int(), number: z.string(), status: z.string() }))
      .openapi({ description: 'Quotes whose lines take a quantity from this group' }),
  })
  .openapi('MeasureGroupDetail');

export const MeasureGroupEventSchema = z
  .object({
    id: int(),
    kind: z.enum(measureEventKinds),
    at: iso(),
    source: z.enum(['user', 'connector', 'import']),
    user: z.object({ id: int(), name: z.string() }).nullable(),
    detail: z.record(z.string(), z.unknown()),
  })
  .openapi('MeasureGroupEvent');

export const MeasureGroupParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

const page = pageQueryShape;

export const MeasureGroupsQuery = z.object({
  application: z
    .enum(applicationTypes, { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'application', in: 'query' } }),
  businessJobId: idParam()
    .optional()
    .openapi({ param: { name: 'businessJobId', in: 'query' } }),
  q: z
    .string({ error: 'string' })
    .trim()
    .max(100, 'too_long')
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: 'Words of the name, without accents or case',
    }),
  sort: z
    .enum(['date', '-date'], { error: 'invalid' })
    .default('-date')
    .openapi({ param: { name: 'sort', in: 'query' }, description: 'By creation date; -date: newest first' }),
  ...page,
});

export const MeasureEventsQuery = z.object(page);

export const CreateMeasureGroupSchema = z
  .object({
    application: z.enum(applicationTypes, { error: 'invalid' }),
    name: requiredText(measureRules.groupNameMax),
    businessJobId: idNumber().nullable().default(null),
  })
  .openapi('CreateMeasureGroup');

export const EditMeasureGroupSchema = z.object(measureGroupEditSchema.shape).openapi('EditMeasureGroup');

export const ImportResultSchema = z
  .object({
    format: z.string().openapi({ description: 'pix4d-geojson, pix4d-csv or sema-csv' }),
    read: int().openapi({ description: 'Measures read from the file' }),
    added: int(),
    changed: int(),
    warnings: z.array(z.string()),
    group: MeasureGroupDetailSchema,
  })
  .openapi('MeasureImportResult');

export const ImportRefusedSchema = z
  .object({
    error: z.object({
      key: z.enum(['measure_import_refused', 'measure_file_too_large']),
      message: z.string(),
      reasons: z.array(z.string()).openapi({ description: 'Why, in French, with line or feature numbers' }),
    }),
  })
  .openapi('MeasureImportRefused');

/** The connector's paths: `{type}` of the key's application, `{externalId}` the group's. */
export const ConnectorParams = z.object({
  type: z
    .string()
    .max(20)
    .openapi({ param: { name: 'type', in: 'path' }, example: 'pix4d' }),
});

export const ConnectorGroupParams = ConnectorParams.extend({
  externalId: z
    .string()
    .min(1)
    .max(measureRules.externalIdMax)
    .openapi({ param: { name: 'externalId', in: 'path' }, example: 'site-42' }),
});
