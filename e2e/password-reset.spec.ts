import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OUTBOX, PLATFORM } from './playwright.config';

/**
 * « Mot de passe oublié ? » as a person does it (issue 26, item 1): from the sign-in page, the
 * address, the mail in the outbox (no SMTP), its link, a new password, sign-in with it; the link
 * works once, and an unknown address gets the same answer.
 */
const email = 'camille.petit@demo.fr';
const sentWords = (address: string) =>
  `Si un compte existe pour l'adresse ${address}, un email contenant un lien pour choisir un nouveau mot de passe vient de lui être envoyé.`;

const mails = () =>
  fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((name) => name.endsWith('.eml')) : [];

/** A mail's text as written: quoted-printable soft breaks joined, `=XX` bytes decoded as UTF-8. */
function mailText(eml: string): string {
  const joined = eml.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The mails sent to `to` since `before` (names of the outbox then), once one has arrived. */
async function mailsTo(to: string, before: Set<string>): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(() => {
      found = mails()
        .filter((name) => !before.has(name))
        .map((name) => fs.readFileSync(path.join(OUTBOX, name), 'utf8'))
        .filter((eml) => new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'm').test(eml));
      return found.length;
    })
    .toBeGreaterThan(0);
  return found.map(mailText);
}

test('a forgotten password is replaced through the link of the mail, once', async ({ page }) => {
  await page.goto(`${PLATFORM}/login`);
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié');

  // The page's own French message, not the browser's bubble.
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByLabel('Adresse email')).toHaveAccessibleDescription('Ce champ est obligatoire.');

  const before = new Set(mails());
  await page.getByLabel('Adresse email').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText(sentWords(email));

  const [text] = await mailsTo(email, before);
  expect(text).toContain('Bonjour Camille,');
  const link = /http:\/\/[^\s]+\/nouveau-mot-de-passe\/[A-Za-z0-9_-]{43}/.exec(text!)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouveau mot de passe');
  await page.getByLabel('Nouveau mot de passe').fill('court');
  await page.getByLabel('Confirmer le mot de passe').fill('court');
  await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(page.getByRole('alert')).toHaveText('Le mot de passe doit contenir au moins 8 caractères.');

  await page.getByLabel('Nouveau mot de passe').fill('chantier-2026');
  await page.getByLabel('Confirmer le mot de passe').fill('chantier-2026');
  await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(page.getByRole('status')).toContainText('Votre mot de passe est modifié.');

  // Once only.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toContainText("Ce lien de réinitialisation n'est plus valide");

  // The old password no longer opens the account; the new one does.
  await page.goto(`${PLATFORM}/login`);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Adresse email ou mot de passe incorrect.');
  await page.getByLabel('Mot de passe', { exact: true }).fill('chantier-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${PLATFORM}/app/my-account`);
});

test('an unknown address gets the same answer, and no mail', async ({ page }) => {
  const before = new Set(mails());
  await page.goto(`${PLATFORM}/mot-de-passe-oublie`);
  await page.getByLabel('Adresse email').fill('personne@demo.fr');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText(sentWords('personne@demo.fr'));
  // A known address's mail, asked for afterwards, arrives; none went to the unknown one.
  await page.goto(`${PLATFORM}/mot-de-passe-oublie`);
  await page.getByLabel('Adresse email').fill('user@demo.fr');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await mailsTo('user@demo.fr', before);
  const unknown = mails()
    .filter((name) => !before.has(name))
    .filter((name) => fs.readFileSync(path.join(OUTBOX, name), 'utf8').includes('personne@demo.fr'));
  expect(unknown).toEqual([]);
});
