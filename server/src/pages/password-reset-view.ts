/**
 * The HTML of « Mot de passe oublié ? » (issue 26), data in and HTML out: password-reset.ts answers
 * with it, the stories show it (stories/platform). No server-only import here: the pages' paths
 * (auth/password-resets.ts) are passed in.
 */
import { passwordRules } from '../../../src/contract/preferences.js';
import { escapeHtml, frenchText } from './html.js';

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

const errorLine = (error?: string) =>
  error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : '';

/** The address to send the link to; `forgottenPasswordPath` is where the form posts. */
export function forgottenBody(forgottenPasswordPath: string, email = '', error?: string): string {
  return `
      <p class="muted notice">${frenchText(m.forgottenIntro)}</p>
      ${errorLine(error)}
      <form method="post" action="${escapeHtml(forgottenPasswordPath)}" novalidate ${error ? 'aria-describedby="form-error"' : ''}>
        <label for="email">Adresse email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" autofocus>
        <p class="field-error" id="email-error" hidden></p>
        <button class="button" type="submit">${escapeHtml(m.send)}</button>
      </form>
      <p class="aside"><a href="/login">${escapeHtml(m.backToLogin)}</a></p>`;
}

/** The same answer whatever the address: whether an account has it is never said. */
export function sentBody(email: string): string {
  return `
      <p class="notice" role="status">${frenchText(m.sent(email))}</p>
      <p class="aside"><a href="/login">${escapeHtml(m.backToLogin)}</a></p>`;
}

/** The link of the mail: the new password twice, with the account form's rules. */
export function newPasswordBody(email: string, error?: string): string {
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

/** A spent, expired or unknown link: one message, and the way to ask again. */
export const invalidBody = (forgottenPasswordPath: string) => `
      <p class="error" role="alert">${frenchText(m.invalid)}</p>
      <a class="button" href="${escapeHtml(forgottenPasswordPath)}">${escapeHtml(m.askAgain)}</a>`;

export const doneBody = () => `
      <p class="notice" role="status">${frenchText(m.done)}</p>
      <a class="button" href="/login">${escapeHtml(m.signIn)}</a>`;

export const foreignFormBody = () => `<p class="error" role="alert">${escapeHtml(m.foreignForm)}</p>`;
