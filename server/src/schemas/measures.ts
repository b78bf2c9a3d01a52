/**
 * « Mes applications » API shapes (issue 23): applications, measure groups, measures and events.
 * Rules and limits are the shared contract's (src/contract/measures.ts); /work/notes/MEASURES-API.md
 * and docs/api.md describe the answers.
 */
import { z } from '@hono/zod-openapi';
import {
  applicationConnectionSchema,
  applicationKeySchema,
  applicationSchema,
  applicationTypes,
  measureEventSchema,
  measureGroupDetailSchema,
  measureGroupEditSchema,
  measureGroupSchema,
  measureImportResultSchema,
  measureRules,
  measureSchema,
  measureTotalsSchema,
} from '../../../src/contract/measures.js';
import { pageQueryShape } from './common.js';
import { idNumber, idParam, named, requiredText } from './fields.js';
import { CompanyUsersParams } from './users.js';

// The answers' schemas are the shared contract's (the client parses with the same ones); here they
// get their OpenAPI names, their named parts referred to by name.
export const ApplicationKeySchema = named(applicationKeySchema, 'ApplicationKey');

export const ApplicationSchema = named(
  applicationSchema.extend({
    keys: z.array(ApplicationKeySchema).openapi({ description: 'Newest first, revoked ones included' }),
  }),
  'Application',
);

/** `{type}` is checked by the route: an unknown application is 404 not_found, as an unknown row. */
export const ApplicationParams = CompanyUsersParams.extend({
  type: z
    .string()
    .max(20)
    .openapi({ param: { name: 'type', in: 'path' }, example: 'pix4d', description: 'pix4d or sema' }),
});

const TotalsSchema = named(measureTotalsSchema, 'MeasureTotals');

export const MeasureGroupSchema = named(measureGroupSchema.extend({ totals: TotalsSchema }), 'MeasureGroup');

export const MeasureSchema = named(measureSchema, 'Measure');

export const MeasureGroupDetailSchema = named(
  measureGroupDetailSchema.extend({ totals: TotalsSchema, measures: z.array(MeasureSchema) }),
  'MeasureGroupDetail',
);

export const MeasureGroupEventSchema = named(measureEventSchema, 'MeasureGroupEvent');

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

export const ImportResultSchema = named(
  measureImportResultSchema.extend({ group: MeasureGroupDetailSchema }),
  'MeasureImportResult',
);

export const ApplicationConnectionSchema = applicationConnectionSchema.extend({
  application: ApplicationSchema,
});

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
