import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT, OUTBOX, PLATFORM } from './playwright.config';
import { accessToken, signInAt } from './support/signIn';

/**
 * An invoice's documents against the real server (issue 10), as a person uses them: the draft's
 * PDF preview beside its lines, validation, the Factur-X PDF downloaded, the invoice sent by email
 * with the dialog's proposed mail, the mail in the outbox with the PDF attached, and the ZIP of the
 * selected invoices from Mes factures.
 */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const mails = () =>
  fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((name) => name.endsWith('.eml')) : [];

/** A customer with an email and a simple invoice for them, made through the API with the page's token. */
async function draftInvoice(page: Page) {
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const api = `${PLATFORM}/v2/companies/1`;
  const customer = await page.request.post(`${api}/customers`, {
    headers,
    data: { type: 'private', lastName: 'Fontaine', firstName: 'Inès', email: 'ines.fontaine@example.fr' },
  });
  expect(customer.status()).toBe(200);
  const rates = (
    (await (await page.request.get(`${api}/vat-rates`, { headers })).json()) as {
      data: { id: number; basisPoints: number }[];
    }
  ).data;
  const invoice = await page.request.post(`${api}/invoices`, {
    headers,
    data: {
      kind: 'simple',
      customerId: ((await customer.json()) as { data: { id: number } }).data.id,
      title: 'Remplacement chaudière',
      lines: [
        {
          label: 'Chaudière à condensation',
          unit: 'u',
          quantityMilli: 1000,
          unitPriceCents: 380_000,
          vatRateId: rates.find((rate) => rate.basisPoints === 550)!.id,
        },
      ],
    },
  });
  expect(invoice.status()).toBe(200);
  return ((await invoice.json()) as { data: { id: number } }).data.id;
}

/** The bytes the preview frame shows (its object URL read inside the page). */
async function previewBytes(page: Page): Promise<string> {
  const frame = page.getByTitle(/^Aperçu PDF/);
  // The first preview waits for a PDF worker to start: seconds on a busy machine.
  await expect(frame).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
  const src = (await frame.getAttribute('src')) ?? '';
  return page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    return new TextDecoder('latin1').decode(bytes);
  }, src);
}

/** The decoded attachment named `filename` of a MIME message. */
function attachment(eml: string, filename: string): Buffer {
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(eml)?.[1] ?? '';
  const part = eml.split(`--${boundary}`).find((p) => p.includes(filename)) ?? '';
  expect(part).toMatch(/Content-Type: application\/pdf/i);
  expect(part).toMatch(/Content-Disposition: attachment/i);
  return Buffer.from((part.split('\r\n\r\n')[1] ?? '').replace(/\s+/g, ''), 'base64');
}

test('validate an invoice, see its preview, download it, send it; the outbox holds the mail with the PDF', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAt(page, '/facturation');
  const id = await draftInvoice(page);

  // The draft: its PROVISOIRE preview beside the lines, no mail yet.
  await page.goto(`${CLIENT}/facturation/factures/${id}`);
  await expect(heading(page)).toContainText('Facture PROVISOIRE');
  await expect(page.getByRole('heading', { name: 'Aperçu du document' })).toBeVisible();
  expect((await previewBytes(page)).startsWith('%PDF-')).toBe(true);
  await expect(page.getByRole('button', { name: 'Envoyer par email' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Side by side at 1280 px: the preview to the right of the lines.
  const lines = await page.getByRole('textbox', { name: 'Désignation, ligne 1' }).boundingBox();
  const preview = await page.getByTitle(/^Aperçu PDF/).boundingBox();
  expect(preview!.x).toBeGreaterThan(lines!.x + lines!.width);

  // A change saves by itself, and the preview follows with a new PDF.
  const before = await page.getByTitle(/^Aperçu PDF/).getAttribute('src');
  await page.getByLabel('Objet').fill('Remplacement chaudière et radiateurs');
  await expect(page.getByRole('status').filter({ hasText: 'Brouillon enregistré' })).toBeVisible();
  await expect(page.getByTitle(/^Aperçu PDF/)).not.toHaveAttribute('src', before ?? '');

  // Validated: numbered, and the mail is offered.
  await page.getByRole('button', { name: 'Valider la facture' }).click();
  await page
    .getByRole('dialog', { name: 'Valider la facture ?' })
    .getByRole('button', { name: 'Valider définitivement' })
    .click();
  await expect(heading(page)).toHaveText(/^Facture FA-\d{4}-\d+ validée$/);
  const number = ((await heading(page).textContent()) ?? '').match(/FA-\d{4}-\d+/)?.[0] ?? '';
  await expect(page.getByTitle(`Aperçu PDF : ${number}.pdf`)).toHaveAttribute('src', /^blob:/);
  // The validated invoice's Factur-X PDF: the XML is attached inside.
  await expect.poll(async () => (await previewBytes(page)).includes('factur-x.xml')).toBe(true);

  // Download.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const downloaded = fs.readFileSync((await download.path()) ?? '');
  expect(downloaded.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Send: the proposed mail, the subject edited, sent.
  const outboxBefore = mails();
  await page.getByRole('button', { name: 'Envoyer par email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer la facture par email' });
  await expect(dialog.getByLabel('Destinataire')).toHaveValue('ines.fontaine@example.fr');
  await expect(dialog.getByLabel('Objet')).toHaveValue(`Facture ${number} - Martin Rénovation`);
  await expect(dialog.getByLabel('Message')).toHaveValue(/d'un montant de 4\u202f009,00\u00a0€ TTC/);
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Objet').fill(`Votre facture ${number}`);
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Facture envoyée à ines.fontaine@example.fr.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'à ines.fontaine@example.fr' })).toBeVisible();

  // The outbox holds the mail, the PDF attached.
  const added = mails().filter((name) => !outboxBefore.includes(name));
  expect(added).toHaveLength(1);
  const eml = fs.readFileSync(path.join(OUTBOX, added[0]!), 'utf8');
  expect(eml).toMatch(/^To: ines\.fontaine@example\.fr$/m);
  expect(eml).toContain('contact@martin-renovation.fr');
  const pdf = attachment(eml, `${number}.pdf`);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('factur-x.xml');

  // Mes factures: the selected invoices' PDFs as one ZIP.
  await page.goto(`${CLIENT}/facturation/factures?q=${encodeURIComponent('chaudière')}`);
  await expect(heading(page)).toHaveText('Mes factures');
  await page.getByRole('checkbox', { name: `Sélectionner ${number}` }).check();
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger les PDF' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/^factures-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = fs.readFileSync((await zip.path()) ?? '');
  expect(archive.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(archive.toString('latin1')).toContain(`${number}.pdf`);
  await expect(page.getByText('Le PDF de la facture est téléchargé.')).toBeVisible();
});

test('at 800 px the preview sits under the lines', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 800, height: 900 });
  await signInAt(page, '/facturation');
  const id = await draftInvoice(page);
  await page.goto(`${CLIENT}/facturation/factures/${id}`);
  await expect(page.getByTitle(/^Aperçu PDF/)).toHaveAttribute('src', /^blob:/);
  const lines = await page.getByRole('textbox', { name: 'Désignation, ligne 1' }).boundingBox();
  const preview = await page.getByTitle(/^Aperçu PDF/).boundingBox();
  expect(preview!.y).toBeGreaterThan(lines!.y + lines!.height);
  expect(preview!.width).toBeLessThanOrEqual(800);
});
