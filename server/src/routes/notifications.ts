/** The signed-in user's notifications (the bell), inside their company. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { readStatement } from '../db/database.js';
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
  NotificationsReadAllSchema,
} from '../schemas/notifications.js';

/** A notification's columns as the driver names them (the list's statement, the read's returning). */
interface NotificationColumns {
  id: number;
  notification_param_id: number;
  title: string;
  description: string;
  valid_from: Date;
  read_at: Date | null;
  metadata: unknown;
}
const notificationColumns = {
  id: notifications.id,
  notification_param_id: notifications.notificationParamId,
  title: notifications.title,
  description: notifications.description,
  valid_from: notifications.validFrom,
  read_at: notifications.readAt,
  metadata: notifications.metadata,
};

/** A row of the bell's list: the notification (null columns when the page is empty) and the counts. */
interface ListRow extends Omit<NotificationColumns, 'id'> {
  id: number | null;
  hits: number;
  total_unreads: number;
}

function toNotificationJson(row: NotificationColumns): z.infer<typeof NotificationSchema> {
  return {
    id: row.id,
    notification_param_id: row.notification_param_id,
    title: row.title,
    description: row.description,
    valid_from: row.valid_from.toISOString(),
    read_at: row.read_at ? row.read_at.toISOString() : null,
    metadata: row.metadata as z.infer<typeof NotificationMetadataSchema>,
  };
}

/** The caller's notifications already valid (one scheduled for later is not shown before its time). */
const mine = sql`${notifications.companyId} = ${sql.placeholder('companyId')}
  and ${notifications.userId} = ${sql.placeholder('userId')} and ${notifications.validFrom} <= now()`;

type ReadFilter = 'true' | 'false' | undefined;
const readFilters = {
  all: sql`true`,
  true: sql`${notifications.readAt} is not null`,
  false: sql`${notifications.readAt} is null`,
};

/**
 * The page and its counts in one statement and one round trip, built once per read filter and
 * prepared once per connection (the bell asks on every page of the platform). The page reads five
 * rows from the index: its order is written as the index's (`nulls last`; both columns are never
 * null, so the order is the same), otherwise PostgreSQL reads every one of the user's notifications
 * and sorts them for the five (500 rows and heap pages a request at the bench's 500 a user). Both
 * counts come from one pass over the user's index entries (read_at is in the index: migration
 * 0033), never from the rows themselves, so a user with hundreds of
 * notifications costs an index range, not hundreds of heap reads. A page past the end still
 * answers one row: the counts, with null notification columns.
 */
const listStatement = (() => {
  const build = (filter: SQL) =>
    readStatement(sql`with page as (
        select id, notification_param_id, title, description, valid_from, read_at, metadata
        from ${notifications} where ${mine} and ${filter}
        order by valid_from desc nulls last, id desc nulls last
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      ), counts as (
        select (count(*) filter (where ${filter}))::int as hits,
          (count(*) filter (where ${notifications.readAt} is null))::int as total_unreads
        from ${notifications} where ${mine}
      )
      select page.*, counts.hits, counts.total_unreads from counts left join page on true
      order by page.valid_from desc, page.id desc`);
  const built = {
    all: build(readFilters.all),
    true: build(readFilters.true),
    false: build(readFilters.false),
  };
  return (read: ReadFilter) => built[read ?? 'all'];
})();

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

const readAllNotifications = createRoute({
  method: 'post',
  path: '/v2/notifications/read-all',
  tags: ['Notifications'],
  summary: "« Tout marquer comme lu »: every one of the caller's notifications already valid is read",
  security: bearerSecurity,
  responses: {
    200: {
      content: { 'application/json': { schema: NotificationsReadAllSchema } },
      description: 'How many were unread until now',
    },
    401: errorResponses[401],
  },
});

export function notificationsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listNotifications, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { limit, offset, read } = c.req.valid('query');
    const values = { companyId, userId, limit, offset };
    const rows = await db.tenantRead<ListRow>(companyId, listStatement(read), values);
    const counts = rows[0];
    const page = rows.filter((row): row is ListRow & NotificationColumns => row.id !== null);
    return c.json(
      {
        data: page.map(toNotificationJson),
        info: { hits: Number(counts?.hits ?? 0), totalUnreads: Number(counts?.total_unreads ?? 0) },
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
        .returning(notificationColumns),
    );
    if (!row) return apiError(c, 'not_found');
    return c.json({ data: toNotificationJson(row) }, 200);
  });

  app.openapi(readAllNotifications, async (c) => {
    const { companyId, userId } = c.get('caller');
    // Those the bell counts (already valid, unread); one scheduled for later stays unread until
    // it shows. Read ones keep their first reading time.
    const rows = await db.withTenant(companyId, (tx) =>
      tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.companyId, companyId),
            eq(notifications.userId, userId),
            sql`${notifications.validFrom} <= now()`,
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id }),
    );
    return c.json({ data: { read: rows.length } }, 200);
  });

  return app;
}
