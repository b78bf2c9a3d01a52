import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT, PLATFORM } from './playwright.config';
import { accessToken, signInAt } from './support/signIn';

/**
 * Affaires against the real server: Mes affaires keeps the signed-in user's jobs (the seed splits
 * them between the admin and the user), and the job sheet gives the retainage release date once a
 * reception date is set.
 */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test("Mes affaires lists only the user's jobs; the sheet gives the retainage release date", async ({
  page,
}) => {
  await signInAt(page, '/mes-affaires');
  await expect(heading(page)).toHaveText('Mes affaires');
  const myJobs = page.getByRole('table', { name: 'Mes affaires' });
  await expect(myJobs.getByRole('link', { name: 'Isolation combles Lefèvre' })).toBeVisible();
  await expect(myJobs.getByRole('link', { name: 'Rénovation salle de bains Dupont' })).toHaveCount(0);
  const owners = await myJobs.locator('tbody tr td:nth-child(4)').allTextContents();
  expect(owners.length).toBeGreaterThan(0);
  expect(new Set(owners)).toEqual(new Set(['Lucas Bernard']));
  await expectNoAxeViolations(page);

  // Every job of the company, the admin's included.
  await page.goto(`${CLIENT}/affaires`);
  await expect(heading(page)).toHaveText('Affaires');
  await expect(page.getByRole('link', { name: 'Rénovation salle de bains Dupont' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Isolation combles Lefèvre' })).toBeVisible();

  // A fresh job (5 % retainage): no reception date yet, then one, then its release date.
  const token = await accessToken(page);
  const created = await page.request.post(`${PLATFORM}/v2/companies/1/business-jobs`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Véranda Morel', customerId: 1, retainageBasisPoints: 500 },
  });
  expect(created.status()).toBe(200);
  const jobId = ((await created.json()) as { data: { id: number } }).data.id;
  await page.goto(`${CLIENT}/affaires/${jobId}`);
  await expect(heading(page)).toHaveText('Affaire : Véranda Morel');
  await expect(page.getByText('Responsable : Lucas Bernard')).toBeVisible();
  await expect(
    page.getByText('Libération de la retenue de garantie : en attente de la date de réception des travaux'),
  ).toBeVisible();
  await expect(page.getByText('Aucun règlement pour cette affaire.')).toBeVisible();
  await page.getByLabel('Date de réception des travaux').fill('15/03/2026');
  await page.getByRole('button', { name: "Enregistrer l'affaire" }).click();
  await expect(page.getByText('Les informations ont été mises à jour.')).toBeVisible();
  await expect(page.getByText('Libération de la retenue de garantie : 15/03/2027')).toBeVisible();
  await expectNoAxeViolations(page);

  // The new job is the user's: Mes affaires lists it.
  await page.goto(`${CLIENT}/mes-affaires`);
  await expect(page.getByRole('link', { name: 'Véranda Morel' })).toBeVisible();
});
