/**
 * GET and POST /invitation/{token}: a new user chooses their password from the link an admin got
 * (and the mail sent to them), then signs in on /login. The token is spent on success; a spent,
 * expired or unknown one says so, with one message (nothing tells which).
 */
import { type Context, Hono } from 'hono';
import { passwordRules } from '../../../src/contract/preferences.js';
import { validationMessages } from '../../../src/i18n/validationMessages.js';
import { acceptInvitation, findInvitation, invitationPath } from '../auth/invitations.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { escapeHtml } from './html.js';
import { renderPage } from './layout.js';

export const invitationMessages = {
  heading: 'Choisir mon mot de passe',
  invalid: "Ce lien d'invitation n'est plus valide. Demandez-en un nouveau à votre administrateur.",
  required: validationMessages.required,
  tooShort: `Le mot de passe doit contenir au moins ${passwordRules.min} caractères.`,
  tooLong: `Le mot de passe doit contenir au plus ${passwordRules.max} caractères.`,
  mismatch: 'Les deux mots de passe ne sont pas identiques.',
  done: 'Votre mot de passe est enregistré. Vous pouvez maintenant vous connecter.',
  foreignForm: 'Ce formulaire ne provient pas de ce site.',
} as const;

function formBody(email: string, error?: string): string {
  return `
      <p class="muted notice">Compte : ${escapeHtml(email)}</p>
      ${error ? `<p class="error" role="alert" id="invitation-error">${escapeHtml(error)}</p>` : ''}
      <form method="post" ${error ? 'aria-describedby="invitation-error"' : ''}>
        <input type="text" name="username" autocomplete="username" value="${escapeHtml(email)}" hidden>
        <label for="password">Nouveau mot de passe</label>
        <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${passwordRules.min}" maxlength="${passwordRules.max}" aria-describedby="password-hint" autofocus>
        <p class="muted" id="password-hint">${passwordRules.min} caractères au moins.</p>
        <label for="confirmation">Confirmer le mot de passe</label>
        <input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required maxlength="${passwordRules.max}">
        <button class="button" type="submit">Enregistrer mon mot de passe</button>
      </form>`;
}

export function invitationRoutes({ config, db }: AppDeps) {
  const app = new Hono<AppEnv>();

  const page = (c: Context<AppEnv>, body: string, status: 200 | 403 | 410 | 422 = 200) => {
    c.header('Cache-Control', 'no-store');
    // The token is in the address: never send it on to another site.
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(
      renderPage({
        config,
        nonce: c.get('secureHeadersNonce') ?? '',
        heading: invitationMessages.heading,
        body,
        elements: false,
        layout: 'sign-in',
      }),
      status,
    );
  };
  const invalid = (c: Context<AppEnv>) =>
    page(c, `<p class="error" role="alert">${escapeHtml(invitationMessages.invalid)}</p>`, 410);

  app.get(`${invitationPath}/:token`, async (c) => {
    const invited = await findInvitation(db, c.req.param('token'));
    return invited ? page(c, formBody(invited.email)) : invalid(c);
  });

  app.post(`${invitationPath}/:token`, async (c) => {
    const origin = c.req.header('origin');
    if (
      (origin !== undefined && origin !== config.platformOrigin) ||
      c.req.header('sec-fetch-site') === 'cross-site'
    ) {
      return page(c, `<p class="error" role="alert">${escapeHtml(invitationMessages.foreignForm)}</p>`, 403);
    }
    const token = c.req.param('token');
    const invited = await findInvitation(db, token);
    if (!invited) return invalid(c);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return apiError(c, 'bad_request');
    }
    const password = typeof form.password === 'string' ? form.password : '';
    const confirmation = typeof form.confirmation === 'string' ? form.confirmation : '';
    const error = !password
      ? invitationMessages.required
      : password.length < passwordRules.min
        ? invitationMessages.tooShort
        : password.length > passwordRules.max
          ? invitationMessages.tooLong
          : password !== confirmation
            ? invitationMessages.mismatch
            : null;
    if (error) return page(c, formBody(invited.email, error), 422);
    if (!(await acceptInvitation(db, token, password))) return invalid(c);
    return page(
      c,
      `<p class="muted notice" role="status">${escapeHtml(invitationMessages.done)}</p>
      <a class="button" href="/login">Se connecter</a>`,
    );
  });

  return app;
}
