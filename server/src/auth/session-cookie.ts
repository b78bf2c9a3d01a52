/**
 * The `appAccessToken` cookie. Not HttpOnly on purpose: the spec has the page read and decode the
 * token (its `iat` drives renewal). SameSite=Lax; Secure when the platform is served over https.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppConfig } from '../config.js';
import { tokenLifetimeSeconds } from './tokens.js';

export const sessionCookieName = 'appAccessToken';

function cookieOptions(config: AppConfig) {
  return {
    path: '/',
    sameSite: 'Lax' as const,
    secure: config.platformOrigin.startsWith('https:'),
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  };
}

export function setSessionCookie(c: Context, config: AppConfig, token: string) {
  setCookie(c, sessionCookieName, token, { ...cookieOptions(config), maxAge: tokenLifetimeSeconds });
}

export function clearSessionCookie(c: Context, config: AppConfig) {
  deleteCookie(c, sessionCookieName, cookieOptions(config));
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, sessionCookieName);
}
