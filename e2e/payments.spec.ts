import { expect, type Page, test } from '@playwright/test';
import { serverErrorMessages } from '../src/i18n/serverErrors';
import { validationMessages } from '../src/i18n/validationMessages';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT, PLATFORM } from './playwright.config';
import { frenchToday } from './support/frenchDay';
import { accessToken, signInAt } from './support/signIn';

/**
 * Payments (Règlements) against the real server and database, as a bookkeeper does it: `/` lands on
 * the outstanding payments; three invoices paid in one batch (one partially) and found in the
 * received payments; one payment deleted; the credit-note refusal; the before-issuance question.
 */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

const today = frenchToday();
const iso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const french = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;

/** A customer and validated invoices of 120,00 € TTC each (100,00 € HT), through the API. */
async function invoicesFor(page: Page, lastName: string, count: number, retainageBasisPoints = 0) {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const api = `${PLATFORM}/v2/companies/1`;
  const post = async (path: string, data: object) => {
    const response = await page.request.post(`${api}${path}`, { headers, data });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { id: number; version: number; number: string } }).data;
  };
  const customer = await post('/customers', { type: 'private', lastName });
  const job = retainageBasisPoints
    ? await post('/business-jobs', {
        name: `Chantier ${lastName}`,
        customerId: customer.id,
        retainageBasisPoints,
      })
    : null;
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
      ...(job ? { businessJobId: job.id } : {}),
      date: iso(today),
      lines: [
        { label: 'Intervention', unit: 'forfait', quantityMilli: 1000, unitPriceCents: 10_000, vatRateId },
      ],
    });
    numbers.push((await post(`/invoices/${draft.id}/validate`, { version: draft.version })).number);
  }
  return numbers;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(text);
}

const dialog = (page: Page) => page.getByRole('dialog');

test('pay three invoices in one batch (one partially), see them received, delete one', async ({ page }) => {
  // Three screens, a dialog and four axe passes on a busy two-core box.
  test.setTimeout(120_000);
  // Deleting a payment is an administrator's act (docs/decisions.md).
  await signInAt(page, '/facturation/reglements/en-attente', 'admin@demo.fr');
  const numbers = await invoicesFor(page, 'Lot Règlements', 3);

  // `/` lands on the outstanding payments, not on a « bientôt disponible » panel.
  await page.goto(`${CLIENT}/`);
  await expect(page).toHaveURL(`${CLIENT}/facturation/reglements/en-attente`);
  await expect(heading(page)).toHaveText('Règlements en attente');
  await expect(page.getByText('bientôt disponible')).toHaveCount(0);
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  await search(page, 'Lot Règlements');
  await expect(page.getByRole('link', { name: numbers[0]! })).toBeVisible();
  await expect(page.getByRole('region', { name: /^3 factures · total 360,00/ })).toBeVisible();
  for (const number of numbers) await page.getByRole('checkbox', { name: `Sélectionner ${number}` }).check();
  await expect(page.getByRole('region', { name: /^3 factures sélectionnées · total 360,00/ })).toBeVisible();

  await page.getByRole('button', { name: 'Régler la sélection' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Régler 3 factures' })).toBeVisible();
  await dialog(page).getByLabel('Mode de règlement').selectOption('check');
  // A cheque goes on a remittance slip: without its number and drawer nothing is sent (issue 26).
  await dialog(page)
    .getByRole('button', { name: /^Enregistrer les 3 règlements/ })
    .click();
  await expect(dialog(page).getByText('Ce champ est obligatoire.')).toHaveCount(2);
  await expect(dialog(page).getByLabel('N° de chèque')).toBeFocused();
  await dialog(page).getByLabel('N° de chèque').fill('8841207');
  await dialog(page).getByLabel('Tireur').fill('M. Lot');
  const partialRow = dialog(page).getByRole('listitem').filter({ hasText: numbers[1]! });
  await partialRow.getByRole('radio', { name: 'Partiel' }).check();
  await partialRow.getByLabel(`Montant pour ${numbers[1]}`).fill('50');
  await expectNoAxeViolations(page);
  await dialog(page)
    .getByRole('button', { name: /^Enregistrer les 3 règlements/ })
    .click();
  await expect(page.getByText('3 règlements enregistrés.')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // Only the partly paid invoice is still owed, for what remains.
  await expect(page.getByRole('region', { name: /^1 facture · total 70,00/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: numbers[1]! })).toContainText('70,00');

  await page.getByRole('link', { name: 'Voir les règlements reçus' }).click();
  await expect(heading(page)).toHaveText('Règlements reçus');
  await search(page, 'Lot Règlements');
  await expect(page.getByRole('region', { name: /^3 règlements · total 290,00/ })).toBeVisible();
  const partial = page.getByRole('row').filter({ hasText: numbers[1]! });
  await expect(partial).toContainText('50,00');
  await expect(partial).toContainText('Chèque n° 8841207');
  await expectNoAxeViolations(page);

  await page
    .getByRole('checkbox', { name: `Sélectionner le règlement de ${numbers[0]} du ${french(today)}` })
    .check();
  await expect(page.getByRole('region', { name: /^1 règlement sélectionné · total 120,00/ })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer la sélection' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Supprimer un règlement' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Supprimer le règlement' }).click();
  await expect(page.getByText('1 règlement supprimé.')).toBeVisible();
  await expect(page.getByRole('region', { name: /^2 règlements · total 170,00/ })).toBeVisible();
  await expect(page.getByRole('link', { name: numbers[0]! })).toHaveCount(0);

  // The deleted payment's invoice is owed again.
  await page.getByRole('link', { name: 'Voir les règlements en attente' }).click();
  await search(page, 'Lot Règlements');
  await expect(page.getByRole('region', { name: /^2 factures · total 190,00/ })).toBeVisible();
});

test('a credit-note payment is refused when the job has a retainage, with its reason', async ({ page }) => {
  await signInAt(page, '/facturation/reglements/en-attente');
  const [number] = await invoicesFor(page, 'Avoir Retenue', 1, 500);
  await page.reload();
  await search(page, 'Avoir Retenue');
  await page.getByRole('checkbox', { name: `Sélectionner ${number}` }).check();
  await page.getByRole('button', { name: 'Régler la sélection' }).click();
  await dialog(page).getByLabel('Mode de règlement').selectOption('avoir');
  await expect(dialog(page).getByLabel(`Montant pour ${number}`)).toHaveValue('0');
  await dialog(page)
    .getByRole('button', { name: /^Enregistrer le règlement/ })
    .click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    serverErrorMessages.batch_invoices_not_paid.replace('{items}', number!),
  );
  await expect(dialog(page)).toContainText(serverErrorMessages.credit_payment_retainage);
  // Nothing typed is lost: the mode is still the credit note.
  await expect(dialog(page).getByLabel('Mode de règlement')).toHaveValue('avoir');
});

test('a payment dated before the invoice asks whether it was received before issuance', async ({ page }) => {
  await signInAt(page, '/facturation/reglements/en-attente');
  const [number] = await invoicesFor(page, 'Avant Émission', 1);
  await page.reload();
  await search(page, 'Avant Émission');
  await page.getByRole('checkbox', { name: `Sélectionner ${number}` }).check();
  await page.getByRole('button', { name: 'Régler la sélection' }).click();
  const yesterday = new Date(today.getTime() - 86_400_000);
  await dialog(page).getByLabel('Date de règlement').fill(french(yesterday));
  await dialog(page)
    .getByRole('button', { name: /^Enregistrer le règlement/ })
    .click();
  const question = dialog(page).getByRole('alertdialog', { name: validationMessages.paymentBeforeInvoice });
  await expect(question).toBeVisible();
  // The keyboard lands on the answer: Enter confirms.
  await expect(question.getByRole('button', { name: "Oui, reçu avant l'émission" })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 règlement enregistré.')).toBeVisible();
  await expect(page.getByRole('link', { name: number! })).toHaveCount(0);
  await page.goto(`${CLIENT}/facturation/reglements/recus`);
  await search(page, 'Avant Émission');
  await expect(page.getByRole('row').filter({ hasText: number! })).toContainText(french(yesterday));
});
