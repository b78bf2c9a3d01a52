import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CLIENT, OUTBOX, PLATFORM } from './playwright.config';
import { companyApi } from './support/companyApi';
import { accessToken, signInAt } from './support/signIn';

/**
 * The trade's chain as a new user does it, all in the UI against the real server (issue 21): a
 * customer, a job, a quote of three chapters written on the platform's « Devis » page, sent by
 * email, accepted by the customer through the link of the mail (read from the outbox's .eml), then
 * « Facturer »: a deposit, then a progress statement.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));
const mails = () =>
  fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((name) => name.endsWith('.eml')) : [];

/** A mail's text as written: quoted-printable soft breaks joined, `=XX` bytes decoded as UTF-8. */
function mailText(eml: string): string {
  const joined = eml.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** One priced line of the editor's grid, typed as a person does (the grid names its fields by line). */
async function typeLine(
  editor: Locator,
  line: number,
  [designation, quantity, unit, unitPrice]: [string, string, string, string],
) {
  await editor.getByRole('combobox', { name: `Désignation, ligne ${line}` }).fill(designation);
  await editor.getByRole('textbox', { name: `Quantité, ligne ${line}` }).fill(quantity);
  await editor.getByRole('textbox', { name: `Unité, ligne ${line}` }).fill(unit);
  await editor.getByRole('textbox', { name: `Prix unitaire HT, ligne ${line}` }).fill(unitPrice);
}

/** From the quote's « Facturer »: the chosen invoice, created and then validated through its dialog. */
async function invoiceFromQuote(page: Page, kind: string, percent: string) {
  await expect(heading(page)).toHaveText('Nouvelle facture depuis un devis');
  await page.getByRole('radio', { name: kind }).check();
  await page.getByRole('textbox', { name: /\(%\)/ }).fill(percent);
  await page.getByRole('button', { name: `Créer : ${kind}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${CLIENT}/facturation/factures/\\d+$`));
  await expect(heading(page)).toContainText(`${kind} PROVISOIRE`);
  await page.getByRole('button', { name: 'Valider la facture' }).click();
  await page
    .getByRole('dialog', { name: 'Valider la facture ?' })
    .getByRole('button', { name: 'Valider définitivement' })
    .click();
  await expect(heading(page)).toHaveText(new RegExp(`^${kind} FA-\\d{4}-\\d+ validée$`));
}

test('customer, job, a quote of three chapters, sent, accepted online from the mail, invoiced by a deposit and a statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAt(page, '/gestion-clients/nouveau', 'admin@demo.fr');

  // The customer.
  await expect(heading(page)).toHaveText('Nouveau client');
  await page.getByRole('radio', { name: 'Particulier' }).check();
  await page.getByLabel('Prénom').fill('Inès');
  await page.getByLabel('Nom *').fill('Carpentier');
  await page.getByLabel('Email').fill('ines.carpentier@example.fr');
  await page.getByLabel('Ville').fill('Lyon');
  await page.getByRole('button', { name: 'Enregistrer le client' }).click();
  await expect(heading(page)).toHaveText('Fiche client : Inès Carpentier');

  // The job, from the customer's sheet.
  await page.getByRole('link', { name: 'Nouvelle affaire' }).click();
  await expect(heading(page)).toHaveText('Nouvelle affaire');
  await page.getByLabel("Nom de l'affaire").fill('Rénovation appartement Carpentier');
  await page.getByLabel('Adresse du chantier').fill('12 rue Sala, 69002 Lyon');
  await page.getByRole('button', { name: "Créer l'affaire" }).click();
  await expect(heading(page)).toHaveText('Affaire : Rénovation appartement Carpentier');
  const jobUrl = page.url();

  // The quote, on the platform's « Devis » page: « Nouveau devis », the job searched, the object.
  await page.goto(`${PLATFORM}/app/prive/#/elaboration-devis`);
  const list = page.locator('bo-quotes-list');
  await list.getByRole('button', { name: 'Nouveau devis' }).first().click();
  const creation = list.getByRole('form', { name: 'Nouveau devis' });
  await creation.getByRole('combobox', { name: /Affaire/ }).fill('Carpentier');
  await creation.getByRole('option', { name: 'Rénovation appartement Carpentier (Inès Carpentier)' }).click();
  await creation.getByRole('textbox', { name: /Objet du devis/ }).fill('Rénovation complète');
  await creation.getByRole('button', { name: 'Créer le devis' }).click();

  // The editor opens in place of the list, its address names the quote.
  await expect(page).toHaveURL(/#\/elaboration-devis\?devis=\d+$/);
  const quoteId = Number(/devis=(\d+)/.exec(page.url())![1]);
  const editor = page.locator('bo-quote-editor');
  // « Devis DE-2026-00012 » and its status chip.
  const title = editor.getByRole('heading', { name: /^Devis DE-\d{4}-\d{5}/ });
  await expect(title).toContainText('Brouillon');
  const quoteNumber = /DE-\d{4}-\d{5}/.exec((await title.textContent()) ?? '')![0];
  await expect(list).toBeHidden();

  // Three chapters of one line each.
  const chapters: [string, [string, string, string, string]][] = [
    ['Démolition', ['Dépose cloisons', '12', 'm²', '35']],
    ['Plâtrerie', ['Cloison placo BA13', '24', 'm²', '48,50']],
    ['Peinture', ['Peinture murs deux couches', '80', 'm²', '22']],
  ];
  for (const [index, [title, line]] of chapters.entries()) {
    await editor.getByRole('button', { name: 'Ajouter un chapitre' }).click();
    await editor.getByRole('textbox', { name: `Chapitre ${index + 1}` }).fill(title);
    await editor.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await typeLine(editor, index + 1, line);
  }
  // 12 × 35 + 24 × 48,50 + 80 × 22 = 420 + 1 164 + 1 760 = 3 344,00 € HT.
  await expect(editor.getByText('Brouillon enregistré')).toBeVisible({ timeout: 20_000 });
  await expect(editor.getByText('3\u202f344,00\u00a0€').first()).toBeVisible();

  // Sent by email: the one send dialog, the quote's PDF attached.
  const before = new Set(mails());
  await editor.getByRole('button', { name: 'Envoyer par email' }).click();
  const sending = page.getByRole('dialog', { name: 'Envoyer le devis par email' });
  await sending.getByRole('textbox', { name: 'Destinataire' }).fill('ines.carpentier@example.fr');
  await sending.getByRole('button', { name: 'Envoyer' }).click();
  // The PDF is drawn first (a worker that starts slowly on a busy machine).
  await expect(toast(page, 'Devis envoyé à ines.carpentier@example.fr.')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => mails().filter((name) => !before.has(name)).length, { timeout: 20_000 }).toBe(1);
  const eml = fs.readFileSync(path.join(OUTBOX, mails().find((name) => !before.has(name))!), 'utf8');
  expect(eml).toMatch(/^To: ines\.carpentier@example\.fr$/m);
  expect(eml).toContain(`${quoteNumber}.pdf`);
  const link = /https?:\/\/[^\s"<>]+\/devis\/[A-Za-z0-9_-]{20,}/.exec(mailText(eml))?.[0];
  expect(link?.startsWith(`${PLATFORM}/devis/`)).toBe(true);

  // The customer opens the link, without the product's session, and accepts.
  const customer = await browser.newContext();
  const publicPage = await customer.newPage();
  await publicPage.goto(link!);
  await expect(publicPage.getByText(quoteNumber).first()).toBeVisible();
  await publicPage.locator('input[name="name"]').fill('Inès Carpentier');
  await publicPage.locator('input[name="agree"]').check();
  await publicPage.getByRole('button', { name: 'Accepter le devis' }).click();
  await expect(publicPage.getByText(/Ce devis a été accepté en ligne .* par Inès Carpentier/)).toBeVisible();
  await customer.close();

  // Back in the product: the quote is accepted (frozen), in the list and on the job's sheet.
  await page.goto(`${PLATFORM}/app/prive/#/elaboration-devis`);
  const row = list.getByRole('row').filter({ hasText: quoteNumber });
  await expect(row.getByText('Accepté')).toBeVisible();
  await page.goto(jobUrl);
  const jobQuotes = page.getByRole('table', { name: 'Devis' });
  await expect(jobQuotes.getByRole('row').filter({ hasText: quoteNumber })).toContainText('Accepté');

  // « Facturer » from the quote (the SPA's route to the editor): a 30 % deposit…
  await jobQuotes.getByRole('link', { name: quoteNumber, exact: true }).click();
  await expect(page).toHaveURL(`${CLIENT}/affaires/devis/${quoteId}`);
  await expect(page.getByRole('button', { name: 'Envoyer par email' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Facturer', exact: true }).click();
  await invoiceFromQuote(page, "Facture d'acompte", '30');

  // …then a progress statement at 40 %.
  await page.goto(`${CLIENT}/affaires/devis/${quoteId}`);
  await page.getByRole('link', { name: 'Facturer', exact: true }).click();
  await invoiceFromQuote(page, 'Situation de travaux', '40');
});

/**
 * Issue 23: a quote line's quantity from measures (« Insérer un métré »). The measure group and its
 * measures are made through the API (a sample Pix4D export imported: the measures' own screens are
 * tested elsewhere); the quotes list is the SPA's `/affaires/devis`; the rest as a person does it.
 */
test('insert a measure into a quote line', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, '/affaires/devis', 'admin@demo.fr');
  await expect(heading(page)).toHaveText('Devis');
  const api = await companyApi(page);
  const [job] = await api.get<{ id: number; name: string }[]>('/business-jobs?limit=1');
  const group = await api.post<{ id: number }>('/measure-groups', {
    application: 'pix4d',
    name: 'Relevé drone e2e',
    businessJobId: job!.id,
  });
  const sample = fs.readFileSync(new URL('../demo/samples/measures/pix4d-annotations.csv', import.meta.url));
  const imported = await page.request.post(`${PLATFORM}/v2/companies/1/measure-groups/${group.id}/import`, {
    headers: {
      Authorization: `Bearer ${await accessToken(page)}`,
      'Content-Type': 'text/csv',
      'X-File-Name': encodeURIComponent('pix4d-annotations.csv'),
    },
    data: sample,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const vatRateId = await api.vatRateId(1000);
  const quote = await api.post<{ id: number }>('/quotes', {
    businessJobId: job!.id,
    title: 'Réfection de la toiture',
    items: [
      {
        kind: 'priced',
        designation: 'Couverture tuiles',
        unit: '',
        quantityMilli: 1000,
        unitPriceCents: 6500,
        vatRateId,
      },
    ],
  });

  await page.goto(`${CLIENT}/affaires/devis/${quote.id}`);
  await page.getByRole('button', { name: 'Insérer un métré, ligne 1' }).click();
  const dialog = page.getByRole('dialog', { name: /Insérer un métré/ });
  await dialog
    .getByRole('region', { name: `Groupes de l'affaire ${job!.name}` })
    .getByRole('button', { name: /Relevé drone e2e/ })
    .click();
  await dialog.getByRole('checkbox', { name: /Pan de toiture sud/ }).check();
  await dialog.getByRole('checkbox', { name: /Pan de toiture nord/ }).check();
  await expect(dialog.getByRole('status')).toHaveText('Somme : 139,352\u00a0m² (2 mesures)');
  await dialog.getByRole('button', { name: 'Insérer la quantité' }).click();

  await expect(page.getByRole('textbox', { name: 'Quantité, ligne 1' })).toHaveValue('139,352');
  await expect(page.getByRole('textbox', { name: 'Unité, ligne 1' })).toHaveValue('m²');
  await expect(page.getByText('Métré : Relevé drone e2e · 2 mesures')).toBeVisible();
  await expect(page.getByText('Brouillon enregistré')).toBeVisible({ timeout: 20_000 });
  const saved = await api.get<{
    items: { quantityMilli: number; measure?: { groupId: number; valueMilli: number } }[];
  }>(`/quotes/${quote.id}`);
  // The quantity is kept at the document's precision (2 decimals); the source keeps the measured sum.
  expect(saved.items[0]).toMatchObject({
    quantityMilli: 139_350,
    measure: { groupId: group.id, valueMilli: 139_352 },
  });
});
