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
import { escapeHtml, frenchText, scriptJson } from './html.js';
import { renderPage } from './layout.js';
import { passwordResetRoutes } from './password-reset.js';

export const loginMessages = {
  wrongCredentials: 'Adresse email ou mot de passe incorrect.',
  missingFields: 'Veuillez saisir votre adresse email et votre mot de passe.',
  tooManyAttempts: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
  foreignForm: 'Ce formulaire de connexion ne provient pas de ce site.',
  loggedOut: 'Vous êtes déconnecté.',
  confirmLogout: 'Voulez-vous vous déconnecter ?',
} as const;

interface LoginFormState {
  redirect: string;
  email?: string;
  error?: string;
  notice?: string;
}

/**
 * The spec's messages for a missing and a malformed field (section 5), as the client says them
 * (src/i18n/validationMessages.ts; a test keeps the two equal).
 */
export const loginFieldMessages = {
  required: 'Ce champ est obligatoire.',
  email: 'Ce champ doit être une adresse email valide.',
} as const;

function loginBody({ redirect, email = '', error, notice }: LoginFormState): string {
  const field = (id: string, label: string, input: string) => `
        <label for="${id}">${label}</label>
        ${input}
        <p class="field-error" id="${id}-error" hidden></p>`;
  return `
      ${notice ? `<p class="muted notice" role="status">${escapeHtml(notice)}</p>` : ''}
      ${error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : ''}
      <form method="post" action="/login" novalidate ${error ? 'aria-describedby="login-error"' : ''}>
        <input type="hidden" name="redirect" value="${escapeHtml(redirect)}">${field(
          'email',
          'Adresse email',
          `<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" ${email ? '' : 'autofocus'}>`,
        )}${field(
          'password',
          'Mot de passe',
          `<input id="password" name="password" type="password" autocomplete="current-password" required ${email ? 'autofocus' : ''}>`,
        )}
        <button class="button" type="submit">Se connecter</button>
      </form>
      <p class="aside"><a href="${forgottenPasswordPath}">${frenchText('Mot de passe oublié ?')}</a></p>`;
}

/**
 * The browser's own bubbles speak the browser's language: the form is `novalidate` and says in
 * French, under the field, what is missing or malformed. The field is marked invalid and described
 * by its message; on submit the first invalid field gets the focus. Without script, the server's
 * answer still says what is missing. The pages of a forgotten password (password-reset.ts) use it too.
 */
const loginScript = `(() => {
  const messages = ${scriptJson(loginFieldMessages)};
  const form = document.querySelector('form[novalidate]');
  if (!form) return;
  const fields = [...form.querySelectorAll('input[required]')];
  const problem = (input) =>
    input.validity.valueMissing ? messages.required : input.validity.typeMismatch ? messages.email : '';
  const show = (input) => {
    const message = problem(input);
    const hint = document.getElementById(input.id + '-error');
    hint.textContent = message;
    hint.hidden = !message;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', hint.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
    return !message;
  };
  form.addEventListener('submit', (event) => {
    const invalid = fields.filter((input) => !show(input));
    if (invalid.length === 0) return;
    event.preventDefault();
    invalid[0].focus();
  });
  for (const input of fields)
    input.addEventListener('input', () => {
      if (input.getAttribute('aria-invalid') === 'true') show(input);
    });
})();`;

/** GET /logout from another site (or a browser that does not say where it comes from): ask first. */
function logoutConfirmBody(): string {
  return `
      <p>${frenchText(loginMessages.confirmLogout)}</p>
      <form method="post" action="/logout">
        <button class="button" type="submit">Se déconnecter</button>
      </form>`;
}

export function loginRoutes(deps: AppDeps) {
  const { config, db, sessions, loginThrottle, clientIp } = deps;
  const app = new Hono<AppEnv>();
  // The token secret (the same on every instance: JWT_SECRET, or the one kept beside the data).
  const devices = createDeviceCookies(resolveJwtSecret(config.jwtSecret, config.dataDir), config);

  const page = (
    c: Context<AppEnv>,
    state: LoginFormState,
    status: 200 | 401 | 403 | 422 | 429 = 200,
    body = loginBody(state),
    heading = 'Connexion',
  ) => {
    c.header('Cache-Control', 'no-store');
    return c.html(
      renderPage({
        config,
        nonce: c.get('secureHeadersNonce') ?? '',
        heading,
        body,
        elements: false,
        layout: 'sign-in',
        script: loginScript,
      }),
      status,
    );
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
  app.route('/', passwordResetRoutes(deps, { devices, postedFromElsewhere, fieldScript: loginScript }));

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
