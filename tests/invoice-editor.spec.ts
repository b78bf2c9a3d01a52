import type { Page } from '@playwright/test';
import { simpleDraft, validatedInvoice, vatRates } from '../src/features/invoices/testing/invoiceFixtures';
import { serverErrorMessages } from '../src/i18n/serverErrors';
import { expect, expectNoAxeViolations, type FakeApi, SITE, signIn, test } from './support/fixtures';

const path = '/v2/companies/1/invoices/4521';

/** The draft as the API answers it; each save answers the next version with the title sent. */
function serveDraft(api: FakeApi) {
  let version = simpleDraft.version;
  api.on(`GET ${path}`, () => ({ body: { data: { ...simpleDraft, version } } }));
  api.on('GET /v2/companies/1/vat-rates', () => ({
    body: { data: vatRates.map((rate) => ({ ...rate, regulatoryText: '', customerCertificateText: '' })) },
  }));
  api.on('GET /v2/companies/1/document-settings', () => ({
    body: { data: { quantityPrecision: 2, unitPricePrecision: 2 } },
  }));
  api.on(`POST ${path}/lock`, () => ({ body: { data: { lockedByAnotherSession: false, expiresAt: null } } }));
  api.on(`POST ${path}/unlock`, () => ({
    body: { data: { lockedByAnotherSession: false, expiresAt: null } },
  }));
  api.on(`POST ${path}/edit`, ({ body }) => {
    version += 1;
    const sent = body as { title?: string };
    return { body: { data: { ...simpleDraft, version, title: sent.title ?? simpleDraft.title } } };
  });
}

const editor = (page: Page) => page.locator('bo-invoice-editor');
const edits = (api: FakeApi) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === `${path}/edit`);

test.describe('<bo-invoice-editor>', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('loads the draft in its shadow root, and the keyboard writes lines', async ({ page, api }) => {
    serveDraft(api);
    await page.goto(`${SITE}/invoice-editor.html`);
    await expect(editor(page).getByRole('heading', { level: 2, name: /^Facture PROVISOIRE/ })).toBeVisible();
    await expect(editor(page).getByRole('textbox', { name: 'Désignation, ligne 1' })).toHaveValue(
      'Dépose carrelage mural',
    );
    await expectNoAxeViolations(page);

    await editor(page).getByRole('textbox', { name: 'Désignation, ligne 1' }).focus();
    await page.keyboard.press('Enter');
    await expect(editor(page).getByRole('textbox', { name: 'Désignation, ligne 2' })).toBeFocused();
    await page.keyboard.type('Joint silicone');
    await page.keyboard.press('ArrowUp');
    await expect(editor(page).getByRole('textbox', { name: 'Désignation, ligne 1' })).toBeFocused();
    // A line with a designation and no price yet: kept, its message under it, nothing sent.
    await expect(editor(page).getByText('Ce champ doit être un nombre.')).toBeVisible();
    await editor(page).getByRole('textbox', { name: 'Prix unitaire HT, ligne 2' }).fill('12,5');
    await expect(editor(page).getByRole('status')).toHaveText('Brouillon enregistré');
    const sent = edits(api).at(-1)?.body as {
      lines: { label: string; chapter: string; unitPriceCents: number }[];
    };
    expect(sent.lines.map((line) => line.label)).toEqual([
      'Dépose carrelage mural',
      'Joint silicone',
      'Receveur de douche extra-plat',
      'Main d’œuvre plomberie',
    ]);
    expect(sent.lines[1]).toMatchObject({ chapter: 'Démolition', unitPriceCents: 1250 });
    await expectNoAxeViolations(page);
  });

  test('after a refused save keeps what was typed, says why, and saves on retry', async ({ page, api }) => {
    serveDraft(api);
    let refuse = true;
    api.on(`POST ${path}/edit`, ({ body }) =>
      refuse
        ? { status: 409, body: { error: { key: 'resource_locked' } } }
        : { body: { data: { ...simpleDraft, version: 4, title: (body as { title: string }).title } } },
    );
    await page.goto(`${SITE}/invoice-editor.html`);
    await editor(page).getByLabel('Objet').fill('Salle de bains et WC');
    await expect(editor(page).getByRole('alert')).toContainText(serverErrorMessages.resource_locked);
    await expect(editor(page).getByLabel('Objet')).toHaveValue('Salle de bains et WC');
    refuse = false;
    await editor(page).getByRole('button', { name: "Réessayer l'enregistrement" }).click();
    await expect(editor(page).getByRole('status')).toHaveText('Brouillon enregistré');
    await expect(editor(page).getByRole('alert')).toBeHidden();
  });

  test('validates through the dialog, which first shows the deadline and modes, in the shadow root', async ({
    page,
    api,
  }) => {
    serveDraft(api);
    api.on(`POST ${path}/validate`, () => ({ body: { data: validatedInvoice } }));
    await page.goto(`${SITE}/invoice-editor.html`);
    await editor(page).getByRole('button', { name: 'Valider la facture' }).click();
    const dialog = editor(page).getByRole('dialog', { name: 'Valider la facture ?' });
    await expect(dialog).toContainText('Délai de paiement30 jours');
    await expect(dialog).toContainText('Modes de paiementVirement, Chèque');
    await expect(dialog).toContainText("Date d'échéance20/12/2026");
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Valider définitivement' }).click();
    await expect(editor(page).getByRole('heading', { level: 2, name: /^Facture / })).toHaveText(
      'Facture FA-2026-0042 validée',
    );
    await expect(page.getByText('La facture FA-2026-0042 est validée.')).toBeVisible();
    await expect(editor(page).getByRole('textbox', { name: 'Désignation, ligne 1' })).toBeHidden();
  });

  test('tells the page when the draft is deleted', async ({ page, api }) => {
    serveDraft(api);
    api.on(`POST ${path}/delete`, () => ({ body: { data: { id: 4521, deleted: true } } }));
    await page.goto(`${SITE}/invoice-editor.html`);
    const deleted = page.evaluate(
      () =>
        new Promise((resolve) =>
          document.addEventListener('bo-invoice-deleted', (event) => resolve((event as CustomEvent).detail)),
        ),
    );
    await editor(page).getByRole('button', { name: 'Supprimer le brouillon' }).click();
    await editor(page).getByRole('button', { name: 'Supprimer définitivement' }).click();
    expect(await deleted).toEqual({ id: 4521 });
  });
  test('takes the edit lock on opening and releases it when the editor leaves the page', async ({
    page,
    api,
  }) => {
    serveDraft(api);
    await page.goto(`${SITE}/invoice-editor.html`);
    await expect(editor(page).getByRole('heading', { level: 2, name: /^Facture PROVISOIRE/ })).toBeVisible();
    await expect(editor(page).getByRole('textbox', { name: 'Désignation, ligne 1' })).toBeVisible();
    await expect.poll(() => api.calls.filter((call) => call.path === `${path}/lock`).length).toBe(1);
    expect(api.calls.filter((call) => call.path === `${path}/unlock`)).toHaveLength(0);
    await page.evaluate(() => document.querySelector('bo-invoice-editor')?.remove());
    await expect.poll(() => api.calls.filter((call) => call.path === `${path}/unlock`).length).toBe(1);
  });

  test('another session edits the draft: read-only, with the French message', async ({ page, api }) => {
    serveDraft(api);
    api.on(`POST ${path}/lock`, () => ({ status: 409, body: { error: { key: 'resource_locked' } } }));
    await page.goto(`${SITE}/invoice-editor.html`);
    await expect(editor(page).getByRole('alert')).toHaveText(
      'Cette facture est en cours de modification dans une autre de vos sessions : elle est en lecture seule ici.',
    );
    await expect(editor(page).getByRole('textbox', { name: 'Désignation, ligne 1' })).toBeHidden();
    await expect(editor(page).getByRole('button', { name: 'Valider la facture' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('edits the payment deadline and modes of the draft, and sends them', async ({ page, api }) => {
    serveDraft(api);
    await page.goto(`${SITE}/invoice-editor.html`);
    await editor(page).getByRole('combobox', { name: 'Délai de paiement' }).selectOption('endOfMonth');
    await editor(page).getByRole('textbox', { name: 'Nombre de jours, puis fin de mois' }).fill('45');
    await editor(page).getByRole('checkbox', { name: 'Chèque' }).uncheck();
    await expect(editor(page).getByRole('status')).toHaveText('Brouillon enregistré');
    const sent = edits(api).at(-1)?.body as { paymentDeadline: unknown; paymentModes: string[] };
    expect(sent).toMatchObject({
      paymentDeadline: { rule: 'endOfMonth', value: 45 },
      paymentModes: ['transfer'],
    });
    await expectNoAxeViolations(page);
  });
});
