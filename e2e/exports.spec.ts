import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { signInAt } from './support/signIn';

/** Banks and accounting exports (issue 11) against the real server and database. */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Clicks and returns the file the browser saves: its name and its bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(path!) };
}

test('an admin creates a bank: IBAN and BIC refused in French, then fixed and saved', async ({ page }) => {
  await signInAt(page, '/preferences/comptabilite/gestion-banques', 'admin@demo.fr');
  await expect(heading(page)).toHaveText('Gestion des banques');
  await expect(page.getByRole('button', { name: 'Crédit Agricole Centre-Est' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Nouvelle banque' }).click();
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Banque Populaire Rhône');
  await page.getByRole('textbox', { name: 'IBAN', exact: true }).fill('FR76 3000 6000 0112 3456 7890 188');
  await page.getByRole('textbox', { name: 'BIC', exact: true }).fill('CCBP');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  // A check digit typed wrong is said as such, not as a format error (issue 26).
  await expect(
    page.getByText("La clé de contrôle de l'IBAN ne correspond pas : un chiffre est sans doute mal saisi."),
  ).toBeVisible();
  await expect(page.getByText('Le format du BIC est incorrect.')).toBeVisible();
  // What was typed stays.
  await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Banque Populaire Rhône');
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'IBAN', exact: true }).fill('FR76 3000 6000 0112 3456 7890 189');
  await page.getByRole('textbox', { name: 'BIC', exact: true }).fill('CCBPFRPPLYO');
  const answered = page.waitForResponse((r) => r.url().endsWith('/banks') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'La banque est enregistrée.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Banque Populaire Rhône' });
  await expect(row).toContainText('FR76 3000 6000 0112 3456 7890 189');
  await expect(row).toContainText('CCBPFRPPLYO');
});

test('a cheque remittance slip downloaded as a PDF', async ({ page }) => {
  await signInAt(page, '/facturation/reglements/export-bordereau-remise-cheque');
  await expect(heading(page)).toHaveText('Export du bordereau de remise de chèques');
  await page.getByRole('textbox', { name: 'Du', exact: true }).fill('01/01/2000');
  const table = page.getByRole('table', { name: 'Chèques reçus' });
  const none = page.getByText('Aucun chèque reçu sur cette banque pendant la période.');
  // The seeded cheques went to one of the company's banks: the first that has some.
  const banks = await page.getByLabel('Banque').locator('option').allTextContents();
  for (const bank of banks) {
    await page.getByLabel('Banque').selectOption({ label: bank });
    await expect(table.or(none)).toBeVisible();
    if (await table.isVisible()) break;
  }
  await expect(table).toBeVisible();
  await expect(page.getByText(/^\d+ chèques? sélectionnés? : /)).toBeVisible();
  await expectNoAxeViolations(page);
  const file = await downloaded(page, () =>
    page.getByRole('button', { name: 'Télécharger le bordereau' }).click(),
  );
  expect(file.name).toMatch(/^bordereau-remise-cheques_\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('status').filter({ hasText: `Fichier ${file.name} téléchargé` })).toBeVisible();
});

test('the FEC downloaded and parsed back: 18 columns, debits equal to credits in every entry', async ({
  page,
}) => {
  await signInAt(page, '/facturation/exports');
  await expect(heading(page)).toHaveText('Exports de facturation');
  await expectNoAxeViolations(page);
  const fec = page.getByRole('form', { name: 'Fichier des écritures comptables (FEC)' });
  await fec.getByRole('textbox', { name: 'Du', exact: true }).fill('01/01/2000');
  const file = await downloaded(page, () => fec.getByRole('button', { name: 'Télécharger le FEC' }).click());
  // A period that is not a fiscal year is an extract, named so (LPF art. A47 A-1 names the annual file);
  // the FEC is written in ISO 8859-15, whose letters used here read the same as Latin-1.
  expect(file.name).toMatch(/^\d{9}FEC-extrait_20000101-\d{8}\.txt$/);
  const [header, ...lines] = file.bytes.toString('latin1').split('\r\n').filter(Boolean);
  expect(header!.split('|')).toHaveLength(18);
  expect(lines.length).toBeGreaterThan(0);
  const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);
  const balance = new Map<string, number>();
  for (const line of lines) {
    const fields = line.split('|');
    expect(fields).toHaveLength(18);
    balance.set(fields[2]!, (balance.get(fields[2]!) ?? 0) + cents(fields[11]!) - cents(fields[12]!));
  }
  expect([...balance.values()].every((b) => b === 0)).toBe(true);
  // A period that ends before it starts is refused in French before any request.
  await fec.getByRole('textbox', { name: 'Au', exact: true }).fill('01/01/1999');
  await fec.getByRole('button', { name: 'Télécharger le FEC' }).click();
  await expect(
    fec.getByText('La période est invalide : la date de début doit précéder la date de fin.'),
  ).toBeVisible();
});
