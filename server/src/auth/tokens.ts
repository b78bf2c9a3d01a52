/**
 * Access tokens: HS256 JWTs signed with jose. Verification allow-lists HS256, so `alg: none` and
 * tokens signed by another key or algorithm are refused. Each token names its server-side session
 * (`sid`, auth/sessions.ts): a valid signature alone is not enough.
 */

import { randomBytes, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

export const tokenLifetimeSeconds = 86400;

export interface TokenClaims {
  enterprise_id: number;
  userId: number;
  companyId: number;
  /** The session (a sign-in) this token belongs to. */
  sid: string;
  iat: number;
  exp: number;
}

export interface TokenService {
  /** A token for the session, valid 24 h but never past the session's own end. */
  sign(subject: {
    userId: number;
    companyId: number;
    sessionId: string;
    sessionEndsAt: Date;
  }): Promise<string>;
  /** The claims, or null when the token is missing, malformed, expired or not ours. */
  verify(token: string | undefined): Promise<TokenClaims | null>;
}

/**
 * The key from JWT_SECRET, else (embedded database only: checkStartupConfig refuses a DATABASE_URL
 * without JWT_SECRET) one generated on first start and kept beside the data.
 */
export function resolveJwtSecret(jwtSecret: string | undefined, dataDir: string): Uint8Array {
  if (jwtSecret) return new TextEncoder().encode(jwtSecret);
  if (dataDir.startsWith('memory://')) return randomBytes(32);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32);
    fs.writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
    return secret;
  }
}

export function createTokenService(secret: Uint8Array): TokenService {
  // Imported once at start and reused: given raw bytes, jose imports the key into WebCrypto again
  // on every sign and verify (a measurable share of each request's CPU, bench/results.md).
  const key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A failed import surfaces on the first sign or verify, not as an unhandled rejection at start.
  key.catch(() => {});
  return {
    async sign({ userId, companyId, sessionId, sessionEndsAt }) {
      const iat = Math.floor(Date.now() / 1000);
      const exp = Math.min(iat + tokenLifetimeSeconds, Math.floor(sessionEndsAt.getTime() / 1000));
      return new SignJWT({ enterprise_id: companyId, userId, companyId, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(await key);
    },
    async verify(token) {
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const { enterprise_id, userId, companyId, sid, iat, exp } = payload as Partial<TokenClaims>;
        const positive = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;
        if (!positive(enterprise_id) || !positive(userId) || companyId !== enterprise_id) return null;
        if (typeof iat !== 'number' || typeof exp !== 'number' || typeof sid !== 'string' || !sid)
          return null;
        return { enterprise_id, userId, companyId, sid, iat, exp };
      } catch {
        return null;
      }
    },
  };
}
