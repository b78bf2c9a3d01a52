/** Hostile tokens for the isolation matrix. */
import { SignJWT } from 'jose';
import { testJwtSecret } from './constants.js';

const key = (secret: string) => new TextEncoder().encode(secret);
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface Subject {
  userId: number;
  companyId: number;
  /** A session id (sid claim); a made-up one when not given. */
  sid?: string;
}

const claims = ({ userId, companyId, sid = 'no-such-session' }: Subject) => ({
  enterprise_id: companyId,
  userId,
  companyId,
  sid,
});

export function expiredToken(subject: Subject): Promise<string> {
  const iat = Math.floor(Date.now() / 1000) - 2 * 86400;
  return new SignJWT(claims(subject))
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 86400)
    .sign(key(testJwtSecret));
}

export function otherKeyToken(subject: Subject): Promise<string> {
  return new SignJWT(claims(subject))
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key('not-the-server-key'));
}

/** Same key, another HMAC algorithm: refused by the HS256 allow-list. */
export function hs512Token(subject: Subject): Promise<string> {
  return new SignJWT(claims(subject))
    .setProtectedHeader({ alg: 'HS512' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key(testJwtSecret));
}

export function algNoneToken(subject: Subject): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims(subject), iat: now, exp: now + 3600 })}.`;
}

/** A valid signature whose claims point at another company than the user's: no user row matches,
 * even with the user's live session id. */
export function forgedCompanyToken(subject: Subject): Promise<string> {
  return new SignJWT(claims(subject))
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key(testJwtSecret));
}
