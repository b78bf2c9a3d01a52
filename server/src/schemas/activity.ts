/**
 * « Suivi d'activité » API shapes (issue 24): the activity log's page and its CSV export, with the
 * same filters. Kinds, object types and the answer are the shared contract's (src/contract/activity.ts);
 * /work/notes/ACTIVITY-API.md and docs/api.md describe the answers.
 */
import { z } from '@hono/zod-openapi';
import {
  activityEventSchema,
  activityKinds,
  activityObjectTypes,
  activityPageSchema,
} from '../../../src/contract/activity.js';
import { pageQueryShape } from './common.js';
import { named } from './fields.js';
import { idQuery, isoDay } from './invoicing.js';

/** The answers' schemas are the shared contract's: the client parses with the same ones. */
export const ActivityEventSchema = named(activityEventSchema, 'ActivityEvent');
export const ActivityPageSchema = activityPageSchema.extend({ data: z.array(ActivityEventSchema) });

/** The filters of the list and of its export (all optional). */
export const activityFilterShape = {
  kind: z
    .enum(activityKinds, { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'kind', in: 'query' } }),
  userId: idQuery('userId'),
  objectType: z
    .enum(activityObjectTypes, { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'objectType', in: 'query' } }),
  objectId: idQuery('objectId'),
  from: isoDay()
    .optional()
    .openapi({ param: { name: 'from', in: 'query' }, description: 'yyyy-MM-dd, inclusive (Paris day)' }),
  to: isoDay()
    .optional()
    .openapi({ param: { name: 'to', in: 'query' }, description: 'yyyy-MM-dd, inclusive (Paris day)' }),
};

export const ActivityExportQuery = z.object(activityFilterShape);
export const ActivityQuery = z.object({ ...activityFilterShape, ...pageQueryShape });
export type ActivityFilterValues = z.output<typeof ActivityExportQuery>;
