import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { CLIENT, PLATFORM } from './playwright.config';
import { companyApi } from './support/companyApi';
import { signInAt } from './support/signIn';

/**
 * « Mes applications » as a new user does it (issue 23), in Chromium against the real server:
 * connect Pix4D (the key shown once), a group for a job, a Pix4D export imported into it, its
 * measures and events; then the application's side: the key pushes a group and a change through
 * the connector API, and the group's timeline says what changed.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const sample = path.join(
  import.meta.dirname,
  '..',
  'demo',
  'samples',
  'measures',
  'pix4d-toiture-terrasse.geojson',
);

test('connect Pix4D, import an export into a group of a job, read it, push a change with the key, see the event', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAt(page, '/applications', 'admin@demo.fr');
  await expect(heading(page)).toHaveText('Mes applications');

  // A job of its own, for the group.
  const api = await companyApi(page);
  const job = await api.post<{ id: number; name: string }>('/business-jobs', {
    name: 'Maison Bernard toiture',
    customerId: 1,
    retainageBasisPoints: 0,
  });

  // Connect: the key, shown this once.
  const pix4d = page.getByRole('region', { name: 'Pix4D' });
  await pix4d.getByRole('button', { name: /^(Connecter Pix4D|Régénérer la clé)$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Régénérer la clé' });
  // The demo company may have Pix4D connected already: a new key then replaces the old one.
  if (await confirm.isVisible().catch(() => false)) {
    await confirm.getByRole('button', { name: 'Régénérer la clé' }).click();
  }
  const keyDialog = page.getByRole('dialog', { name: /Pix4D est connectée|Nouvelle clé Pix4D/ });
  await expect(keyDialog.getByRole('note')).toContainText('elle ne sera plus jamais affichée');
  const apiKey = await keyDialog.getByLabel("Clé d'API").inputValue();
  expect(apiKey.length).toBeGreaterThan(20);
  await keyDialog.getByRole('button', { name: "J'ai copié la clé" }).click();
  await expect(page.getByText(apiKey)).toHaveCount(0);
  await expect(pix4d.getByText('Connectée', { exact: true })).toBeVisible();

  // Its home shows the key's start and its creation date, never the key.
  await pix4d.getByRole('link', { name: 'Pix4D' }).click();
  await expect(heading(page)).toHaveText('Pix4D');
  const keys = page.getByRole('table', { name: "Clés d'API" });
  await expect(keys.getByRole('row').nth(1)).toContainText('Active');
  await expect(keys).not.toContainText(apiKey);

  // A group for the job, then the export imported into it.
  await page.getByRole('link', { name: 'Voir les groupes de mesures Pix4D' }).click();
  await expect(heading(page)).toHaveText('Groupes de mesures Pix4D');
  await page.getByRole('button', { name: 'Nouveau groupe de mesures' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau groupe de mesures' });
  await dialog.getByRole('textbox', { name: 'Nom du groupe' }).fill('Toiture et terrasse Bernard');
  await dialog.getByRole('combobox', { name: 'Affaire' }).fill('Maison Bernard');
  await dialog.getByRole('option', { name: /Maison Bernard toiture/ }).click();
  await dialog.getByRole('button', { name: 'Créer le groupe' }).click();
  await expect(page).toHaveURL(new RegExp(`^${CLIENT}/applications/pix4d/groupes-mesures/\\d+$`));
  await expect(heading(page)).toHaveText('Groupe de mesures : Toiture et terrasse Bernard');
  await expect(page.getByRole('link', { name: /Affaire : Maison Bernard toiture/ })).toHaveAttribute(
    'href',
    new RegExp(`/affaires/${job.id}$`),
  );

  await page.locator('input[type=file]').setInputFiles(sample);
  await page.getByRole('button', { name: 'Importer le fichier' }).click();
  await expect(page.getByText(/mesures? lues? : \d+ ajoutées?, 0 modifiée\./)).toBeVisible();
  const measures = page.getByRole('table', { name: 'Mesures' });
  await expect(measures.getByRole('row', { name: /Pan de toiture sud/ })).toContainText('m²');
  await expect(page.getByRole('region', { name: 'Totaux par type' })).toContainText('Surface');
  await expect(page.getByText('Fichier importé')).toBeVisible();
  await expect(page.getByText(/pix4d-toiture-terrasse\.geojson \(\d/)).toBeVisible();

  // The application's side: the key (never a user's token) pushes a group, then a change.
  const connector = `${PLATFORM}/v2/applications/pix4d/measure-groups`;
  const headers = { 'X-Api-Key': apiKey };
  const pushed = await page.request.post(connector, {
    headers,
    data: { externalId: 'bernard-site-1', name: 'Relevé drone Bernard', businessJobId: job.id },
  });
  expect(pushed.status(), await pushed.text()).toBeLessThan(300);
  const groupId = ((await pushed.json()) as { data: { id: number } }).data.id;
  const measure = { externalId: 'faitage', name: 'Faîtage', kind: 'length', unit: 'm' };
  const first = await page.request.post(`${connector}/bernard-site-1/measures`, {
    headers,
    data: { measures: [{ ...measure, valueMilli: 12_400 }] },
  });
  expect(first.status(), await first.text()).toBe(200);
  const change = await page.request.post(`${connector}/bernard-site-1/measures`, {
    headers,
    data: { measures: [{ ...measure, valueMilli: 12_850 }] },
  });
  expect(change.status(), await change.text()).toBe(200);

  // The group's timeline says it, values before and after, and who: the application through its key.
  await page.goto(`${CLIENT}/applications/pix4d/groupes-mesures/${groupId}/events`);
  await expect(heading(page)).toHaveText('Historique du groupe Relevé drone Bernard');
  const changed = page.getByRole('listitem').filter({ hasText: 'Mesures modifiées' });
  await expect(changed).toContainText('Faîtage : 12,4\u00a0m → 12,85\u00a0m');
  await expect(changed).toContainText("par Pix4D (clé d'API)");
  await expect(page.getByRole('listitem').filter({ hasText: 'Mesures ajoutées' })).toContainText(
    'Faîtage : 12,4\u00a0m',
  );

  // The group is in the job's list of groups, filtered by its job.
  await page.goto(`${CLIENT}/applications/pix4d/groupes-mesures`);
  await expect(page.getByRole('link', { name: 'Ouvrir le groupe Relevé drone Bernard' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Ouvrir le groupe Toiture et terrasse Bernard' }),
  ).toBeVisible();
});
