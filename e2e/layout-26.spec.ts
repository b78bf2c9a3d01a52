import { expect, type Page, test } from '@playwright/test';
import { signInAt } from './support/signIn';

/**
 * Issue 26, items 3, 6 and 10, in a real browser (what jsdom cannot lay out): the screens at the
 * two widths the product is made for, 1 280 and 800 px. Each test saves a screenshot under
 * test-results/ to be looked at.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/layout-26/${name}.png`, fullPage: false });

test.describe('at 1 280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('« À facturer » says whose each quote is, uncut', async ({ page }) => {
    await signInAt(page, '/facturation');
    const card = page.getByRole('region', { name: 'À facturer' });
    await expect(card.getByRole('listitem').first()).toBeVisible();
    await shot(page, 'invoicing-home-1280');
    const cut = await card.getByRole('listitem').evaluateAll((items) =>
      items
        .map((item) => item.querySelector('span'))
        .filter((detail) => detail && detail.scrollWidth > detail.clientWidth + 1)
        .map((detail) => detail?.textContent),
    );
    expect(cut).toEqual([]);
  });

  test('a focused « Téléphone » or « Portable » field is scrolled clear of the sticky save bar', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signInAt(page, '/gestion-clients/nouveau');
    const bar = page.getByRole('button', { name: 'Enregistrer le client' });
    for (const name of ['Téléphone', 'Portable']) {
      await page.evaluate(() => window.scrollTo(0, 0));
      // Reached from the keyboard, as a person filling the form does.
      await page.getByRole('textbox', { name: 'Email' }).focus();
      await page.keyboard.press('Tab');
      if (name === 'Portable') await page.keyboard.press('Tab');
      const field = page.getByRole('textbox', { name });
      await expect(field).toBeFocused();
      const fieldBox = (await field.boundingBox())!;
      const barTop = await bar.evaluate((button) => button.parentElement!.getBoundingClientRect().top);
      expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(barTop);
    }
    await shot(page, 'customer-form-portable-1280');
  });

  test('the French date field: typed dd/MM/yyyy in the payments filter, or picked in its calendar', async ({
    page,
  }) => {
    await signInAt(page, '/facturation/reglements/recus');
    const from = page.getByRole('textbox', { name: 'Du', exact: true });
    // The list asks the API for the day typed (the filters are not in the address).
    const asked = (day: string) =>
      page.waitForRequest(
        (request) => request.url().includes('/v2/') && request.url().includes(`from=${day}`),
      );
    const januaryAsked = asked('2026-01-01');
    await from.pressSequentially('01012026');
    await expect(from).toHaveValue('01/01/2026');
    await januaryAsked;
    const opener = page.getByRole('button', { name: /^Changer la date, jeudi 1 janvier 2026/ });
    await opener.click();
    const calendar = page.getByRole('dialog', { name: 'Choisir une date : Du' });
    await expect(calendar.getByRole('grid', { name: 'janvier 2026' })).toBeVisible();
    await expect(calendar.getByRole('gridcell', { name: 'jeudi 1 janvier 2026' })).toBeFocused();
    await shot(page, 'date-field-calendar-1280');
    const februaryAsked = asked('2026-02-02');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(from).toHaveValue('02/02/2026');
    await februaryAsked;
    // The button now names the day chosen.
    await page.getByRole('button', { name: /^Changer la date, lundi 2 février 2026/ }).click();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(page.getByRole('button', { name: /^Changer la date/ }).first()).toBeFocused();
    await from.fill('31/02/2026');
    await from.blur();
    await expect(page.getByText('La date doit respecter le format JJ/MM/AAAA.')).toBeVisible();
  });

  test('a backdrop click on the payment dialog asks before throwing the comment away', async ({ page }) => {
    await signInAt(page, '/facturation/reglements/en-attente');
    await page
      .getByRole('checkbox', { name: /^Sélectionner / })
      .nth(1)
      .check();
    await page.getByRole('button', { name: 'Régler la sélection' }).click();
    const dialog = page.getByRole('dialog', { name: /^Régler/ });
    await dialog.getByLabel('Commentaire').fill('Remis au comptoir');
    // The backdrop: outside the dialog's box.
    await page.mouse.click(8, 8);
    const question = page.getByRole('alertdialog', { name: /Fermer sans les enregistrer \?$/ });
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Continuer la saisie' })).toBeFocused();
    await shot(page, 'pay-dialog-discard-1280');
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Commentaire')).toHaveValue('Remis au comptoir');
  });
});

test.describe('at 800 px', () => {
  test.use({ viewport: { width: 800, height: 700 } });

  test('the customer list shows its type chips whole', async ({ page }) => {
    await signInAt(page, '/gestion-clients');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByText('Professionnel').first()).toBeVisible();
    await shot(page, 'customers-list-800');
    const clipped = await page.locator('tbody td span').evaluateAll((spans) =>
      spans
        .filter((span) => /^(Professionnel|Particulier)$/.test(span.textContent ?? ''))
        .filter((span) => {
          const cell = span.closest('td')!;
          return span.getBoundingClientRect().right > cell.getBoundingClientRect().right - 1;
        })
        .map((span) => span.textContent),
    );
    expect(clipped).toEqual([]);
  });

  test('the collapsed menu ends above the bottom edge of the window', async ({ page }) => {
    await signInAt(page, '/gestion-clients');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await shot(page, 'collapsed-menu-800');
    const bottom = await menu.evaluate((element) => element.getBoundingClientRect().bottom);
    expect(bottom).toBeLessThanOrEqual(700 - 24);
  });

  test('« À facturer » still says whose each quote is', async ({ page }) => {
    await signInAt(page, '/facturation');
    const card = page.getByRole('region', { name: 'À facturer' });
    await expect(card.getByRole('listitem').first()).toBeVisible();
    await shot(page, 'invoicing-home-800');
  });
});
