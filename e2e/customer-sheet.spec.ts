import { expect, type Page, test } from '@playwright/test';
import { formatCents } from '../src/contract/format';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT } from './playwright.config';
import { signInAt } from './support/signIn';

/**
 * Issue 26, item 8: the customer sheet and the job sheet are more than forms. A customer's sheet
 * shows what it owes and is late with, its jobs, quotes, invoices and payments, and its history; a
 * job's sheet what is left to invoice, its quotes (each opening its editor), « Nouveau devis » and
 * its history. Against the real server and the seeded company, as a person uses them.
 */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** A figure of the sheet, as its label and amount read together. */
const figure = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Chiffres' }).locator('div').filter({ hasText: label }).first();

test("a seeded customer's sheet: its figures as the server counts them, its documents, then its job's sheet", async ({
  page,
}) => {
  await signInAt(page, '/gestion-clients');
  await page.getByRole('searchbox', { name: 'Rechercher un client' }).fill('mercier');
  const overview = page.waitForResponse((response) => /\/customers\/\d+\/overview$/.test(response.url()));
  await page.getByRole('link', { name: 'Boulangerie Mercier' }).click();
  await expect(heading(page)).toHaveText('Fiche client : Boulangerie Mercier');
  const figures = (await (await overview).json()).data;
  await expect(figure(page, 'Reste à encaisser')).toContainText(formatCents(figures.balanceCents));
  await expect(figure(page, 'En retard')).toContainText(formatCents(figures.overdueCents));
  await expect(figure(page, 'Règlements reçus')).toContainText(formatCents(figures.paidCents));

  const jobs = page.getByRole('table', { name: 'Affaires' });
  await expect(jobs.getByRole('link', { name: 'Réaménagement fournil Mercier' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Devis' }).getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Factures' }).getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Règlements' }).getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Historique' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Informations du client' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The job's sheet: what is left to invoice, its quotes opening their editor, « Nouveau devis ».
  await jobs.getByRole('link', { name: 'Réaménagement fournil Mercier' }).click();
  await expect(heading(page)).toHaveText('Affaire : Réaménagement fournil Mercier');
  await expect(page.getByText('Reste à facturer')).toBeVisible();
  const quote = page.getByRole('table', { name: 'Devis' }).getByRole('link', { name: /^DE-/ }).first();
  await expect(quote).toHaveAttribute('href', /\/affaires\/devis\/\d+$/);
  await expect(page.getByRole('button', { name: 'Nouveau devis' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Historique' })).toBeVisible();
  await expectNoAxeViolations(page);
  await quote.click();
  await expect(page).toHaveURL(new RegExp(`^${CLIENT}/affaires/devis/\\d+$`));
});

test('a new customer: « Le client a été créé. », nothing owed, each list says what is missing, its history grows', async ({
  page,
}) => {
  await signInAt(page, '/gestion-clients/nouveau');
  await page.getByRole('radio', { name: 'Particulier' }).check();
  await page.getByLabel('Prénom').fill('Maëlle');
  await page.getByLabel('Nom *').fill('Sanschantier');
  await page.getByRole('button', { name: 'Enregistrer le client' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Le client a été créé.' })).toBeVisible();
  await expect(heading(page)).toHaveText('Fiche client : Maëlle Sanschantier');

  await expect(figure(page, 'Reste à encaisser')).toContainText(formatCents(0));
  await expect(
    page.getByText('Aucune affaire pour ce client. Créez-en une avec « Nouvelle affaire ».'),
  ).toBeVisible();
  await expect(page.getByText('Aucun devis pour ce client.')).toBeVisible();
  await expect(page.getByText('Aucune facture pour ce client.')).toBeVisible();
  await expect(page.getByText('Aucun règlement reçu de ce client.')).toBeVisible();
  await expect(page.getByText(/Maëlle Sanschantier créé$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // A change is in its history as soon as it is saved.
  await page.getByLabel('Ville').fill('Vénissieux');
  await page.getByRole('button', { name: 'Enregistrer le client' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Les informations ont été mises à jour.' }),
  ).toBeVisible();
  await expect(page.getByText(/Maëlle Sanschantier modifié$/)).toBeVisible();
});
