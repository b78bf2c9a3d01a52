/**
 * GET /login (the French sign-in page, keeping `redirect`), POST /login (form), GET and POST
 * /logout. One message for a wrong email, a wrong password or a locked account; attempts are
 * rate-limited per address, per account and per known browser before any password is checked
 * (auth/login-throttle.ts); success opens a server-side session, sets the appAccessToken cookie and
 * the device cookie, then goes back to the allowed redirect.
 */

import { sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { createDeviceCookies } from '../auth/device-cookie.js';
import { forgottenPasswordPath } from '../auth/password-resets.js';
import { unusablePasswordHash, verifyOrBusy } from '../auth/passwords.js';
import { safeRedirect } from '../auth/redirects.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../auth/session-cookie.js';
import { resolveJwtSecret } from '../auth/tokens.js';
import { users } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import {
  type LoginFormState,
  loginBody,
  loginMessages,
  logoutConfirmBody,
  signInPage,
} from './login-view.js';
import { passwordResetRoutes } from './password-reset.js';

// The pages' HTML lives in login-view.ts (pure: the stories render it too).
export { loginFieldMessages, loginMessages } from './login-view.js';

export function loginRoutes(deps: AppDeps) {
  const { config, db, sessions, loginThrottle, clientIp } = deps;
  const app = new Hono<AppEnv>();
  // The token secret (the same on every instance: JWT_SECRET, or the one kept beside the data).
  const devices = createDeviceCookies(resolveJwtSecret(config.jwtSecret, config.dataDir), config);

  const page = (
    c: Context<AppEnv>,
    state: LoginFormState,
    status: 200 | 401 | 403 | 422 | 429 = 200,
    body = loginBody(state, forgottenPasswordPath),
    heading = 'Connexion',
  ) => {
    c.header('Cache-Control', 'no-store');
    return c.html(signInPage({ config, nonce: c.get('secureHeadersNonce') ?? '', heading, body }), status);
  };

  /** A form posted from another site (login CSRF, logout CSRF), when the browser tells us. */
  const postedFromElsewhere = (c: Context<AppEnv>) => {
    // An opaque `Origin: null` (sandboxed frame, data: URL) counts as elsewhere too.
    const origin = c.req.header('origin');
    return (
      (origin !== undefined && origin !== config.platformOrigin) ||
      c.req.header('sec-fetch-site') === 'cross-site'
    );
  };

  /**
   * GET /logout reached from our own pages: the platform's (same-origin), the SPA's (same-site,
   * and its Referer names the client origin), or typed in the address bar (none). A link or an
   * image on another site is none of these.
   */
  const navigatedFromOurPages = (c: Context<AppEnv>) => {
    const site = c.req.header('sec-fetch-site');
    if (site === 'same-origin' || site === 'none') return true;
    if (site !== 'same-site') return false;
    try {
      const from = new URL(c.req.header('referer') ?? '').origin;
      return from === config.platformOrigin || from === config.clientOrigin;
    } catch {
      return false;
    }
  };

  const logOut = async (c: Context<AppEnv>) => {
    await sessions.revoke(readSessionCookie(c));
    clearSessionCookie(c, config);
    return page(c, { redirect: '', notice: loginMessages.loggedOut });
  };

  app.get('/login', (c) => page(c, { redirect: c.req.query('redirect') ?? '' }));

  // « Mot de passe oublié ? » (issue 26): the same throttle, known browsers and form checks.
  app.route('/', passwordResetRoutes(deps, { devices, postedFromElsewhere }));

  app.post('/login', async (c) => {
    if (postedFromElsewhere(c)) return page(c, { redirect: '', error: loginMessages.foreignForm }, 403);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      // A malformed multipart or urlencoded body: no browser form sends one.
      return apiError(c, 'bad_request');
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const redirect = text(form.redirect).slice(0, 2048);
    const email = text(form.email).trim().toLowerCase().slice(0, 254);
    const password = text(form.password).slice(0, 200);
    if (!email || !password) return page(c, { redirect, email, error: loginMessages.missingFields }, 422);

    const tooMany = (retryAfterSeconds: number) => {
      c.header('Retry-After', String(retryAfterSeconds));
      return page(c, { redirect, email, error: loginMessages.tooManyAttempts }, 429);
    };
    // Counted before the password is checked, atomically: concurrent attempts cannot all get in.
    const verdict = await loginThrottle.attempt({
      ip: clientIp(c),
      email,
      device: devices.read(c, email),
    });
    if (!verdict.allowed) return tooMany(verdict.retryAfterSeconds);

    // Sign-in happens before any company is known: the owner connection looks the email up.
    const [user] = await db.owner
      .select({
        id: users.id,
        companyId: users.companyId,
        locked: users.locked,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    // Hash even for an unknown email, so the answer time does not reveal which emails exist.
    const passwordOk = await verifyOrBusy(password, user?.passwordHash ?? unusablePasswordHash);
    if (passwordOk === 'busy') {
      await verdict.settle('unchecked');
      return tooMany(5);
    }
    // A locked account answers exactly as a wrong password: the answer says nothing about it.
    if (!user || !passwordOk || user.locked) {
      await verdict.settle('failure');
      return page(c, { redirect, email, error: loginMessages.wrongCredentials }, 401);
    }

    await verdict.settle('success');
    setSessionCookie(c, config, await sessions.start({ userId: user.id, companyId: user.companyId }));
    // This browser is now known for this account (OWASP device cookie, auth/device-cookie.ts).
    devices.issue(c, email);
    return c.redirect(safeRedirect(redirect, config), 303);
  });

  app.get('/logout', (c) => {
    // Not from another site: a link or an image there must not end the session. Ask instead.
    if (!navigatedFromOurPages(c)) return page(c, { redirect: '' }, 200, logoutConfirmBody(), 'Déconnexion');
    return logOut(c);
  });

  app.post('/logout', (c) => {
    // A form of another site: nothing happens, the person is asked on our own page.
    if (postedFromElsewhere(c)) return page(c, { redirect: '' }, 403, logoutConfirmBody(), 'Déconnexion');
    return logOut(c);
  });

  return app;
}
