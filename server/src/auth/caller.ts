/**
 * Who is calling: a verified token, confirmed against the user row on every request, so that a
 * locked (or deleted) user's tokens stop working at once and the admin flag is always current.
 */
import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { users } from '../db/schema.js';
import type { AppDeps, AppEnv, Caller } from '../http/env.js';
import { apiError } from '../http/errors.js';

export async function resolveCaller(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  token: string | undefined,
): Promise<Caller | null> {
  const claims = await deps.tokens.verify(token);
  if (!claims) return null;
  // One statement on the owner connection rather than a tenant transaction (four round trips):
  // this runs on every request, and it is keyed by both claims of a token whose signature was just
  // verified, so it cannot reach another company's row.
  const [row] = await deps.db.owner
    .select({ admin: users.admin, locked: users.locked })
    .from(users)
    .where(and(eq(users.id, claims.userId), eq(users.companyId, claims.companyId)));
  if (!row || row.locked) return null;
  return { userId: claims.userId, companyId: claims.companyId, admin: row.admin };
}

function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** API calls: the bearer token only (never the cookie, so a cross-site form cannot ride on it). */
export function requireBearer(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const caller = await resolveCaller(deps, bearerToken(c.req.header('authorization')));
    if (!caller) return apiError(c, 'unauthorized');
    c.set('caller', caller);
    await next();
  };
}

/** `/v2/companies/{enterprise_id}/...`: the path's company must be the token's. */
export const requireOwnCompany: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.param('enterprise_id') !== String(c.get('caller').companyId)) return apiError(c, 'forbidden');
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('caller').admin) return apiError(c, 'admin_required');
  await next();
};
