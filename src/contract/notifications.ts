/**
 * The notifications' answers (spec section 7: GET /v2/notifications, …/{id}/read, …/read-all), as
 * the server declares them (server/src/schemas/notifications.ts).
 *
 * The bell is in the page entry (dist/define.js), whose budget has no room for zod: it parses these
 * answers with its own small valibot schemas (src/api/notifications.ts), which a property test holds
 * to these ones (src/api/pageEntryAnswers.test.ts: every answer these schemas allow, the bell reads).
 */
import { z } from 'zod';
import { lazy } from './lazy.js';

export const notificationLinkSchema = lazy(() => z.object({ href: z.string(), label: z.string() }));

export const notificationMetadataSchema = lazy(() =>
  z.object({
    link: notificationLinkSchema.optional(),
    buttons: z.array(notificationLinkSchema).optional(),
  }),
);

export const notificationSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    notification_param_id: z.number().int(),
    title: z.string(),
    /** HTML from the server: the client renders it only through SafeHtml (DOMPurify). */
    description: z.string().meta({ description: 'HTML' }),
    valid_from: z.string().meta({ format: 'date-time' }),
    read_at: z.string().nullable().meta({ format: 'date-time' }),
    metadata: notificationMetadataSchema,
  }),
);

export const notificationListSchema = lazy(() =>
  z.object({
    data: z.array(notificationSchema),
    info: z.object({ hits: z.number().int(), totalUnreads: z.number().int() }),
  }),
);

/** « Tout marquer comme lu »: how many notifications it read (the bell's count is then 0). */
export const notificationsReadAllSchema = lazy(() =>
  z.object({ data: z.object({ read: z.number().int() }) }),
);
