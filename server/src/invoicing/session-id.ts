/**
 * The editing session of an API call, for the edit locks: the token's server-side session id (claim
 * `sid`, added by the sessions work) when present, otherwise the user id and the token's issue time
 * (each sign-in or renewal is then its own session). The one place that decides it.
 */
import type { Context } from 'hono';
import { decodeJwt } from 'jose';
import type { AppEnv } from '../http/env.js';

export function callerSessionId(c: Context<AppEnv>): string {
  const { userId } = c.get('caller');
  // requireBearer has verified this token's signature already: reading its claims is safe.
  const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  let claims: { sid?: unknown; iat?: unknown } = {};
  try {
    claims = decodeJwt(token);
  } catch {
    // Unreachable after requireBearer; the user id alone still names a session.
  }
  if (typeof claims.sid === 'string' && claims.sid !== '') return `sid:${claims.sid}`;
  return `user:${userId}:${typeof claims.iat === 'number' ? claims.iat : 0}`;
}
