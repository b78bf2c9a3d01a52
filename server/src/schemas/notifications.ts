import { z } from '@hono/zod-openapi';
import { idParam } from './fields.js';

export const notificationsMaxLimit = 100;

const LinkSchema = z.object({ href: z.string(), label: z.string() }).openapi('NotificationLink');

export const NotificationMetadataSchema = z
  .object({ link: LinkSchema.optional(), buttons: z.array(LinkSchema).optional() })
  .openapi('NotificationMetadata');

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    notification_param_id: z.number().int(),
    title: z.string(),
    description: z.string().openapi({ description: 'HTML' }),
    valid_from: z.string().openapi({ format: 'date-time' }),
    read_at: z.string().nullable().openapi({ format: 'date-time' }),
    metadata: NotificationMetadataSchema,
  })
  .openapi('Notification');

export const NotificationListQuery = z.object({
  limit: z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(1, 'number')
    .max(notificationsMaxLimit, 'number')
    .default(10)
    .openapi({ param: { name: 'limit', in: 'query' }, example: 5 }),
  offset: z.coerce
    .number({ error: 'number' })
    .int('number')
    .min(0, 'number')
    .max(1_000_000, 'number')
    .default(0)
    .openapi({ param: { name: 'offset', in: 'query' }, example: 0 }),
  /** The settings' notifications centre: only the read (true) or unread (false) ones. */
  read: z
    .enum(['true', 'false'], { error: 'boolean' })
    .optional()
    .openapi({ param: { name: 'read', in: 'query' }, example: 'false' }),
});

export const NotificationListSchema = z
  .object({
    data: z.array(NotificationSchema),
    info: z.object({ hits: z.number().int(), totalUnreads: z.number().int() }),
  })
  .openapi('NotificationList');

export const NotificationParams = z.object({
  notificationId: idParam().openapi({ param: { name: 'notificationId', in: 'path' }, example: 1 }),
});

/** « Tout marquer comme lu »: how many notifications it read (the bell's count is then 0). */
export const NotificationsReadAllSchema = z
  .object({ data: z.object({ read: z.number().int() }) })
  .openapi('NotificationsReadAll');
