import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT } from './playwright.config';
import { companyApi } from './support/companyApi';
import { signInAt } from './support/signIn';

/**
 * The invoice editor and Mes factures at the two widths people use (a 1280 px laptop, an 800 px
 * tablet), on real data: every column's content whole, nothing cut by its box or hidden sideways.
 * Measured as the browser lays the page out, not as pixels compared to a snapshot.
 */

// axe is injected as a script tag, which the server's CSP (nonce only) would block.
test.use({ bypassCSP: true });

const widths = [1280, 800];

/** How far a box's content goes past its own width: 0 when it shows whole. */
const spill = (box: Locator) => box.evaluate((element) => element.scrollWidth - element.clientWidth);

/** The width a select needs to show its longest option (its own width when nothing squeezes it). */
const neededWidth = (select: Locator) =>
  select.evaluate((element) => {
    const free = element.cloneNode(true) as HTMLSelectElement;
    free.style.cssText = 'position: absolute; visibility: hidden; width: auto; min-width: 0; max-width: none';
    element.parentElement?.append(free);
    const width = free.getBoundingClientRect().width;
    free.remove();
    return width;
  });

const width = async (box: Locator) => (await box.boundingBox())?.width ?? 0;

/** A draft a tradesperson writes: long designations, a big amount, three VAT rates. */
async function draftWithLongLines(page: Page) {
  const api = await companyApi(page);
  const { id } = await api.post<{ id: number }>('/invoices', {
    kind: 'simple',
    customerId: 1,
    lines: [
      {
        label:
          'Fourniture et pose de carrelage grès cérame 60×60 rectifié, teinte gris anthracite, colle et joints compris',
        unit: 'm²',
        quantityMilli: 42_500,
        unitPriceCents: 8_950,
        vatRateId: await api.vatRateId(1000),
      },
      {
        label: 'Dépose et évacuation de l’ancienne faïence murale',
        unit: 'forfait',
        quantityMilli: 1000,
        unitPriceCents: 2_400,
        vatRateId: await api.vatRateId(2000),
      },
      {
        label: 'Receveur de douche extra-plat 120×90 avec bonde',
        quantityMilli: 12_000,
        unitPriceCents: 1_245_000,
        vatRateId: await api.vatRateId(550),
      },
    ],
  });
  return id;
}

test('the invoice editor at 1280 and 800 px: a wide designation, every field and amount whole, the preview beside the lines at 1280 px and under them at 800 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/facturation');
  const id = await draftWithLongLines(page);
  const lines = page.getByRole('table', { name: 'Lignes de la facture' });
  for (const viewport of widths) {
    await page.setViewportSize({ width: viewport, height: 900 });
    await page.goto(`${CLIENT}/facturation/factures/${id}`);
    const designation = lines.getByRole('textbox', { name: 'Désignation, ligne 1' });
    await expect(designation).toBeVisible({ timeout: 20_000 });

    // The lines never scroll sideways: the remove buttons at their end are in view.
    expect(await spill(lines.locator('..')), `lines at ${viewport} px`).toBeLessThanOrEqual(0);
    // The designation, what is typed most and longest, keeps room: 25 characters and more at 800 px,
    // about 40 at 1280 px beside the preview (it had 136 px there, a dozen characters).
    expect(await width(designation)).toBeGreaterThanOrEqual(viewport === 1280 ? 280 : 200);
    for (const line of [1, 2, 3]) {
      const rate = lines.getByRole('combobox', { name: `TVA, ligne ${line}` });
      expect(await width(rate), `TVA, ligne ${line} at ${viewport} px`).toBeGreaterThanOrEqual(
        (await neededWidth(rate)) - 0.5,
      );
      for (const field of ['Quantité', 'Unité', 'Prix unitaire HT']) {
        const input = lines.getByRole('textbox', { name: `${field}, ligne ${line}` });
        expect(await spill(input), `${field}, ligne ${line} at ${viewport} px`).toBeLessThanOrEqual(0);
      }
    }
    for (const total of await lines.locator('tbody td:nth-last-child(2)').all()) {
      expect(await spill(total), `Total HT at ${viewport} px`).toBeLessThanOrEqual(0);
    }
    await expect(lines.getByRole('cell', { name: /^149\s400,00\s€$/ })).toBeVisible();

    // The preview is shown beside the lines at 1280 px, under them at 800 px, never over them.
    const preview = page.getByRole('region', { name: 'Aperçu du document' });
    await expect(preview).toBeVisible();
    const linesBox = (await lines.boundingBox())!;
    const previewBox = (await preview.boundingBox())!;
    if (viewport === 1280) expect(previewBox.x).toBeGreaterThanOrEqual(linesBox.x + linesBox.width);
    else expect(previewBox.y).toBeGreaterThanOrEqual(linesBox.y + linesBox.height);
  }

  // The keyboard goes through a line's fields in reading order, the VAT rate included.
  await lines.getByRole('textbox', { name: 'Désignation, ligne 1' }).focus();
  for (const next of ['Quantité, ligne 1', 'Unité, ligne 1', 'Prix unitaire HT, ligne 1']) {
    await page.keyboard.press('Tab');
    await expect(lines.getByRole('textbox', { name: next })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(lines.getByRole('combobox', { name: 'TVA, ligne 1' })).toBeFocused();
  await expectNoAxeViolations(page);
});

test('Mes factures at 1280 and 800 px: Total TTC and Reste dû whole, nothing hidden sideways', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/facturation');
  const api = await companyApi(page);
  // A big invoice: its amounts are the widest of the list.
  await api.post('/invoices', {
    kind: 'simple',
    customerId: 1,
    lines: [
      {
        label: 'Réhabilitation complète',
        quantityMilli: 1000,
        unitPriceCents: 123_456_789,
        vatRateId: await api.vatRateId(2000),
      },
    ],
  });
  const list = page.getByRole('table', { name: 'Mes factures' });
  for (const viewport of widths) {
    await page.setViewportSize({ width: viewport, height: 900 });
    await page.goto(`${CLIENT}/facturation/factures`);
    await expect(list.getByRole('cell', { name: /^1\s481\s481,47\s€$/ }).first()).toBeVisible();
    const box = (await list.locator('..').boundingBox())!;
    expect(await spill(list.locator('..')), `Mes factures at ${viewport} px`).toBeLessThanOrEqual(0);
    const headers = await list.locator('thead th').allTextContents();
    for (const name of ['Total TTC', 'Reste dû']) {
      const column = headers.findIndex((text) => text.startsWith(name)) + 1;
      expect(column, name).toBeGreaterThan(0);
      const cells = await list.locator(`tbody td:nth-child(${column})`).all();
      expect(cells.length).toBeGreaterThan(1);
      for (const cell of cells) {
        expect(await spill(cell), `${name} at ${viewport} px`).toBeLessThanOrEqual(0);
        const cellBox = (await cell.boundingBox())!;
        expect(cellBox.x + cellBox.width, `${name} at ${viewport} px`).toBeLessThanOrEqual(box.x + box.width);
      }
    }
  }
  await expectNoAxeViolations(page);
});
