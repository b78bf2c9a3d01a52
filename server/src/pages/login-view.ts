/**
 * The sign-in pages' HTML (/login, /logout's question), data in and HTML out: login.ts answers with
 * it, the stories show it (stories/platform). No server-only import here (no database, no node
 * module): what a page needs from the server is passed in.
 */
import { escapeHtml, frenchText, scriptJson } from './html.js';
import { type PageConfig, renderPage } from './layout.js';

export const loginMessages = {
  wrongCredentials: 'Adresse email ou mot de passe incorrect.',
  missingFields: 'Veuillez saisir votre adresse email et votre mot de passe.',
  tooManyAttempts: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
  foreignForm: 'Ce formulaire de connexion ne provient pas de ce site.',
  loggedOut: 'Vous êtes déconnecté.',
  confirmLogout: 'Voulez-vous vous déconnecter ?',
} as const;

export interface LoginFormState {
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

/** The form of /login; `forgottenPasswordPath` is the « Mot de passe oublié ? » page (auth/password-resets.ts). */
export function loginBody(
  { redirect, email = '', error, notice }: LoginFormState,
  forgottenPasswordPath: string,
): string {
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
      <p class="aside"><a href="${escapeHtml(forgottenPasswordPath)}">${frenchText('Mot de passe oublié ?')}</a></p>`;
}

/**
 * The browser's own bubbles speak the browser's language: the form is `novalidate` and says in
 * French, under the field, what is missing or malformed. The field is marked invalid and described
 * by its message; on submit the first invalid field gets the focus. Without script, the server's
 * answer still says what is missing. The pages of a forgotten password (password-reset.ts) use it too.
 */
export const signInFieldScript = `(() => {
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
export function logoutConfirmBody(): string {
  return `
      <p>${frenchText(loginMessages.confirmLogout)}</p>
      <form method="post" action="/logout">
        <button class="button" type="submit">Se déconnecter</button>
      </form>`;
}

export interface SignInPageOptions {
  config: PageConfig;
  nonce: string;
  heading: string;
  /** Trusted HTML: one of the bodies above, or of password-reset-view.ts. */
  body: string;
}

/** A whole sign-in page: the product's name, one card, the French field messages' script. */
export function signInPage({ config, nonce, heading, body }: SignInPageOptions): string {
  return renderPage({
    config,
    nonce,
    heading,
    body,
    elements: false,
    layout: 'sign-in',
    script: signInFieldScript,
  });
}
