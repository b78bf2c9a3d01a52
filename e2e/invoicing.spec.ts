import { expect, type Page, test } from '@playwright/test';
import { serverErrorMessages } from '../src/i18n/serverErrors';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT, PLATFORM } from './playwright.config';
import { companyApi } from './support/companyApi';
import { accessToken, signInAt } from './support/signIn';

/**
 * Invoicing (Facturation, Affaires) against the real server and database, as a person does it:
 * a quote invoiced by a 30 % deposit, statements at 40 % and 75 %, the final invoice, each
 * validated through its dialog; a refused revert with its exact sentence; a reception date that
 * blocks the revert; a credit note.
 */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

/** A fresh job (5 % retainage) and its accepted quote, made through the API with the page's token. */
async function quoteToInvoice(page: Page) {
  const api = await companyApi(page);
  const { id: businessJobId } = await api.post<{ id: number }>('/business-jobs', {
    name: 'Extension garage Roux',
    customerId: 1,
    siteAddress: '4 rue des Lilas, 69100 Villeurbanne',
    retainageBasisPoints: 500,
  });
  const vat20 = await api.vatRateId(2000);
  const line = (designation: string, unit: string, quantityMilli: number, unitPriceCents: number) => ({
    kind: 'priced',
    designation,
    unit,
    quantityMilli,
    unitPriceCents,
    vatRateId: vat20,
  });
  const created = await api.post<{ id: number; number: string; version: number }>('/quotes', {
    businessJobId,
    title: 'Extension garage',
    date: '2026-01-05',
    validUntil: '2099-12-31',
    items: [
      {
        kind: 'chapter',
        title: 'Gros œuvre',
        items: [line('Fondations', 'm³', 8000, 25_000), line('Murs parpaings', 'm²', 40_000, 9_000)],
      },
      {
        kind: 'chapter',
        title: 'Couverture',
        items: [line('Charpente et tuiles', 'forfait', 1000, 640_000)],
      },
    ],
  });
  // The customer's signed copy, recorded: only an accepted quote is invoiced.
  const { id, number } = await api.post<{ id: number; number: string }>(`/quotes/${created.id}/answer`, {
    version: created.version,
    decision: 'accepted',
  });
  return { quoteId: id, quoteNumber: number, businessJobId };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** From the quote's page: creates the chosen invoice and lands in its editor. */
async function createFromQuote(page: Page, quoteId: number, kind: string, percent?: string) {
  await page.goto(`${CLIENT}/facturation/nouvelle-facture/devis-${quoteId}`);
  await expect(heading(page)).toHaveText('Nouvelle facture depuis un devis');
  await page.getByRole('radio', { name: kind }).check();
  if (percent !== undefined) await page.getByRole('textbox', { name: /\(%\)/ }).fill(percent);
  await page.getByRole('button', { name: `Créer : ${kind}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${CLIENT}/facturation/factures/\\d+$`));
  await expect(heading(page)).toContainText(`${kind} PROVISOIRE`);
  return Number(page.url().split('/').at(-1));
}

/** Asks to revert with a reason, through the dialog; answers the dialog (it stays open on a refusal). */
async function revert(page: Page, reason: string) {
  await page.getByRole('button', { name: 'Repasser en PROVISOIRE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Repasser la facture en PROVISOIRE ?' });
  await dialog.getByRole('textbox', { name: 'Motif' }).fill(reason);
  await dialog.getByRole('button', { name: 'Repasser en PROVISOIRE' }).click();
  return dialog;
}

/** Validates through the dialog, which shows the payment deadline and modes first. */
async function validate(page: Page, kind: string) {
  const dueDate = await page
    .getByText("Date d'échéance")
    .locator('xpath=following-sibling::dd')
    .first()
    .textContent();
  await page.getByRole('button', { name: 'Valider la facture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Valider la facture ?' });
  await expect(dialog).toContainText('Délai de paiement');
  await expect(dialog).toContainText('Modes de paiement');
  await expect(dialog).toContainText(dueDate ?? '');
  await dialog.getByRole('button', { name: 'Valider définitivement' }).click();
  await expect(heading(page)).toHaveText(new RegExp(`^${kind} FA-\\d{4}-\\d+ validée$`));
}

test('a quote invoiced by a deposit, two statements and the final invoice; revert refused; reception date; credit note', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Reverting and cancelling a validated invoice are an administrator's acts (docs/decisions.md).
  await signInAt(page, '/facturation', 'admin@demo.fr');
  await expect(heading(page)).toHaveText('Facturation');
  const { quoteId, quoteNumber, businessJobId } = await quoteToInvoice(page);

  // The home lists the quote as to be invoiced.
  await page.reload();
  await page.getByRole('link', { name: `Facturer le devis ${quoteNumber}` }).click();
  await expect(page).toHaveURL(`${CLIENT}/facturation/nouvelle-facture/devis-${quoteId}`);
  await expect(page.getByRole('radio', { name: "Facture d'acompte" })).toBeVisible();
  await expectNoAxeViolations(page);

  const deposit = await createFromQuote(page, quoteId, "Facture d'acompte", '30');
  await expectNoAxeViolations(page);
  await validate(page, "Facture d'acompte");

  // The quote has an invoice now: no second deposit is offered, and the page says why.
  await page.goto(`${CLIENT}/facturation/nouvelle-facture/devis-${quoteId}`);
  await expect(page.getByRole('radio', { name: "Facture d'acompte" })).toBeDisabled();
  await expect(page.getByText(serverErrorMessages.deposit_invoice_with_existing_invoices)).toBeVisible();

  await createFromQuote(page, quoteId, 'Situation de travaux', '40');
  // One line at 50 % instead: saved by itself, and the server's totals follow.
  const totalBefore = await page
    .getByText('Total HT', { exact: true })
    .last()
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  // The autosave waits 800 ms, then the server computes and the preview follows: slow on a busy machine.
  const saved = page.getByRole('status').filter({ hasText: 'Brouillon enregistré' });
  await page.getByRole('textbox', { name: 'Avancement cumulé (%), ligne 1' }).fill('50');
  await expect(saved).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText('Total HT', { exact: true }).last().locator('xpath=following-sibling::dd[1]'),
  ).not.toHaveText(totalBefore ?? '');
  await page.getByRole('textbox', { name: 'Avancement cumulé (%), ligne 1' }).fill('40');
  await expect(saved).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await validate(page, 'Situation de travaux');

  await createFromQuote(page, quoteId, 'Situation de travaux', '75');
  await validate(page, 'Situation de travaux');

  const final = await createFromQuote(page, quoteId, 'Facture finale');
  await validate(page, 'Facture finale');

  // The deposit is not the last validated part: the exact sentence in the dialog, the reason kept.
  await page.goto(`${CLIENT}/facturation/factures/${deposit}`);
  let reverting = await revert(page, 'Acompte à refaire');
  await expect(reverting.getByRole('alert')).toHaveText(serverErrorMessages.invoice_not_last_validated_part);
  await expect(reverting.getByRole('textbox', { name: 'Motif' })).toHaveValue('Acompte à refaire');
  await reverting.getByRole('button', { name: 'Annuler' }).click();
  await expect(heading(page)).toContainText('validée');

  // A reception date on the job blocks the revert of the final invoice.
  await page.goto(`${CLIENT}/affaires/${businessJobId}`);
  await expect(heading(page)).toHaveText('Affaire : Extension garage Roux');
  await page.getByLabel('Date de réception des travaux').fill('15/03/2026');
  await page.getByRole('button', { name: "Enregistrer l'affaire" }).click();
  await expect(page.getByText('Les informations ont été mises à jour.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${CLIENT}/facturation/factures/${final}`);
  reverting = await revert(page, 'Montant à corriger');
  await expect(reverting.getByRole('alert')).toHaveText(serverErrorMessages.business_has_delivery_date);
  await reverting.getByRole('button', { name: 'Annuler' }).click();

  // A credit note cancels the final invoice, and the editor opens it.
  await page.getByRole('button', { name: 'Annuler par un avoir' }).click();
  await page
    .getByRole('dialog', { name: 'Annuler cette facture par un avoir ?' })
    .getByRole('button', { name: "Émettre l'avoir" })
    .click();
  await expect(heading(page)).toContainText('Avoir');
  await expect(page).not.toHaveURL(`${CLIENT}/facturation/factures/${final}`);

  // Mes factures finds the quote's invoices, and the final invoice shows as cancelled.
  await page.goto(`${CLIENT}/facturation/factures?q=${encodeURIComponent('Extension garage')}`);
  await expect(heading(page)).toHaveText('Mes factures');
  await expect(page.getByRole('searchbox', { name: 'Rechercher une facture' })).toHaveValue(
    'Extension garage',
  );
  await expect(page.getByText('annulée')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a draft open in one session is read-only in another session and in a second tab, editable once left', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/facturation');
  const api = await companyApi(page);
  const vatRateId = await api.vatRateId(2000);
  const { id } = await api.post<{ id: number }>('/invoices', {
    kind: 'simple',
    customerId: 1,
    lines: [{ label: 'Réglage portail', quantityMilli: 1000, unitPriceCents: 12_000, vatRateId }],
  });
  const invoicePage = `/facturation/factures/${id}`;
  const lockedMessage =
    'Cette facture est en cours de modification dans une autre de vos sessions : elle est en lecture seule ici.';

  await page.goto(`${CLIENT}${invoicePage}`);
  await expect(page.getByRole('textbox', { name: 'Objet' })).toBeVisible({ timeout: 20_000 });

  // A second tab of the same browser (the same signed-in session): read-only.
  const tab = await page.context().newPage();
  await tab.goto(`${CLIENT}${invoicePage}`);
  await expect(heading(tab)).toContainText('PROVISOIRE', { timeout: 20_000 });
  await expect(tab.getByRole('alert')).toHaveText(lockedMessage);
  await expect(tab.getByRole('textbox', { name: 'Objet' })).toBeHidden();
  await expect(tab.getByRole('button', { name: 'Valider la facture' })).toBeDisabled();
  await tab.close();

  // Another sign-in (another session of the same person): read-only too.
  const other = await browser.newContext({ bypassCSP: true });
  const second = await other.newPage();
  await signInAt(second, invoicePage);
  await expect(heading(second)).toContainText('PROVISOIRE', { timeout: 20_000 });
  await expect(second.getByRole('alert')).toHaveText(lockedMessage);
  await expect(second.getByRole('textbox', { name: 'Objet' })).toBeHidden();
  await expectNoAxeViolations(second);

  // The first one leaves the editor (another screen of the app): the draft is free again.
  await page.getByRole('menuitem', { name: 'Affaires' }).click();
  await expect(page).not.toHaveURL(`${CLIENT}${invoicePage}`);
  await expect
    .poll(async () => {
      const answer = await second.request.get(`${PLATFORM}/v2/companies/1/invoices/${id}`, {
        headers: { Authorization: `Bearer ${await accessToken(second)}` },
      });
      return ((await answer.json()) as { data: { lock: { lockedByAnotherSession: boolean } } }).data.lock
        .lockedByAnotherSession;
    })
    .toBe(false);
  await second.reload();
  await expect(second.getByRole('textbox', { name: 'Objet' })).toBeVisible({ timeout: 20_000 });
  await expect(second.getByRole('alert')).toBeHidden();
  await other.close();
});
