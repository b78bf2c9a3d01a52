/**
 * The bell's calls. It is in the page entry (dist/define.js), whose 90 kB budget has no room for
 * zod's core (about 4.5 kB gzip for zod/mini, against valibot's 2.2 kB): its answers are parsed
 * with valibot, and pageEntryAnswers.test.ts holds these schemas to the contract's
 * (src/contract/notifications.ts, which the server declares): every answer allowed there is read
 * here. Lenient where older servers were (metadata null or absent, ids as strings).
 */
import * as v from 'valibot';
import { NOTIFICATIONS_DEFAULT_LIMIT, NOTIFICATIONS_DEFAULT_OFFSET } from '../config/constants';
import { logger } from '../logging/logger';
import { getJson, postJson } from './client';

/** Logged, never shown: the bell stays quiet when the notifications cannot be had (spec section 8). */
const notificationErrors = {
  list: 'Error getting notifications',
  read: 'Error marking notification read',
  readAll: 'Error marking all notifications read',
} as const;

const linkSchema = v.object({ href: v.string(), label: v.string() });

/** Lenient where the server may be: metadata null or absent, ids as numbers or strings. */
const metadataSchema = v.pipe(
  v.nullish(
    v.object({
      link: v.nullish(linkSchema),
      buttons: v.nullish(v.array(linkSchema)),
    }),
  ),
  v.transform((metadata) => ({
    link: metadata?.link ?? undefined,
    buttons: metadata?.buttons ?? [],
  })),
);

const notificationSchema = v.object({
  id: v.number(),
  notification_param_id: v.union([v.number(), v.string()]),
  title: v.string(),
  /** HTML from the server: render it only through SafeHtml. */
  description: v.string(),
  valid_from: v.string(),
  read_at: v.nullable(v.string()),
  metadata: metadataSchema,
});

export type Notification = v.InferOutput<typeof notificationSchema>;
export type NotificationLink = v.InferOutput<typeof linkSchema>;

export const listAnswer = v.object({
  data: v.array(notificationSchema),
  info: v.object({ hits: v.number(), totalUnreads: v.number() }),
});

export type NotificationPage = v.InferOutput<typeof listAnswer>;

/** GET /v2/notifications: a page, or undefined after logging the failure (spec section 7). */
export async function fetchNotifications(
  limit: number = NOTIFICATIONS_DEFAULT_LIMIT,
  offset: number = NOTIFICATIONS_DEFAULT_OFFSET,
): Promise<NotificationPage | undefined> {
  try {
    return await getJson(`/v2/notifications?limit=${limit}&offset=${offset}`, listAnswer);
  } catch (error) {
    logger.error(notificationErrors.list, { error, labels: { limit, offset } });
    return undefined;
  }
}

export const readAnswer = v.object({ data: notificationSchema });

/** POST /v2/notifications/{id}/read: the notification, or undefined after logging the failure. */
export async function markNotificationRead(notificationId: number): Promise<Notification | undefined> {
  try {
    return (await postJson(`/v2/notifications/${notificationId}/read`, readAnswer)).data;
  } catch (error) {
    logger.error(notificationErrors.read, { error, labels: { notificationId } });
    return undefined;
  }
}

export const readAllAnswer = v.object({ data: v.object({ read: v.number() }) });

/**
 * POST /v2/notifications/read-all (« Tout marquer comme lu »): how many were read, or undefined
 * after logging the failure.
 */
export async function markAllNotificationsRead(): Promise<number | undefined> {
  try {
    return (await postJson('/v2/notifications/read-all', readAllAnswer)).data.read;
  } catch (error) {
    logger.error(notificationErrors.readAll, { error });
    return undefined;
  }
}
