/** The signed-in user's notifications (the bell), inside their company. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { notifications } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { bearerSecurity, errorResponses } from '../schemas/common.js';
import {
  NotificationListQuery,
  NotificationListSchema,
  type NotificationMetadataSchema,
  NotificationParams,
  NotificationSchema,
} from '../schemas/notifications.js';

type NotificationRow = typeof notifications.$inferSelect;

function toNotificationJson(row: NotificationRow): z.infer<typeof NotificationSchema> {
  return {
    id: row.id,
    notification_param_id: row.notificationParamId,
    title: row.title,
    description: row.description,
    valid_from: row.validFrom.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
    metadata: row.metadata as z.infer<typeof NotificationMetadataSchema>,
  };
}

const listNotifications = createRoute({
  method: 'get',
  path: '/v2/notifications',
  tags: ['Notifications'],
  summary: "The caller's notifications, newest valid_from first",
  security: bearerSecurity,
  request: { query: NotificationListQuery },
  responses: {
    200: {
      content: { 'application/json': { schema: NotificationListSchema } },
      description: 'A page and the counts',
    },
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

const readNotification = createRoute({
  method: 'post',
  path: '/v2/notifications/{notificationId}/read',
  tags: ['Notifications'],
  summary: "Mark one of the caller's notifications read (idempotent)",
  security: bearerSecurity,
  request: { params: NotificationParams },
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ data: NotificationSchema }) } },
      description: 'The notification',
    },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export function notificationsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listNotifications, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { limit, offset, read } = c.req.valid('query');
    // Notifications scheduled for later are not shown before their valid_from.
    const all = and(
      eq(notifications.companyId, companyId),
      eq(notifications.userId, userId),
      lte(notifications.validFrom, sql`now()`),
    );
    const readFilter =
      read === undefined
        ? undefined
        : read === 'true'
          ? isNotNull(notifications.readAt)
          : isNull(notifications.readAt);
    const mine = and(all, readFilter);
    const { rows, counts } = await db.withTenant(companyId, async (tx) => {
      const counters = {
        hits: sql<number>`(count(*) over ())::int`,
        totalUnreads: sql<number>`(count(*) filter (where ${notifications.readAt} is null) over ())::int`,
      };
      // The page and the counts in one statement: window aggregates see every matching row before
      // LIMIT/OFFSET apply.
      const page = await tx
        .select({ row: notifications, ...counters })
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.validFrom), desc(notifications.id))
        .limit(limit)
        .offset(offset);
      // Filtered: hits counts the filter's rows, totalUnreads stays every unread one (the badge).
      if (read !== undefined) {
        const [unreads] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(and(all, isNull(notifications.readAt)));
        const [hits] = await tx.select({ n: sql<number>`count(*)::int` }).from(notifications).where(mine);
        return {
          rows: page.map((p) => p.row),
          counts: { hits: Number(hits?.n ?? 0), totalUnreads: Number(unreads?.n ?? 0) },
        };
      }
      if (page.length > 0) return { rows: page.map((p) => p.row), counts: page[0]! };
      // An offset past the end returns no row to carry the counts: ask for them alone.
      const [counts] = await tx
        .select({
          hits: sql<number>`count(*)::int`,
          totalUnreads: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
        })
        .from(notifications)
        .where(mine);
      return { rows: [], counts };
    });
    return c.json(
      {
        data: rows.map(toNotificationJson),
        info: { hits: counts?.hits ?? 0, totalUnreads: counts?.totalUnreads ?? 0 },
      },
      200,
    );
  });

  app.openapi(readNotification, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { notificationId } = c.req.valid('param');
    const [row] = await db.withTenant(companyId, (tx) =>
      tx
        .update(notifications)
        // Keep the first reading time when it is read again.
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(
          and(
            eq(notifications.id, notificationId),
            eq(notifications.companyId, companyId),
            eq(notifications.userId, userId),
          ),
        )
        .returning(),
    );
    if (!row) return apiError(c, 'not_found');
    return c.json({ data: toNotificationJson(row) }, 200);
  });

  return app;
}
