/** The signed-in user's notifications (the bell), inside their company. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type ReadStatement, readStatement } from '../db/database.js';
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

/** A row of the bell's list: the notification and the counts. */
interface ListRow extends NotificationColumns {
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
/** Every unread one, whatever the filter: the badge. Uncorrelated, so computed once per statement. */
const unreads = sql`(select count(*)::int from ${notifications} where ${mine} and ${notifications.readAt} is null)`;

type ReadFilter = 'true' | 'false' | undefined;

/**
 * One statement per read filter, built once and prepared once per connection under its name (the
 * bell asks on every page of the platform).
 */
function perReadFilter(build: (where: SQL) => SQL): (read: ReadFilter) => ReadStatement {
  const built = {
    all: readStatement(build(sql``)),
    true: readStatement(build(sql` and ${notifications.readAt} is not null`)),
    false: readStatement(build(sql` and ${notifications.readAt} is null`)),
  };
  return (read) => built[read ?? 'all'];
}

/**
 * The page and its counts in one statement and one round trip. `hits` counts the filter's rows (a
 * window aggregate sees every matching row before LIMIT and OFFSET apply).
 */
const listStatement = perReadFilter(
  (where) => sql`select id, notification_param_id, title, description, valid_from, read_at, metadata,
      (count(*) over ())::int as hits, ${unreads} as total_unreads
    from ${notifications} where ${mine}${where}
    order by valid_from desc, id desc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
);
/** The counts alone, for a page past the end. */
const countsStatement = perReadFilter(
  (where) =>
    sql`select count(*)::int as hits, ${unreads} as total_unreads from ${notifications} where ${mine}${where}`,
);

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
    const values = { companyId, userId, limit, offset };
    const rows = await db.tenantRead<ListRow>(companyId, listStatement(read), values);
    // An offset past the end returns no row to carry the counts: ask for them alone.
    const counts = rows[0] ?? (await db.tenantRead<ListRow>(companyId, countsStatement(read), values))[0];
    return c.json(
      {
        data: rows.map(toNotificationJson),
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

  return app;
}
