/**
 * The edit lock's two endpoints (`{id}/lock`, `{id}/unlock`) of a business job, a quote or an
 * invoice: the same request, answer and handler; each resource keeps its path, tags and wording.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Database } from '../db/database.js';
import type { AppEnv } from '../http/env.js';
import { type LockedResource, lockOrRelease } from '../invoicing/edit-locks.js';
import { callerSessionId } from '../invoicing/session-id.js';
import { bearerSecurity, jsonContent as json } from '../schemas/common.js';
import { IdParams, LockSchema } from '../schemas/invoicing.js';
import { refusal, writeErrors } from './invoicing-responses.js';

/** The OpenAPI summaries of lock and unlock, and the description of the 200 answer. */
export interface LockRouteWording {
  lock: string;
  unlock: string;
  answer: string;
}

const defaultWording: LockRouteWording = {
  lock: "Take or renew the session's edit lock",
  unlock: "Release the session's edit lock",
  answer: 'The lock',
};

/** Adds `POST {base}/{id}/lock` and `POST {base}/{id}/unlock` for `resource` to `app`. */
export function addEditLockRoutes(
  app: OpenAPIHono<AppEnv>,
  db: Database,
  resource: LockedResource,
  { base, tags, wording = defaultWording }: { base: string; tags: string[]; wording?: LockRouteWording },
) {
  for (const name of ['lock', 'unlock'] as const) {
    const route = createRoute({
      method: 'post',
      path: `${base}/{id}/${name}`,
      tags,
      summary: wording[name],
      security: bearerSecurity,
      request: { params: IdParams },
      responses: {
        200: json(z.object({ data: LockSchema }), wording.answer),
        ...writeErrors('resource_locked'),
      },
    });
    app.openapi(route, async (c) => {
      const { companyId } = c.get('caller');
      const { id } = c.req.valid('param');
      const sessionId = callerSessionId(c);
      const outcome = await db.withTenant(companyId, (tx) =>
        lockOrRelease(tx, companyId, resource, id, sessionId, name),
      );
      if (!outcome.ok) return refusal(c, outcome);
      return c.json({ data: outcome.value }, 200);
    });
  }
}
