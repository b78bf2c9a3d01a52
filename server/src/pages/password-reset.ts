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
import { passwordRules } from '../../../src/contract/preferences.js';
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
import { escapeHtml, frenchText } from './html.js';
import { renderPage } from './layout.js';

export const passwordResetMessages = {
  forgottenHeading: 'Mot de passe oublié',
  forgottenIntro:
    "Saisissez l'adresse email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
  send: 'Envoyer le lien',
  sent: (email: string) =>
    `Si un compte existe pour l'adresse ${email}, un email contenant un lien pour choisir un nouveau mot de passe vient de lui être envoyé. Ce lien est valable une heure et ne fonctionne qu'une fois.`,
  backToLogin: 'Retour à la connexion',
  tooMany: 'Trop de demandes. Veuillez réessayer dans quelques minutes.',
  newHeading: 'Nouveau mot de passe',
  save: 'Enregistrer mon mot de passe',
  invalid:
    "Ce lien de réinitialisation n'est plus valide : il a déjà servi, il a expiré ou il a été remplacé. Demandez-en un nouveau.",
  askAgain: 'Demander un nouveau lien',
  done: 'Votre mot de passe est modifié. Toutes vos sessions ouvertes ont été fermées : connectez-vous avec le nouveau mot de passe.',
  signIn: 'Se connecter',
  foreignForm: 'Ce formulaire ne provient pas de ce site.',
  required: 'Ce champ est obligatoire.',
  email: 'Ce champ doit être une adresse email valide.',
  too_short: `Le mot de passe doit contenir au moins ${passwordRules.min} caractères.`,
  too_long: `Le mot de passe doit contenir au plus ${passwordRules.max} caractères.`,
  mismatch: 'Les deux mots de passe ne sont pas identiques.',
} as const;

const m = passwordResetMessages;

/** As the browser's email field checks it: something@something, no spaces. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

const errorLine = (error?: string) =>
  error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : '';

function forgottenBody(email = '', error?: string): string {
  return `
      <p class="muted notice">${frenchText(m.forgottenIntro)}</p>
      ${errorLine(error)}
      <form method="post" action="${forgottenPasswordPath}" novalidate ${error ? 'aria-describedby="form-error"' : ''}>
        <label for="email">Adresse email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" autofocus>
        <p class="field-error" id="email-error" hidden></p>
        <button class="button" type="submit">${escapeHtml(m.send)}</button>
      </form>
      <p class="aside"><a href="/login">${escapeHtml(m.backToLogin)}</a></p>`;
}

function sentBody(email: string): string {
  return `
      <p class="notice" role="status">${frenchText(m.sent(email))}</p>
      <p class="aside"><a href="/login">${escapeHtml(m.backToLogin)}</a></p>`;
}

function newPasswordBody(email: string, error?: string): string {
  return `
      <p class="muted notice">Compte : ${escapeHtml(email)}</p>
      ${errorLine(error)}
      <form method="post" novalidate ${error ? 'aria-describedby="form-error"' : ''}>
        <input type="text" name="username" autocomplete="username" value="${escapeHtml(email)}" hidden>
        <label for="password">Nouveau mot de passe <span class="muted">(${passwordRules.min} caractères au moins)</span></label>
        <input id="password" name="password" type="password" autocomplete="new-password" required maxlength="${passwordRules.max}" autofocus>
        <p class="field-error" id="password-error" hidden></p>
        <label for="confirmation">Confirmer le mot de passe</label>
        <input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required maxlength="${passwordRules.max}">
        <p class="field-error" id="confirmation-error" hidden></p>
        <button class="button" type="submit">${escapeHtml(m.save)}</button>
      </form>`;
}

const invalidBody = () => `
      <p class="error" role="alert">${frenchText(m.invalid)}</p>
      <a class="button" href="${forgottenPasswordPath}">${escapeHtml(m.askAgain)}</a>`;

const doneBody = () => `
      <p class="notice" role="status">${frenchText(m.done)}</p>
      <a class="button" href="/login">${escapeHtml(m.signIn)}</a>`;

export interface PasswordResetPageOptions {
  /** The browser known for an account (login.ts): its own counter, as at sign-in. */
  devices: ReturnType<typeof createDeviceCookies>;
  /** A form posted from another site, when the browser says so (login.ts). */
  postedFromElsewhere: (c: Context<AppEnv>) => boolean;
  /** The sign-in page's script: French messages under the fields instead of the browser's bubbles. */
  fieldScript: string;
}

export function passwordResetRoutes(deps: AppDeps, options: PasswordResetPageOptions) {
  const { config, db, loginThrottle, clientIp } = deps;
  const { devices, postedFromElsewhere, fieldScript } = options;
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
    return c.html(
      renderPage({
        config,
        nonce: c.get('secureHeadersNonce') ?? '',
        heading,
        body,
        elements: false,
        layout: 'sign-in',
        script: fieldScript,
      }),
      status,
    );
  };

  const readForm = async (c: Context<AppEnv>) => {
    try {
      return await c.req.parseBody();
    } catch {
      return null;
    }
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  app.get(forgottenPasswordPath, (c) => page(c, m.forgottenHeading, forgottenBody()));

  app.post(forgottenPasswordPath, async (c) => {
    if (postedFromElsewhere(c)) {
      return page(c, m.forgottenHeading, forgottenBody('', m.foreignForm), 403);
    }
    const form = await readForm(c);
    if (!form) return apiError(c, 'bad_request');
    const email = text(form.email).trim().toLowerCase().slice(0, 254);
    if (!email) return page(c, m.forgottenHeading, forgottenBody(email, m.required), 422);
    if (!looksLikeEmail(email)) return page(c, m.forgottenHeading, forgottenBody(email, m.email), 422);
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
      return page(c, m.forgottenHeading, forgottenBody(email, m.tooMany), 429);
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
      : page(c, m.newHeading, invalidBody(), 410);
  });

  app.post(`${newPasswordPath}/:token`, async (c) => {
    if (postedFromElsewhere(c)) {
      return page(c, m.newHeading, `<p class="error" role="alert">${escapeHtml(m.foreignForm)}</p>`, 403);
    }
    const token = c.req.param('token');
    const reset = await findPasswordReset(db, token);
    if (!reset) return page(c, m.newHeading, invalidBody(), 410);
    const form = await readForm(c);
    if (!form) return apiError(c, 'bad_request');
    const password = text(form.password);
    const problem = newPasswordProblem(password, text(form.confirmation));
    if (problem) return page(c, m.newHeading, newPasswordBody(reset.email, m[problem]), 422);
    const done = await completePasswordReset(deps, token, password);
    if (!done) return page(c, m.newHeading, invalidBody(), 410);
    await loginThrottle.forgetAccount(done.email);
    return page(c, m.newHeading, doneBody());
  });

  return app;
}
