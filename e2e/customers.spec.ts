import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT } from './playwright.config';
import { signInAt } from './support/signIn';

/** Customers (Gestion clients) against the real server and database, as a person uses them. */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer le client' }).click();
/** Saves a sheet and waits for the server's answer (an earlier toast may still be on screen). */
async function saveEdit(page: Page, status = 200) {
  const answered = page.waitForResponse((response) => response.url().endsWith('/edit'));
  await save(page);
  expect((await answered).status()).toBe(status);
  await expect(page.getByRole('button', { name: 'Enregistrer le client' })).toBeEnabled();
}
const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

test('create a customer (first with a bad email and no name), edit it, find it in the list, and after a reload', async ({
  page,
}) => {
  await signInAt(page, '/gestion-clients');
  await expect(heading(page)).toHaveText('Gestion clients');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Nouveau client' }).first().click();
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients/nouveau`);
  await expect(heading(page)).toHaveText('Nouveau client');
  await page.getByRole('radio', { name: 'Particulier' }).check();
  await page.getByLabel('Prénom').fill('Élodie');
  await page.getByLabel('Email').fill('elodie.garnier@');
  await save(page);
  await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
  await expect(page.getByText('Ce champ doit être une adresse email valide.')).toBeVisible();
  await expect(page.getByLabel('Nom *')).toBeFocused();
  await expectNoAxeViolations(page);

  await page.getByLabel('Nom *').fill('Garnier');
  await page.getByLabel('Email').fill('elodie.garnier@exemple.fr');
  await page.getByLabel('Ville').fill('Villeurbanne');
  await save(page);
  // A creation says so (issue 26), not « Les informations ont été mises à jour. ».
  await expect(toast(page, 'Le client a été créé.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${CLIENT}/gestion-clients/\\d+$`));
  await expect(heading(page)).toHaveText('Fiche client : Élodie Garnier');
  const sheetUrl = page.url();

  await page.getByLabel('Téléphone').fill('04 72 00 11 22');
  await page.getByRole('radio', { name: 'Spécifique à ce client' }).check();
  await page
    .getByLabel('Règle', { exact: true })
    .selectOption({ label: 'Payé un nombre de jours après la facture, puis en fin de mois' });
  await page.getByLabel('Nombre de jours, puis fin de mois *').fill('45');
  await saveEdit(page);
  await expect(toast(page, 'Les informations ont été mises à jour.').first()).toBeVisible();

  await page.getByRole('link', { name: 'Retour à la liste des clients' }).click();
  await expect(heading(page)).toHaveText('Gestion clients');
  await page.getByRole('searchbox', { name: 'Rechercher un client' }).fill('garnier');
  const row = page.getByRole('row').filter({ hasText: 'Élodie Garnier' });
  await expect(row).toContainText('Villeurbanne');
  await expect(row).toContainText('Particulier');

  await page.reload();
  await page.getByRole('searchbox', { name: 'Rechercher un client' }).fill('garnier');
  await row.getByRole('link', { name: 'Élodie Garnier' }).click();
  await expect(page).toHaveURL(sheetUrl);
  await expect(page.getByLabel('Téléphone')).toHaveValue('04 72 00 11 22');
  await expect(page.getByLabel('Nombre de jours, puis fin de mois *')).toHaveValue('45');
  await expectNoAxeViolations(page);
});

test('the list as a French user expects: accents, French order, the address keeps the list, 390 px', async ({
  page,
}) => {
  await signInAt(page, '/gestion-clients');
  const search = page.getByRole('searchbox', { name: 'Rechercher un client' });
  const names = () => page.getByRole('row').getByRole('link').allTextContents();

  // French alphabetical order: 'Bâti Sud Est SAS' before 'Boulangerie Mercier'.
  await expect(page.getByRole('link', { name: 'Boulangerie Mercier' })).toBeVisible();
  const ordered = await names();
  expect(ordered.indexOf('Bâti Sud Est SAS')).toBeLessThan(ordered.indexOf('Boulangerie Mercier'));

  // Without accents or case; the search goes into the address.
  await search.fill('RHONE');
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients?recherche=RHONE`);
  await expect(page.getByRole('link', { name: 'SCI Les Terrasses du Rhône' })).toBeVisible();
  await expect(page.getByText('1–1 sur 1 client')).toBeVisible();

  await search.fill('');
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients`);
  await page.getByRole('button', { name: /Ville/ }).click();
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients?tri=city`);
  await page.getByRole('button', { name: /Ville/ }).click();
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients?tri=city&ordre=desc`);
  await page.getByRole('combobox', { name: 'Type de client' }).selectOption({ label: 'Professionnel' });
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients?type=professional&tri=city&ordre=desc`);
  // The address changes first, the rows when the filtered page arrives.
  await expect
    .poll(async () => {
      const shown = await names();
      return shown.includes('Bâti Sud Est SAS') && !shown.includes('M. Jean Dupont');
    })
    .toBe(true);
  const professionals = await names();

  // A reload shows the same list.
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /Ville/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('combobox', { name: 'Type de client' })).toHaveValue('professional');
  await expect.poll(names).toEqual(professionals);

  // Back steps through the list's own history, then from a sheet back to the same list.
  await page.goBack();
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients?tri=city&ordre=desc`);
  await expect(page.getByRole('combobox', { name: 'Type de client' })).toHaveValue('');
  await page.getByRole('link', { name: 'Bâti Sud Est SAS' }).click();
  await expect(page).toHaveURL(new RegExp(`^${CLIENT}/gestion-clients/\\d+$`));
  await page.goBack();
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients?tri=city&ordre=desc`);
  await expect(page.getByRole('columnheader', { name: /Ville/ })).toHaveAttribute('aria-sort', 'descending');
  await search.fill('sud est');
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients?recherche=sud+est&tri=city&ordre=desc`);
  await page.reload();
  await expect(search).toHaveValue('sud est');
  await expect(page.getByRole('link', { name: 'Bâti Sud Est SAS' })).toBeVisible();

  // At 390 px the list fits the screen: nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await search.fill('');
  await expect(page.getByRole('link', { name: 'Boulangerie Mercier' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const table = await page.getByRole('table').boundingBox();
  expect(table!.x).toBeGreaterThanOrEqual(0);
  expect(table!.x + table!.width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});

test('two people edit one customer: the second save is refused in French, its typing stays, nothing is lost', async ({
  page,
  context,
}) => {
  await signInAt(page, '/gestion-clients/nouveau');
  await page.getByRole('radio', { name: 'Particulier' }).check();
  await page.getByLabel('Nom *').fill('Concurrent');
  await page.getByLabel('Ville').fill('Lyon');
  await save(page);
  await expect(page).toHaveURL(new RegExp(`^${CLIENT}/gestion-clients/\\d+$`));
  const sheetUrl = page.url();

  const other = await context.newPage();
  await other.goto(sheetUrl);
  await expect(heading(other)).toHaveText('Fiche client : Concurrent');

  await page.getByLabel('Ville').fill('Villeurbanne');
  await saveEdit(page);

  await other.getByLabel('Commentaires').fill('Portail bleu, code 1234.');
  await saveEdit(other, 409);
  await expect(
    other.getByRole('alert').filter({ hasText: "Quelqu'un d'autre a enregistré ces informations" }),
  ).toBeVisible();
  await expect(other.getByLabel('Commentaires')).toHaveValue('Portail bleu, code 1234.');
  await expectNoAxeViolations(other);

  await other.getByRole('button', { name: 'Recharger la fiche' }).click();
  await expect(other.getByLabel('Ville')).toHaveValue('Villeurbanne');
  await other.getByLabel('Commentaires').fill('Portail bleu, code 1234.');
  await saveEdit(other);
  await expect(toast(other, 'Les informations ont été mises à jour.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Ville')).toHaveValue('Villeurbanne');
  await expect(page.getByLabel('Commentaires')).toHaveValue('Portail bleu, code 1234.');
});

test('leaving a sheet with unsaved changes asks first', async ({ page }) => {
  await signInAt(page, '/gestion-clients/nouveau');
  await page.getByLabel('Raison sociale *').fill('Menuiserie Pressée');
  // The product's styled question, not the browser's confirm() (issue 26).
  const browserQuestions: string[] = [];
  page.on('dialog', (dialog) => {
    browserQuestions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Retour à la liste des clients' }).click();
  const question = page.getByRole('alertdialog', {
    name: 'Vos modifications ne sont pas enregistrées. Quitter la page sans les enregistrer ?',
  });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Continuer la saisie' })).toBeFocused();
  await expectNoAxeViolations(page);
  await question.getByRole('button', { name: 'Continuer la saisie' }).click();
  await expect(question).toBeHidden();
  expect(browserQuestions).toEqual([]);
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients/nouveau`);
  await expect(page.getByLabel('Raison sociale *')).toHaveValue('Menuiserie Pressée');
});
