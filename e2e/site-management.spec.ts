import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PLATFORM } from './playwright.config';
import { companyApi } from './support/companyApi';
import { signInAt } from './support/signIn';

/**
 * « Gestion chantier » as a new user does it (issue 24), in Chromium against the real server: on
 * /app/prive/#/gestion-chantier, choose a job, put two people in its team, enter a week of hours,
 * then a supplier's invoice (its CII file read and shown before it is saved): the job's margin
 * moves by exactly their cost. Then « Suivi d'activité » after that day's work: the journal says it.
 */
const sample = path.join(
  import.meta.dirname,
  '..',
  'demo',
  'samples',
  'purchases',
  'facture-fournisseur-cii.xml',
);
const euros = (text: string | null) =>
  Number(
    (text ?? '')
      .replace('\u2212', '-')
      .replace(/[^\d,-]/g, '')
      .replace(',', '.'),
  );

test('enter a week of hours and a supplier invoice on a job and see its margin move', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAt(page, '/preferences/couts-et-prix', 'admin@demo.fr');
  // A job of its own (the demo's jobs are shared with other flows).
  const api = await companyApi(page);
  const job = await api.post<{ id: number; name: string }>('/business-jobs', {
    name: 'Chantier E2E gestion',
    customerId: 1,
    retainageBasisPoints: 0,
  });
  // Lucas's cost, as an admin sets it: 35 € an hour.
  await api.post('/users/2/hourly-cost', { hourlyCostCents: 3_500 });

  await page.goto(`${PLATFORM}/app/prive/#/gestion-chantier`);
  const site = page.locator('bo-site-management');
  await site.getByRole('combobox', { name: 'Affaire' }).fill('Chantier E2E');
  await site.getByRole('option', { name: /Chantier E2E gestion/ }).click();
  // The budget's last figure is the margin as it stands.
  const margin = site.getByRole('region', { name: 'Budget et marge' }).locator('dd').last();
  await expect(margin).toHaveText(/0,00/);

  // The team: Lucas.
  await site.getByRole('checkbox', { name: /Lucas/ }).check();
  await site.getByRole('button', { name: 'Enregistrer le planning' }).click();
  const lucas = site.getByRole('group', { name: /Lucas/ });
  await expect(lucas).toBeVisible();

  // Monday to Friday, 7 h 30 a day: 37 h 30 at 35 € = 1 312,50 €.
  for (let day = 0; day < 5; day++) await lucas.getByRole('textbox').nth(day).fill('7,5');
  await site.getByRole('button', { name: 'Enregistrer les heures de la semaine' }).click();
  await expect(page.getByText('Heures enregistrées.').first()).toBeVisible();
  await expect(margin).toHaveText(/[-\u2212]1\s?312,50/);

  // A supplier's invoice: the CII file, read and shown, then saved (1 194,00 € HT).
  await site.getByLabel('Importer une facture fournisseur').setInputFiles(sample);
  await expect(site.getByText('Matériaux Durand SAS')).toBeVisible();
  await expect(site.getByText('FD-2026-04518')).toBeVisible();
  await site.getByRole('button', { name: "Enregistrer l'achat importé" }).click();
  await expect(site.getByRole('table', { name: "Achats de l'affaire" })).toContainText(
    'Matériaux Durand SAS',
  );
  await expect(margin).toHaveText(/[-\u2212]2\s?506,50/);
  expect(euros(await margin.textContent())).toBe(-2506.5);
  expect(job.id).toBeGreaterThan(0);

  // The day's work done, « Suivi d'activité »'s journal tells it, newest first.
  await page.goto(`${PLATFORM}/app/reporting#journal`);
  const journal = page
    .locator('bo-activity-log')
    .getByRole('table', { name: "Journal d'activité de l'entreprise" });
  await expect(journal).toContainText("Heures saisies sur l'affaire Chantier E2E gestion : 37 h 30");
  await expect(journal).toContainText(
    "Achat FD-2026-04518 de Matériaux Durand SAS (1\u202f194,00\u00a0€ HT) enregistré sur l'affaire Chantier E2E gestion",
  );
});
