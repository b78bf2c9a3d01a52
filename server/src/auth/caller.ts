/**
 * Who is calling: a verified token, confirmed against its session and the user row, so that a
 * logged-out session's or a locked (or deleted) user's tokens stop working at once and the admin
 * flag is current. The bearer check keeps a confirmed token for a few seconds (auth/session-cache.ts);
 * logout and lock forget it in every instance (auth/revocations.ts), and requireAdmin always asks
 * the database.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { sessions, users } from '../db/schema.js';
import type { AppDeps, AppEnv, Caller } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { requestHeader } from '../http/request-header.js';

export async function resolveCaller(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  token: string | undefined,
): Promise<Caller | null> {
  return (await confirmToken(deps, token))?.caller ?? null;
}

/** The caller of a token and the token's expiry (epoch seconds), from the database. */
async function confirmToken(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  token: string | undefined,
): Promise<{ caller: Caller; expiresAt: number } | null> {
  const claims = await deps.tokens.verify(token);
  if (!claims) return null;
  // One statement on the owner connection rather than a tenant transaction (four round trips):
  // this runs on every request, and it is keyed by the claims of a token whose signature was just
  // verified, so it cannot reach another company's row.
  const [row] = await deps.db.owner
    .select({ admin: users.admin, locked: users.locked, sessionEndsAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.userId, claims.userId),
        eq(sessions.companyId, claims.companyId),
        eq(users.companyId, claims.companyId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  if (!row || row.locked) return null;
  const caller: Caller = {
    userId: claims.userId,
    companyId: claims.companyId,
    admin: row.admin,
    sessionId: claims.sid,
    sessionEndsAt: row.sessionEndsAt,
  };
  return { caller, expiresAt: claims.exp };
}

function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * API calls: the bearer token only (never the cookie, so a cross-site form cannot ride on it).
 * Applied to every operation declared `security: [{bearerAuth: []}]` (http/route-auth.ts).
 */
export function requireBearer(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Two declared paths may match one request: resolve the caller once.
    if (c.get('caller')) return next();
    const token = bearerToken(requestHeader(c, 'authorization'));
    const cached = token ? deps.sessions.cache.get(token) : undefined;
    if (cached) {
      c.set('caller', cached);
      // What must be current (the admin right) asks the database again.
      c.set('confirmCaller', () => resolveCaller(deps, token));
      return next();
    }
    // The memory's lifetime counts from before the database was asked (session-cache.ts).
    const checkedAt = Date.now();
    const confirmed = await confirmToken(deps, token);
    if (!confirmed) return apiError(c, 'unauthorized');
    deps.sessions.cache.remember(token!, confirmed.caller, confirmed.expiresAt, checkedAt);
    c.set('caller', confirmed.caller);
    await next();
  };
}

/** Paths with `{enterprise_id}`: the path's company must be the token's. */
export const requireOwnCompany: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.param('enterprise_id') !== String(c.get('caller').companyId)) return apiError(c, 'forbidden');
  await next();
};

/** The caller as the database holds it now (a remembered one asked again), null when gone. */
export async function confirmedCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const confirm = c.get('confirmCaller');
  const caller = confirm ? await confirm() : c.get('caller');
  if (caller) c.set('caller', caller);
  return caller ?? null;
}

/** Admin-only operations: the admin right as the database holds it now, never a remembered one. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = await confirmedCaller(c);
  if (!caller) return apiError(c, 'unauthorized');
  if (!caller.admin) return apiError(c, 'admin_required');
  await next();
};
