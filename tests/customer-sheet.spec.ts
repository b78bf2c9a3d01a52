import type { Page } from '@playwright/test';
import { customerSettings, professionalCustomer } from '../src/features/customers/testing/customerFixtures';
import { fullRecord } from '../src/features/customers/testing/recordFixtures';
import { expect, expectNoAxeViolations, type FakeApi, SITE, signIn, test } from './support/fixtures';

/** The customer as GET /v2/companies/1/customers/42 answers it: the general payment modes. */
const customer = { ...professionalCustomer, cellPhone: '', paymentModes: null, comments: '' };

function serveCustomer(api: FakeApi, stored: object = customer) {
  api.on('GET /v2/companies/1/customers/42', () => ({ body: { data: stored } }));
  api.on('GET /v2/companies/1/customer-settings', () => ({
    body: { data: customerSettings },
  }));
  api.on('POST /v2/companies/1/customers/42/edit', ({ body }) => ({
    body: { data: { ...customer, ...(body as object) } },
  }));
  // Its figures, documents and history (issue 26).
  api.on('GET /v2/companies/1/customers/42/overview', () => ({ body: { data: fullRecord.overview } }));
  api.on('GET /v2/companies/1/business-jobs', () => ({ body: fullRecord.jobs }));
  api.on('GET /v2/companies/1/quotes', () => ({ body: fullRecord.quotes }));
  api.on('GET /v2/companies/1/invoices', () => ({ body: fullRecord.invoices }));
  api.on('GET /v2/companies/1/payments/received', () => ({ body: fullRecord.payments }));
  api.on('GET /v2/companies/1/users', () => ({ body: { data: [] } }));
  api.on('GET /v2/companies/1/activity', () => ({ body: { data: [], total: 0 } }));
}

const sheet = (page: Page) => page.locator('bo-customer-sheet');
const save = (page: Page) => sheet(page).getByRole('button', { name: 'Enregistrer le client' });

test.describe('<bo-customer-sheet>', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('loads the customer, saves the change and says so', async ({ page, api }) => {
    serveCustomer(api);
    await page.goto(`${SITE}/customer-sheet.html`);
    // The sheet's chunk may take a while on a busy machine.
    await expect(sheet(page).getByRole('heading', { level: 2 })).toHaveText(
      'Fiche client : SCI Les Terrasses du Rhône',
      { timeout: 20_000 },
    );
    await expect(sheet(page).getByLabel('Raison sociale *')).toHaveValue('SCI Les Terrasses du Rhône');
    // Its documents inside the shadow root, under the page's h2: each list's heading is an h3.
    await expect(sheet(page).getByRole('heading', { level: 3, name: 'Factures' })).toBeVisible();
    await expect(sheet(page).getByRole('table', { name: 'Factures' }).getByRole('row')).toHaveCount(4);
    await expect(sheet(page).getByRole('radio', { name: 'Code généré : 00003' })).toBeChecked();
    await expect(
      sheet(page).getByRole('radio', { name: 'Par défaut (réglage général : Virement, Chèque)' }),
    ).toBeChecked();
    await expectNoAxeViolations(page);

    await sheet(page).getByLabel('Ville').fill('Villeurbanne');
    await save(page).click();
    await expect(page.getByText('Les informations ont été mises à jour.')).toBeVisible();
    const edit = api.calls.find(
      (call) => call.method === 'POST' && call.path === '/v2/companies/1/customers/42/edit',
    );
    // Only what changed, with the version the sheet started from.
    expect(edit?.body).toEqual({ id: 42, version: 3, city: 'Villeurbanne' });
    await expectNoAxeViolations(page);
  });

  test('after a failed save keeps what was typed and shows the error toast', async ({ page, api }) => {
    serveCustomer(api);
    api.on('POST /v2/companies/1/customers/42/edit', () => ({
      status: 500,
      body: { error: { key: 'internal_error' } },
    }));
    await page.goto(`${SITE}/customer-sheet.html`);
    await sheet(page).getByLabel('Commentaires').fill('Portail bleu, code 1234.');
    await save(page).click();
    await expect(page.getByText('Une erreur est survenue lors de la mise à jour.')).toBeVisible();
    await expect(sheet(page).getByLabel('Commentaires')).toHaveValue('Portail bleu, code 1234.');
  });

  test('shows the exact messages under invalid fields and focuses the first', async ({ page, api }) => {
    serveCustomer(api);
    await page.goto(`${SITE}/customer-sheet.html`);
    await sheet(page).getByLabel('Raison sociale *').fill('');
    await sheet(page).getByLabel('Email').fill('claire@');
    await sheet(page).getByLabel('SIRET').fill('52198765400013');
    await save(page).click();
    await expect(sheet(page).getByText('Ce champ est obligatoire.')).toBeVisible();
    await expect(sheet(page).getByText('Ce champ doit être une adresse email valide.')).toBeVisible();
    await expect(sheet(page).getByText("Ce numéro SIRET n'est pas valide.")).toBeVisible();
    await expect(sheet(page).getByLabel('Raison sociale *')).toBeFocused();
    await expectNoAxeViolations(page);
  });
});

test.describe('<bo-customer-sheet> and what the database holds', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('a date rule holding a number (stored before the contract): the sheet opens and shows the field with its message', async ({
    page,
    api,
  }) => {
    serveCustomer(api, { ...customer, paymentDeadline: { rule: 'date', value: 5 } });
    await page.goto(`${SITE}/customer-sheet.html`);
    // The sheet's chunk may take a while on a busy machine.
    await expect(sheet(page).getByRole('heading', { level: 2 })).toHaveText(
      'Fiche client : SCI Les Terrasses du Rhône',
      { timeout: 20_000 },
    );
    await expect(sheet(page).getByRole('textbox', { name: 'Date (JJ/MM/AAAA)' })).toHaveValue('5');
    await expect(sheet(page).getByText('La date doit respecter le format JJ/MM/AAAA.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a save after someone else saved: 409, the typing stays, the French message shows', async ({
    page,
    api,
  }) => {
    serveCustomer(api);
    api.on('POST /v2/companies/1/customers/42/edit', () => ({
      status: 409,
      body: { error: { key: 'stale_version' } },
    }));
    await page.goto(`${SITE}/customer-sheet.html`);
    await sheet(page).getByLabel('Ville').fill('Villeurbanne');
    await save(page).click();
    await expect(sheet(page).getByRole('alert')).toContainText(
      "Quelqu'un d'autre a enregistré ces informations pendant votre saisie : vos modifications n'ont pas été enregistrées.",
    );
    await expect(sheet(page).getByLabel('Ville')).toHaveValue('Villeurbanne');
    await expectNoAxeViolations(page);
  });
});

test.describe('Modal inside a shadow root (the delete confirmation of <bo-customer-sheet>)', () => {
  const deleteButton = (page: Page) => sheet(page).getByRole('button', { name: 'Supprimer le client' });
  test.beforeEach(({ page }) => signIn(page));

  test('takes focus, closes on Escape and gives focus back to its opener in the shadow root', async ({
    page,
    api,
  }) => {
    serveCustomer(api);
    await page.goto(`${SITE}/customer-sheet.html`);
    await deleteButton(page).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(
      'Supprimer le client « SCI Les Terrasses du Rhône » ?',
    );
    await expectNoAxeViolations(page);
    const focusInside = () =>
      dialog.evaluate((node) => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return node.contains(active);
      });
    // The page behind is inert: focus stays in the dialog, or passes by the browser's own UI
    // (document.body here) on its way round.
    const focusOnPage = () =>
      page.evaluate(() => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active !== document.body && active !== null;
      });
    expect(await focusInside()).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      if (await focusOnPage()) expect(await focusInside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteButton(page)).toBeFocused();
  });

  test('closes on a backdrop click, not on a click inside', async ({ page, api }) => {
    serveCustomer(api);
    await page.goto(`${SITE}/customer-sheet.html`);
    await deleteButton(page).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('paragraph').click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });
});
