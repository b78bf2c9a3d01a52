/**
 * The connector's API keys (issue 23). A key is 32 random bytes shown once when the application is
 * connected; only its SHA-256 (hex) is stored, with a short prefix the screens show to tell keys
 * apart. A copy of the database opens no connector. The connector's paths accept the key alone
 * (X-Api-Key): a user's token is refused there, and the key is refused everywhere else (the
 * bearer check of every other path knows nothing of it). docs/decisions.md « Mes applications ».
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { type ApplicationType, isApplicationType } from '../../../src/contract/measures.js';
import { applicationKeys } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { requestHeader } from '../http/request-header.js';

/** What the connector's key proves: the company, the application it was issued for, the key. */
export interface ConnectorCaller {
  companyId: number;
  application: ApplicationType;
  keyId: number;
}

export const apiKeyHeader = 'x-api-key';

/** `bo_pix4d_` + 43 base64url characters (256 bits). */
const keyPattern = /^bo_(pix4d|sema)_[A-Za-z0-9_-]{43}$/;

export const hashOfKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: the text shown once, the hash stored and the prefix shown afterwards. */
export function newApiKey(application: ApplicationType) {
  const key = `bo_${application}_${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashOfKey(key), prefix: key.slice(0, `bo_${application}_`.length + 6) };
}

/**
 * The live key's owner, or null. Before the key is known no company is: the owner connection looks
 * it up by its hash (unique index), as sessions are looked up by a verified token's claims.
 */
export async function findApiKey(deps: Pick<AppDeps, 'db'>, key: string): Promise<ConnectorCaller | null> {
  if (!keyPattern.test(key)) return null;
  const [row] = await deps.db.owner
    .select({
      id: applicationKeys.id,
      companyId: applicationKeys.companyId,
      type: applicationKeys.type,
      revokedAt: applicationKeys.revokedAt,
    })
    .from(applicationKeys)
    .where(eq(applicationKeys.keyHash, hashOfKey(key)));
  if (!row || row.revokedAt) return null;
  return { companyId: row.companyId, application: row.type, keyId: row.id };
}

/**
 * The connector paths' check (declared `security: [{apiKeyAuth: []}]`, http/route-auth.ts):
 * X-Api-Key of a live key of the path's application. 401 api_key_required without one (a bearer
 * token is not one), 401 api_key_invalid for an unknown or revoked key, 403
 * api_key_wrong_application for the company's other application's key; then a per-key (or, for
 * refused keys, per-address) rate limit, as the other paths callable without a session have.
 */
export function requireApiKey(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const perKey = createRateLimiter({ limit: 600, windowMs: 60_000 });
  const refusedPerAddress = createRateLimiter({ limit: 30, windowMs: 60_000 });
  return async (c, next) => {
    if (c.get('connector')) return next();
    const key = requestHeader(c, apiKeyHeader)?.trim();
    const refuse = (error: 'api_key_required' | 'api_key_invalid') => {
      if (!refusedPerAddress.hit(deps.clientIp(c))) return apiError(c, 'rate_limited');
      return apiError(c, error);
    };
    if (!key) return refuse('api_key_required');
    const caller = await findApiKey(deps, key);
    if (!caller) return refuse('api_key_invalid');
    const type = c.req.param('type');
    if (type !== undefined && (!isApplicationType(type) || type !== caller.application))
      return apiError(c, 'api_key_wrong_application');
    if (!perKey.hit(String(caller.keyId))) return apiError(c, 'rate_limited');
    c.set('connector', caller);
    return next();
  };
}
