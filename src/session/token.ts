import { jwtDecode } from 'jwt-decode';
import { ACCESS_TOKEN_COOKIE } from '../config/constants';
import { internalErrors } from '../i18n/internalErrors';

/** Claims of the access token (spec section 3). */
export interface TokenClaims {
  enterprise_id: number;
  userId: number;
  companyId: number;
  /** Issue time, in seconds. */
  iat: number;
}

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The raw access token, or null when the cookie is absent. */
export function findAccessToken(): string | null {
  if (typeof document === 'undefined') return null;
  return readCookie(ACCESS_TOKEN_COOKIE) || null;
}

/** The access token for a call; raises 'Could not get user token' when the cookie is missing. */
export function getAccessToken(): string {
  const token = findAccessToken();
  if (!token) throw new Error(internalErrors.missingToken);
  return token;
}

/** Decoded claims, or null when the token cannot be decoded or lacks the claims we rely on. */
export function decodeToken(token: string): TokenClaims | null {
  try {
    const claims = jwtDecode<Partial<TokenClaims>>(token);
    if (typeof claims.userId !== 'number' || typeof claims.iat !== 'number') return null;
    if (typeof claims.enterprise_id !== 'number') return null;
    return {
      enterprise_id: claims.enterprise_id,
      userId: claims.userId,
      companyId: typeof claims.companyId === 'number' ? claims.companyId : claims.enterprise_id,
      iat: claims.iat,
    };
  } catch {
    return null;
  }
}
