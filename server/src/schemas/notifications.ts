import { z } from '@hono/zod-openapi';
import {
  notificationListSchema,
  notificationMetadataSchema,
  notificationSchema,
  notificationsReadAllSchema,
} from '../../../src/contract/notifications.js';
import { idParam, named } from './fields.js';

export const notificationsMaxLimit = 100;

// The answers are the contract's (src/contract/notifications.ts), to which the bell is held.
export const NotificationMetadataSchema = named(notificationMetadataSchema, 'NotificationMetadata');
export const NotificationSchema = named(notificationSchema, 'Notification');

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

export const NotificationListSchema = named(notificationListSchema, 'NotificationList');

export const NotificationParams = z.object({
  notificationId: idParam().openapi({ param: { name: 'notificationId', in: 'path' }, example: 1 }),
});

/** « Tout marquer comme lu »: how many notifications it read (the bell's count is then 0). */
export const NotificationsReadAllSchema = named(notificationsReadAllSchema, 'NotificationsReadAll');
