import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT, PLATFORM } from './playwright.config';
import { frenchToday } from './support/frenchDay';
import { accessToken, signInAt } from './support/signIn';

/**
 * Preferences (issue 12) against the real server: an admin fills the company information with a
 * logo, adds a VAT rate, invites a user who chooses a password and signs in, then locks them.
 */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** A text field by its accessible name (the required star is aria-hidden, not part of it). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

/** A 1 × 1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function saveAndWait(page: Page, button: string, path: RegExp) {
  const answered = page.waitForResponse((response) => path.test(response.url()));
  await page.getByRole('button', { name: button }).click();
  return (await answered).status();
}

test('an admin sets up the company, a VAT rate and a new user, who signs in, then is locked', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await signInAt(page, '/preferences/infos-entreprise', 'admin@demo.fr');
  await expect(heading(page)).toHaveText("Informations de l'entreprise");
  await expectNoAxeViolations(page);

  // A SIRET whose key is wrong is refused under its field, nothing typed is lost.
  await field(page, 'SIRET').fill('73282932000075');
  await field(page, 'Code APE').fill('43.21A');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText("Ce numéro SIRET n'est pas valide.")).toBeVisible();
  await expect(field(page, 'SIRET')).toBeFocused();
  await expect(field(page, 'Code APE')).toHaveValue('43.21A');

  await field(page, 'SIRET').fill('732 829 320 00074');
  await field(page, 'N° de TVA intracommunautaire').fill('FR40303265045');
  await field(page, 'Capital (€)').fill('10 000');
  await field(page, 'Date de création').fill('01/03/2012');
  await field(page, 'Effectif').fill('12');
  await field(page, "Nom de l'assureur").fill('SMABTP');
  await field(page, 'Numéro de contrat').fill('DEC-2012-42');
  expect(await saveAndWait(page, 'Enregistrer', /settings\/company\/edit$/)).toBe(200);
  await expect(toast(page, 'Les informations ont été mises à jour.').first()).toBeVisible();

  // The logo: a file too large and one of another format are refused with the spec's messages.
  const chooser = page.getByLabel('Choisir un logo');
  await chooser.setInputFiles({ name: 'grand.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024) });
  await expect(page.getByText('Ce fichier est trop volumineux.')).toBeVisible();
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('texte') });
  await expect(page.getByText("Ce format de fichier n'est pas supporté")).toBeVisible();
  const uploaded = page.waitForResponse((response) => /\/logo$/.test(response.url()));
  await chooser.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('img', { name: "Logo de l'entreprise" })).toBeVisible();

  // After a reload the company information is the saved one, logo included.
  await page.reload();
  await expect(field(page, 'SIRET')).toHaveValue('73282932000074');
  await expect(field(page, 'Date de création')).toHaveValue('01/03/2012');
  await expect(page.getByRole('img', { name: "Logo de l'entreprise" })).toBeVisible();

  // A VAT rate.
  await page.getByRole('link', { name: 'Gestion de la TVA' }).click();
  await expect(heading(page)).toHaveText('Gestion de la TVA');
  await page.getByRole('button', { name: 'Nouveau taux de TVA' }).click();
  await field(page, 'Nom interne').fill('TVA DOM');
  await field(page, 'Nom affiché sur le PDF').fill('TVA 8,5 %');
  await field(page, 'Pourcentage (%)').fill('8,5');
  await field(page, 'Compte de TVA').fill('445716');
  expect(await saveAndWait(page, 'Créer le taux', /vat-rates$/)).toBe(200);
  const row = page.getByRole('row').filter({ hasText: 'TVA DOM' });
  await expect(row).toContainText('8,5 %');
  await expectNoAxeViolations(page);

  // A new user: an email already used is refused, then the invitation link is shown.
  await page.getByRole('link', { name: 'Gestion des utilisateurs' }).click();
  await expect(heading(page)).toHaveText('Gestion des utilisateurs');
  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
  await field(page, 'Nom').fill('Nouvelle');
  await field(page, 'Prénom').fill('Nina');
  await field(page, 'Adresse email').fill('user@demo.fr');
  expect(await saveAndWait(page, "Créer l'utilisateur", /\/users$/)).toBe(409);
  await expect(page.getByText('Cette adresse email est déjà utilisée.')).toBeVisible();
  await field(page, 'Adresse email').fill('nina.nouvelle@demo.fr');
  expect(await saveAndWait(page, "Créer l'utilisateur", /\/users$/)).toBe(200);
  const link = page.getByRole('link', { name: /\/invitation\// });
  await expect(link).toBeVisible();
  const invitation = (await link.getAttribute('href'))!;
  expect(invitation.startsWith(`${PLATFORM}/invitation/`)).toBe(true);
  await expectNoAxeViolations(page);

  // The new user chooses a password from the link, then signs in.
  const other = await browser.newContext();
  const nina = await other.newPage();
  await nina.goto(invitation);
  await nina.getByLabel('Nouveau mot de passe').fill('mot-de-passe-nina');
  await nina.getByLabel('Confirmer le mot de passe').fill('mot-de-passe-nina');
  await nina.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(nina.getByText('Votre mot de passe est enregistré.')).toBeVisible();
  await nina.getByRole('link', { name: 'Se connecter' }).click();
  await nina.getByLabel('Adresse email').fill('nina.nouvelle@demo.fr');
  await nina.getByLabel('Mot de passe').fill('mot-de-passe-nina');
  await nina.getByRole('button', { name: 'Se connecter' }).click();
  await expect(nina).not.toHaveURL(/\/login/);
  await nina.goto(`${CLIENT}/preferences/mon-compte`);
  await expect(nina.getByText('nina.nouvelle@demo.fr')).toBeVisible({ timeout: 20_000 });

  // The admin locks her: she can no longer sign in.
  await page.getByRole('button', { name: 'Verrouiller Nina Nouvelle' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'nina.nouvelle@demo.fr' })).toContainText(
    'Verrouillé',
  );
  const locked = await browser.newContext();
  const again = await locked.newPage();
  await again.goto(`${PLATFORM}/login`);
  await again.getByLabel('Adresse email').fill('nina.nouvelle@demo.fr');
  await again.getByLabel('Mot de passe').fill('mot-de-passe-nina');
  await again.getByRole('button', { name: 'Se connecter' }).click();
  await expect(again.getByText('Adresse email ou mot de passe incorrect.')).toBeVisible();
  await other.close();
  await locked.close();
});

test('an admin sets numbering and precisions, a footer logo, and a new invoice follows them', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // The second company: the other flows count on the first one's default numbering.
  await signInAt(page, '/preferences/documents-general', 'admin@autre-demo.fr');
  await expect(heading(page)).toHaveText('Paramètres généraux des documents');
  await expectNoAxeViolations(page);

  const general = page.getByRole('form', { name: 'Paramètres généraux des documents' });
  await field(page, 'Précision des quantités').fill('3');
  const savedPrecision = page.waitForResponse((response) =>
    /settings\/documents\/edit$/.test(response.url()),
  );
  await general.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await savedPrecision).status()).toBe(200);
  await expect(toast(page, 'Les informations ont été mises à jour.').first()).toBeVisible();

  // A pattern the server refuses is said under its field; what was typed stays.
  await field(page, 'Format des numéros de facture').fill('BD-{XX}-{NNN}');
  expect(await saveAndWait(page, 'Enregistrer la numérotation', /settings\/documents\/edit$/)).toBe(422);
  await expect(field(page, 'Format des numéros de facture')).toHaveValue('BD-{XX}-{NNN}');
  await field(page, 'Format des numéros de facture').fill('BD-{AA}-{NNN}');
  expect(await saveAndWait(page, 'Enregistrer la numérotation', /settings\/documents\/edit$/)).toBe(200);

  await page.reload();
  await expect(field(page, 'Précision des quantités')).toHaveValue('3', { timeout: 20_000 });
  await expect(field(page, 'Format des numéros de facture')).toHaveValue('BD-{AA}-{NNN}');

  // A user of the company sees the numbering read-only, and the server refuses it to them.
  const colleague = await browser.newContext({ bypassCSP: true });
  const user = await colleague.newPage();
  await signInAt(user, '/preferences/documents-general', 'user@autre-demo.fr');
  // The reason is said at the top, and the numbering is shown read-only: no control that would be refused.
  await expect(user.locator('[data-restricted-page="true"]')).toBeVisible({ timeout: 20_000 });
  await expect(field(user, 'Format des numéros de facture')).toHaveAttribute('readonly', '');
  const refused = await user.request.post(`${PLATFORM}/v2/companies/2/settings/documents/edit`, {
    headers: { Authorization: `Bearer ${await accessToken(user)}` },
    data: { version: 99, invoiceNumberFormat: 'X-{NNN}' },
  });
  expect(refused.status()).toBe(403);
  await colleague.close();

  // The footer logo on the Formats page: uploaded, previewed, kept after a reload.
  await page.getByRole('link', { name: 'Format des documents' }).click();
  await expect(heading(page)).toHaveText('Format des documents');
  const footerUploaded = page.waitForResponse((response) => /\/footer-logo$/.test(response.url()));
  await page.getByLabel('Choisir un logo de pied de page').setInputFiles({
    name: 'pied.png',
    mimeType: 'image/png',
    buffer: png,
  });
  expect((await footerUploaded).status()).toBe(200);
  await expect(page.getByRole('img', { name: 'Logo de pied de page' })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole('img', { name: 'Logo de pied de page' })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);

  // A new invoice: its quantity keeps three decimals, its number follows the new format.
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const api = `${PLATFORM}/v2/companies/2`;
  const post = async (path: string, data: object) => {
    const response = await page.request.post(`${api}${path}`, { headers, data });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { id: number } }).data;
  };
  const customer = await post('/customers', { type: 'private', lastName: 'Précis' });
  const rates = (
    (await (await page.request.get(`${api}/vat-rates`, { headers })).json()) as {
      data: { id: number; basisPoints: number }[];
    }
  ).data;
  const draft = await post('/invoices', {
    kind: 'simple',
    customerId: customer.id,
    lines: [
      {
        label: 'Joint souple',
        unit: 'm',
        quantityMilli: 1125,
        unitPriceCents: 1000,
        vatRateId: rates.find((rate) => rate.basisPoints === 2000)!.id,
      },
    ],
  });
  await page.goto(`${CLIENT}/facturation/factures/${draft.id}`);
  await expect(heading(page)).toContainText('PROVISOIRE', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Valider la facture' }).click();
  await page
    .getByRole('dialog', { name: 'Valider la facture ?' })
    .getByRole('button', { name: 'Valider définitivement' })
    .click();
  const year = String(frenchToday().getFullYear()).slice(-2);
  // The company's counter goes on; the number takes the new format.
  await expect(heading(page)).toHaveText(new RegExp(`BD-${year}-\\d{3} validée$`), {
    timeout: 20_000,
  });
  await expect(page.getByRole('cell', { name: '1,125', exact: true })).toBeVisible({ timeout: 20_000 });
});
