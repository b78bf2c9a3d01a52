/**
 * « Suivi d'activité » API shapes (issue 24): the activity log's page and its CSV export, with the
 * same filters. Kinds and object types are the shared contract's (src/contract/activity.ts);
 * /work/notes/ACTIVITY-API.md and docs/api.md describe the answers.
 */
import { z } from '@hono/zod-openapi';
import { activityKinds, activityObjectTypes } from '../../../src/contract/activity.js';
import { pageQueryShape } from './common.js';
import { idQuery, int, isoDay } from './invoicing.js';

export const ActivityEventSchema = z
  .object({
    id: int(),
    occurredAt: z.string().openapi({ format: 'date-time' }),
    kind: z.enum(activityKinds),
    userId: int().nullable().openapi({ description: 'Null: the system or a connected application' }),
    userName: z.string().nullable(),
    objectType: z.enum(activityObjectTypes),
    objectId: int().nullable().openapi({ description: "The object's id (null for the company's settings)" }),
    label: z.string().openapi({ description: 'The French sentence written at that moment' }),
    details: z.record(z.string(), z.unknown()),
  })
  .openapi('ActivityEvent');

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
