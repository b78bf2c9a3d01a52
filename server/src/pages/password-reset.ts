/**
 * « Mot de passe oublié ? » (issue 26), reached from /login:
 *
 * - GET and POST /mot-de-passe-oublie: the address, then the same answer whatever it is (whether
 *   an account has it is never said; auth/password-resets.ts sends the link after the answer).
 *   Throttled as a sign-in is (auth/login-throttle.ts), before anything else.
 * - GET and POST /nouveau-mot-de-passe/{token}: the link of the mail; the new password twice, with
 *   the account form's rules. A spent, expired or unknown link says so with one message.
 *
 * Forms posted from another site are refused as /login refuses them.
 */
import { type Context, Hono } from 'hono';
import type { createDeviceCookies } from '../auth/device-cookie.js';
import {
  completePasswordReset,
  findPasswordReset,
  forgottenPasswordPath,
  newPasswordPath,
  requestPasswordReset,
} from '../auth/password-resets.js';
import { newPasswordProblem } from '../auth/passwords.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { signInPage } from './login-view.js';
import {
  doneBody,
  foreignFormBody,
  forgottenBody,
  invalidBody,
  newPasswordBody,
  passwordResetMessages,
  sentBody,
} from './password-reset-view.js';

// The pages' HTML lives in password-reset-view.ts (pure: the stories render it too).
export { passwordResetMessages } from './password-reset-view.js';

const m = passwordResetMessages;

/** As the browser's email field checks it: something@something, no spaces. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

export interface PasswordResetPageOptions {
  /** The browser known for an account (login.ts): its own counter, as at sign-in. */
  devices: ReturnType<typeof createDeviceCookies>;
  /** A form posted from another site, when the browser says so (login.ts). */
  postedFromElsewhere: (c: Context<AppEnv>) => boolean;
}

export function passwordResetRoutes(deps: AppDeps, options: PasswordResetPageOptions) {
  const { config, db, loginThrottle, clientIp } = deps;
  const { devices, postedFromElsewhere } = options;
  const app = new Hono<AppEnv>();

  const page = (
    c: Context<AppEnv>,
    heading: string,
    body: string,
    status: 200 | 403 | 410 | 422 | 429 = 200,
  ) => {
    // The token may be in the address: never kept by a cache (and the platform's Referrer-Policy,
    // strict-origin-when-cross-origin, never sends a path to another site).
    c.header('Cache-Control', 'no-store');
    // The sign-in page's layout and script: French messages under the fields, not the browser's.
    return c.html(signInPage({ config, nonce: c.get('secureHeadersNonce') ?? '', heading, body }), status);
  };

  const readForm = async (c: Context<AppEnv>) => {
    try {
      return await c.req.parseBody();
    } catch {
      return null;
    }
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  app.get(forgottenPasswordPath, (c) => page(c, m.forgottenHeading, forgottenBody(forgottenPasswordPath)));

  app.post(forgottenPasswordPath, async (c) => {
    if (postedFromElsewhere(c)) {
      return page(c, m.forgottenHeading, forgottenBody(forgottenPasswordPath, '', m.foreignForm), 403);
    }
    const form = await readForm(c);
    if (!form) return apiError(c, 'bad_request');
    const email = text(form.email).trim().toLowerCase().slice(0, 254);
    if (!email)
      return page(c, m.forgottenHeading, forgottenBody(forgottenPasswordPath, email, m.required), 422);
    if (!looksLikeEmail(email))
      return page(c, m.forgottenHeading, forgottenBody(forgottenPasswordPath, email, m.email), 422);
    // The sign-in throttle's rules, on counters of its own, keyed by the address typed, known or
    // not: a burst of requests for one mailbox, or from one address, is refused as a burst of
    // sign-ins is; someone slowed down after wrong passwords can still ask for a link.
    const verdict = await loginThrottle.attempt({
      ip: clientIp(c),
      email,
      device: devices.read(c, email),
      purpose: 'password-reset',
    });
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return page(c, m.forgottenHeading, forgottenBody(forgottenPasswordPath, email, m.tooMany), 429);
    }
    await verdict.settle('failure');
    requestPasswordReset(deps, email);
    return page(c, m.forgottenHeading, sentBody(email));
  });

  app.get(`${newPasswordPath}/:token`, async (c) => {
    // Only shows the form: a mail scanner that opens the link spends nothing.
    const reset = await findPasswordReset(db, c.req.param('token'));
    return reset
      ? page(c, m.newHeading, newPasswordBody(reset.email))
      : page(c, m.newHeading, invalidBody(forgottenPasswordPath), 410);
  });

  app.post(`${newPasswordPath}/:token`, async (c) => {
    if (postedFromElsewhere(c)) {
      return page(c, m.newHeading, foreignFormBody(), 403);
    }
    const token = c.req.param('token');
    const reset = await findPasswordReset(db, token);
    if (!reset) return page(c, m.newHeading, invalidBody(forgottenPasswordPath), 410);
    const form = await readForm(c);
    if (!form) return apiError(c, 'bad_request');
    const password = text(form.password);
    const problem = newPasswordProblem(password, text(form.confirmation));
    if (problem) return page(c, m.newHeading, newPasswordBody(reset.email, m[problem]), 422);
    const done = await completePasswordReset(deps, token, password);
    if (!done) return page(c, m.newHeading, invalidBody(forgottenPasswordPath), 410);
    await loginThrottle.forgetAccount(done.email);
    return page(c, m.newHeading, doneBody());
  });

  return app;
}
