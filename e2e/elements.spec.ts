import { expect, type Page, test } from '@playwright/test';
import { todayInFrance } from '../server/src/invoicing/today';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT, PLATFORM } from './playwright.config';
import { accessToken, signInAt } from './support/signIn';

/**
 * Issue 25's « done means », as a new user would: a blank HTML page with define.js and one
 * <bo-payments-outstanding> (demo/payments.html), signed in, shows the outstanding payments table
 * and pays two invoices through it; the same table in the SPA then shows the payments.
 */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

/** A customer and `count` validated invoices of 120,00 € TTC each, through the API. */
async function invoicesFor(page: Page, lastName: string, count: number) {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const api = `${PLATFORM}/v2/companies/1`;
  const post = async (path: string, data: object) => {
    const response = await page.request.post(`${api}${path}`, { headers, data });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { id: number; version: number; number: string } }).data;
  };
  const customer = await post('/customers', { type: 'private', lastName });
  const rates = (
    (await (await page.request.get(`${api}/vat-rates`, { headers })).json()) as {
      data: { id: number; basisPoints: number }[];
    }
  ).data;
  const vatRateId = rates.find((rate) => rate.basisPoints === 2000)!.id;
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const draft = await post('/invoices', {
      kind: 'simple',
      customerId: customer.id,
      date: todayInFrance(),
      lines: [
        { label: 'Intervention', unit: 'forfait', quantityMilli: 1000, unitPriceCents: 10_000, vatRateId },
      ],
    });
    numbers.push((await post(`/invoices/${draft.id}/validate`, { version: draft.version })).number);
  }
  return numbers;
}

test('a blank page with define.js pays two invoices through <bo-payments-outstanding>', async ({ page }) => {
  // A page, a lazy chunk, a dialog and two axe passes on a busy two-core box.
  test.setTimeout(120_000);
  await signInAt(page, '/facturation/reglements/en-attente');
  const numbers = await invoicesFor(page, 'Élément Règlements', 2);

  await page.goto(`${PLATFORM}/demo/payments.html`);
  const element = page.locator('bo-payments-outstanding');
  // The element's chunk loads when the tag is on the page.
  await expect(element.getByRole('heading', { level: 1 })).toHaveText('Règlements en attente', {
    timeout: 20_000,
  });
  await expect(element.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  const recorded = page.evaluate(
    () =>
      new Promise((resolve) =>
        document.addEventListener('bo-payments-recorded', (event) => resolve((event as CustomEvent).detail), {
          once: true,
        }),
      ),
  );
  await element.getByRole('searchbox', { name: 'Rechercher' }).fill('Élément Règlements');
  await expect(element.getByRole('region', { name: /^2 factures · total 240,00/ })).toBeVisible();
  for (const number of numbers)
    await element.getByRole('checkbox', { name: `Sélectionner ${number}` }).check();
  await expect(
    element.getByRole('region', { name: /^2 factures sélectionnées · total 240,00/ }),
  ).toBeVisible();

  await element.getByRole('button', { name: 'Régler la sélection' }).click();
  const dialog = element.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Régler 2 factures' })).toBeVisible();
  await dialog.getByLabel('Mode de règlement').selectOption('transfer');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: /^Enregistrer les 2 règlements/ }).click();
  // The toast shows in the page's shell, which the element added to the blank page.
  await expect(page.getByText('2 règlements enregistrés.')).toBeVisible();
  expect(await recorded).toEqual({ count: 2 });
  await expect(element.getByRole('row').filter({ hasText: numbers[0]! })).toHaveCount(0);

  // The same table in the SPA: both invoices paid, found among the received payments.
  await page.goto(`${CLIENT}/facturation/reglements/recus`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Règlements reçus');
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('Élément Règlements');
  await expect(page.getByRole('region', { name: /^2 règlements · total 240,00/ })).toBeVisible();
  for (const number of numbers) await expect(page.getByRole('link', { name: number })).toBeVisible();
});

test('/app/enterprise/export-data offers the five exports in <bo-exports>', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAt(page, '/facturation/exports');
  // « Exports de facturation » in the SPA leads to the three payments exports too.
  for (const name of [
    'Export du journal de banque',
    'Export du bordereau de remise de chèques',
    'Export de la TVA collectée',
  ]) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }

  await page.goto(`${PLATFORM}/app/enterprise/export-data`);
  const exports = page.locator('bo-exports');
  for (const name of [
    'Export du journal de banque',
    'Export du bordereau de remise de chèques',
    'Export de la TVA collectée',
    'Journal des ventes',
    'Fichier des écritures comptables (FEC)',
  ]) {
    await expect(exports.getByRole('heading', { name })).toBeVisible({ timeout: 20_000 });
  }
  await expectNoAxeViolations(page);
});
