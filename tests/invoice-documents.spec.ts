import type { Page } from '@playwright/test';
import { sampleSendings } from '../src/features/invoices/testing/documentFixtures';
import { simpleDraft, validatedInvoice, vatRates } from '../src/features/invoices/testing/invoiceFixtures';
import { API, expect, expectNoAxeViolations, type FakeApi, SITE, signIn, test } from './support/fixtures';

/** The invoice editor's documents pane in `<bo-invoice-editor>` (shadow root), against a fake API. */
const path = '/v2/companies/1/invoices/4521';
const editor = (page: Page) => page.locator('bo-invoice-editor');

/**
 * The PDF route answers bytes (the fake API answers JSON only), and counts its calls: whether each
 * was the editor's preview (`?preview=1`, which does not mark a validated invoice as handed out).
 */
async function servePdf(page: Page) {
  const calls: { authorization: string | undefined; preview: boolean }[] = [];
  const pdfUrl = `${API}${path}/pdf`;
  await page.route(
    (url) => url.href.split('?')[0] === pdfUrl,
    async (route) => {
      const cors = {
        'Access-Control-Allow-Origin': SITE,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
      };
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      calls.push({
        authorization: (await route.request().allHeaders()).authorization,
        preview: new URL(route.request().url()).searchParams.get('preview') === '1',
      });
      await route.fulfill({
        status: 200,
        headers: {
          ...cors,
          'Access-Control-Expose-Headers': 'Content-Disposition',
          'Content-Disposition': `attachment; filename="FA-2026-0042.pdf"; filename*=UTF-8''FA-2026-0042.pdf`,
        },
        contentType: 'application/pdf',
        body: '%PDF-1.4\n%%EOF\n',
      });
    },
  );
  return calls;
}

function serve(api: FakeApi, invoice = simpleDraft) {
  let version = invoice.version;
  api.on(`GET ${path}`, () => ({ body: { data: { ...invoice, version } } }));
  api.on('GET /v2/companies/1/vat-rates', () => ({
    body: { data: vatRates.map((rate) => ({ ...rate, regulatoryText: '', customerCertificateText: '' })) },
  }));
  api.on(`POST ${path}/edit`, ({ body }) => {
    version += 1;
    return { body: { data: { ...invoice, version, title: (body as { title: string }).title } } };
  });
  api.on(`GET ${path}/sendings`, () => ({ body: { data: { ...sampleSendings, sendings: [] } } }));
}

test.describe('<bo-invoice-editor> documents', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('previews the draft PDF with the bearer token, and again after a save', async ({ page, api }) => {
    serve(api);
    const pdfCalls = await servePdf(page);
    await page.goto(`${SITE}/invoice-editor.html`);
    const frame = editor(page).getByTitle('Aperçu PDF : FA-2026-0042.pdf');
    await expect(frame).toHaveAttribute('src', /^blob:/, { timeout: 15_000 });
    expect(pdfCalls[0]?.authorization).toMatch(/^Bearer /);
    expect(pdfCalls[0]?.preview).toBe(true);
    await expect(editor(page).getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
    await expect(editor(page).getByRole('button', { name: 'Envoyer par email' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const first = await frame.getAttribute('src');
    await editor(page).getByLabel('Objet').fill('Salle de bains complète');
    await expect(editor(page).getByRole('status')).toHaveText('Brouillon enregistré');
    await expect(frame).not.toHaveAttribute('src', first ?? '');
    expect(pdfCalls).toHaveLength(2);
  });

  test('sends a validated invoice with the words the user edited', async ({ page, api }) => {
    serve(api, validatedInvoice);
    await servePdf(page);
    api.on(`POST ${path}/send`, ({ body }) => ({
      body: {
        data: {
          ...sampleSendings.sendings[0],
          id: 9,
          to: (body as { to: string }).to,
          sentAt: '2026-11-23T09:15:00.000Z',
        },
      },
    }));
    await page.goto(`${SITE}/invoice-editor.html`);
    await editor(page).getByRole('button', { name: 'Envoyer par email' }).click();
    const dialog = editor(page).getByRole('dialog', { name: 'Envoyer la facture par email' });
    await expect(dialog.getByLabel('Destinataire')).toHaveValue(sampleSendings.draft.to);
    await expect(dialog.getByLabel('Objet')).toHaveValue(sampleSendings.draft.subject);
    await expect(dialog.getByText('FA-2026-0042.pdf')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Destinataire').fill('compta@terrasses-rhone.fr');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(dialog).toBeHidden();
    const sent = api.calls.find((call) => call.method === 'POST' && call.path === `${path}/send`);
    expect(sent?.body).toEqual({
      to: 'compta@terrasses-rhone.fr',
      subject: sampleSendings.draft.subject,
      text: sampleSendings.draft.text,
    });
    await expect(editor(page).getByRole('listitem')).toContainText('à compta@terrasses-rhone.fr');
  });
});
