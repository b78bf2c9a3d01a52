/**
 * The activity log's server data through the data layer (src/api/query.ts). One log per element:
 * a page may show the company's whole log and, in a customer's or a job's sheet, that object's
 * history (`object-type`, `object-id`), so each `<bo-activity-log>` makes its own query atom and
 * page store (`createActivityLog`) instead of sharing module-wide ones.
 */

import { atom, computed } from 'nanostores';
import { z } from 'zod';
import { $companyPath, createApiStore } from '../../api/query';
import { userSchema } from '../../api/users';
import type { ActivityKind, ActivityObjectType } from '../../contract/activity';
import { logger } from '../../logging/logger';
import { activityPageAnswer, activitySearch } from './api';

export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityLogQuery {
  kind: ActivityKind | '';
  /** A user's id (digits), or '' for everyone. */
  userId: string;
  objectType: ActivityObjectType | '';
  /** yyyy-MM-dd or ''. */
  from: string;
  to: string;
  /** From 0. */
  page: number;
}

export const emptyActivityQuery: ActivityLogQuery = {
  kind: '',
  userId: '',
  objectType: '',
  from: '',
  to: '',
  page: 0,
};

/** One object's history (the customer and job sheets), or null for the whole log. */
export interface ActivityObject {
  objectType: ActivityObjectType;
  objectId: number;
}

/** A period whose start is after its end: nothing is asked (the screen says why). */
export const periodInvalid = (query: Pick<ActivityLogQuery, 'from' | 'to'>) =>
  query.from !== '' && query.to !== '' && query.from > query.to;

/** The filters as the API reads them (the object's, when the log is one object's). */
export function activityFilters(query: ActivityLogQuery, object: ActivityObject | null) {
  return {
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.userId ? { userId: Number(query.userId) } : {}),
    ...(object
      ? { objectType: object.objectType, objectId: object.objectId }
      : query.objectType
        ? { objectType: query.objectType }
        : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
}

/** The company's people, for the user filter (GET /users: any member reads it). */
export const $activityUsers = createApiStore(
  z.object({ data: z.array(userSchema) }),
  [$companyPath, '/users'],
  {
    onError: (error) => logger.error('Error getting users', { error }),
  },
);

export function createActivityLog(object: ActivityObject | null) {
  const $query = atom<ActivityLogQuery>(emptyActivityQuery);
  const $path = computed($query, (query) =>
    periodInvalid(query)
      ? null
      : `/activity?${activitySearch(activityFilters(query, object), {
          limit: ACTIVITY_PAGE_SIZE,
          offset: query.page * ACTIVITY_PAGE_SIZE,
        })}`,
  );
  const $page = createApiStore(activityPageAnswer, [$companyPath, $path], {
    onError: (error) => logger.error('Error getting activity', { error }),
  });
  return {
    $query,
    $page,
    /** A new filter goes back to the first page; a page change keeps the rest. */
    setQuery(changes: Partial<ActivityLogQuery>) {
      $query.set({ ...$query.get(), page: 0, ...changes });
    },
    clear() {
      $query.set(emptyActivityQuery);
    },
    /** The CSV export of what the filters select (same filters, every page). */
    exportPath(companyPath: string) {
      return `${companyPath}/activity/export?${activitySearch(activityFilters($query.get(), object))}`;
    },
  };
}

export type ActivityLogStores = ReturnType<typeof createActivityLog>;
