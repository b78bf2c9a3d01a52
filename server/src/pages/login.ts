/**
 * GET /login (the French sign-in page, keeping `redirect`), POST /login (form), GET /logout.
 * One message for a wrong email or a wrong password; repeated failures are rate-limited per IP +
 * email; success sets the appAccessToken cookie and goes back to the allowed redirect.
 */

import { sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { unusablePasswordHash, verifyPassword } from '../auth/passwords.js';
import { safeRedirect } from '../auth/redirects.js';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie.js';
import { users } from '../db/schema.js';
import { clientIp } from '../http/client-ip.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { escapeHtml } from './html.js';
import { renderPage } from './layout.js';

export const loginMessages = {
  wrongCredentials: 'Adresse email ou mot de passe incorrect.',
  missingFields: 'Veuillez saisir votre adresse email et votre mot de passe.',
  tooManyAttempts: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
  locked: "Votre compte est verrouillé. Contactez l'administrateur de votre entreprise.",
  foreignForm: 'Ce formulaire de connexion ne provient pas de ce site.',
  loggedOut: 'Vous êtes déconnecté.',
} as const;

interface LoginFormState {
  redirect: string;
  email?: string;
  error?: string;
  notice?: string;
}

function loginBody({ redirect, email = '', error, notice }: LoginFormState): string {
  return `
    <div class="card" style="max-width: 420px">
      ${notice ? `<p class="muted" role="status">${escapeHtml(notice)}</p>` : ''}
      ${error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : ''}
      <form method="post" action="/login" ${error ? 'aria-describedby="login-error"' : ''}>
        <input type="hidden" name="redirect" value="${escapeHtml(redirect)}">
        <label for="email">Adresse email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" ${email ? '' : 'autofocus'}>
        <label for="password">Mot de passe</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required ${email ? 'autofocus' : ''}>
        <p><button class="button" type="submit">Se connecter</button></p>
      </form>
    </div>`;
}

export function loginRoutes(deps: AppDeps) {
  const { config, db, tokens, loginThrottle } = deps;
  const app = new Hono<AppEnv>();

  const page = (c: Context<AppEnv>, state: LoginFormState, status: 200 | 401 | 403 | 422 | 429 = 200) => {
    c.header('Cache-Control', 'no-store');
    return c.html(
      renderPage({
        config,
        nonce: c.get('secureHeadersNonce') ?? '',
        heading: 'Connexion',
        body: loginBody(state),
        elements: false,
      }),
      status,
    );
  };

  app.get('/login', (c) => page(c, { redirect: c.req.query('redirect') ?? '' }));

  app.post('/login', async (c) => {
    // A sign-in form posted from another site (login CSRF) is refused when the browser tells us.
    // An opaque `Origin: null` (sandboxed frame, data: URL) is refused too.
    const origin = c.req.header('origin');
    const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
    if ((origin && origin !== config.platformOrigin) || crossSite) {
      return page(c, { redirect: '', error: loginMessages.foreignForm }, 403);
    }
    const form = await c.req.parseBody();
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const redirect = text(form.redirect).slice(0, 2048);
    const email = text(form.email).trim().toLowerCase().slice(0, 254);
    const password = text(form.password).slice(0, 200);
    if (!email || !password) return page(c, { redirect, email, error: loginMessages.missingFields }, 422);

    const ip = clientIp(c, config.trustProxy);
    if (await loginThrottle.isBlocked(ip, email))
      return page(c, { redirect, email, error: loginMessages.tooManyAttempts }, 429);

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
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? unusablePasswordHash);
    if (!user || !passwordOk) {
      await loginThrottle.recordFailure(ip, email);
      return page(c, { redirect, email, error: loginMessages.wrongCredentials }, 401);
    }
    if (user.locked) return page(c, { redirect, email, error: loginMessages.locked }, 403);

    await loginThrottle.reset(ip, email);
    setSessionCookie(c, config, await tokens.sign({ userId: user.id, companyId: user.companyId }));
    return c.redirect(safeRedirect(redirect, config), 303);
  });

  app.get('/logout', (c) => {
    clearSessionCookie(c, config);
    return page(c, { redirect: '', notice: loginMessages.loggedOut });
  });

  return app;
}
