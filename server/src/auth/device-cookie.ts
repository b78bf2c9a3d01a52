/**
 * The device cookie of OWASP's « Slow Down Online Guessing Attacks with Device Cookies » (linked
 * from its Authentication Cheat Sheet): a browser where an account signed in successfully gets a
 * cookie naming that account, signed by the server. Next time, sign-ins to that account from that
 * browser are counted per cookie only (auth/login-throttle.ts): an attacker's burst from the same
 * office address, or aimed at the account from elsewhere, does not lock its owner out.
 *
 * `v1.<nonce>.<mac>`, mac = HMAC-SHA256(key, account + nonce); the account itself is not in the
 * cookie (only its MAC), and the key is derived from the token secret, so every instance agrees.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppConfig } from '../config.js';

export const deviceCookieName = 'boDevice';
/** A year: the browser stays known as long as its owner keeps signing in there. */
const deviceCookieSeconds = 365 * 86400;

export interface DeviceCookies {
  /** The cookie's nonce when it was issued to this browser for this account, else undefined. */
  read(c: Context, email: string): string | undefined;
  /** After a successful sign-in: this browser is known for this account. */
  issue(c: Context, email: string): void;
}

export function createDeviceCookies(secret: Uint8Array, config: AppConfig): DeviceCookies {
  // Its own key: a device cookie's MAC can never be mistaken for anything signed with the secret.
  const key = createHmac('sha256', secret).update('bo-device-cookie-v1').digest();
  const mac = (email: string, nonce: string) =>
    createHmac('sha256', key).update(`${email}\n${nonce}`).digest('base64url');
  return {
    read(c, email) {
      const [version, nonce, signature] = (getCookie(c, deviceCookieName) ?? '').split('.');
      if (version !== 'v1' || !nonce || !signature) return undefined;
      const expected = Buffer.from(mac(email, nonce));
      const actual = Buffer.from(signature);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : undefined;
    },
    issue(c, email) {
      // A browser already known for this account keeps its nonce (and its counter).
      const nonce = this.read(c, email) ?? randomBytes(18).toString('base64url');
      setCookie(c, deviceCookieName, `v1.${nonce}.${mac(email, nonce)}`, {
        // Only the sign-in form reads it; never sent to the API or to other sites' requests.
        path: '/login',
        httpOnly: true,
        sameSite: 'Strict',
        secure: config.platformOrigin.startsWith('https:'),
        maxAge: deviceCookieSeconds,
      });
    },
  };
}
