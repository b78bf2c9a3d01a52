import type { Page } from '@playwright/test';
import { makeCustomers } from '../src/features/customers/testing/customerFixtures';
import { makeOutstanding } from '../src/features/payments/testing/paymentFixtures';
import {
  differingPixels,
  expect,
  expectNoAxeViolations,
  type FakeApi,
  loadAllFonts,
  SITE,
  settledPicture,
  signIn,
  test,
} from './support/fixtures';

/**
 * Issue 25's elements, built (dist/define.js) and mounted on a page without the SPA: each one is
 * the SPA's own screen, loaded when its tag is on the page.
 */

const base = '/v2/companies/1';
const CLIENT = 'http://client.test';

/** Puts `<tag attributes…>` in the page's <main>, as a platform page's markup would. */
async function mount(page: Page, file: string, tag: string, attributes: Record<string, string> = {}) {
  await page.goto(`${SITE}/${file}`);
  await page.evaluate(
    ([name, attrs]) => {
      const element = document.createElement(name);
      for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, value);
      document.querySelector('main')?.append(element);
    },
    [tag, attributes] as const,
  );
  return page.locator(tag);
}

function servePayments(api: FakeApi) {
  const rows = makeOutstanding(3);
  api.on(`GET ${base}/payments/outstanding`, ({ search }) =>
    search.get('totals') === 'only'
      ? {
          body: {
            info: { hits: rows.length, totalCents: rows.reduce((sum, row) => sum + row.balanceCents, 0) },
          },
        }
      : { body: { data: rows, info: {} } },
  );
  api.on(`GET ${base}/banks`, () => ({ body: { data: [] } }));
  return rows;
}

/** The client pages a link of an element loads (another origin: answered with a bare page). */
async function serveClientPages(page: Page) {
  await page.route(`${CLIENT}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Client</title><h1>Client</h1>' }),
  );
}

test.describe('<bo-payments-outstanding>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('shows the outstanding payments, selects rows with the keyboard, opens the payment dialog, with no axe violations', async ({
    page,
    api,
  }) => {
    const rows = servePayments(api);
    const element = await mount(page, 'areas.html', 'bo-payments-outstanding');
    // The element's chunk may take a while on a busy machine.
    await expect(element.getByRole('heading', { level: 1 })).toHaveText('Règlements en attente', {
      timeout: 20_000,
    });
    await expect(element.getByRole('region', { name: /^3 factures · total/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Keyboard: Space checks a row's box, the batch bar says how many; Enter opens the dialog.
    for (const row of rows.slice(0, 2)) {
      const box = element.getByRole('checkbox', { name: `Sélectionner ${row.invoiceNumber}` });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await expect(element.getByRole('region', { name: /^2 factures sélectionnées/ })).toBeVisible();
    await element.getByRole('button', { name: 'Régler la sélection' }).focus();
    await page.keyboard.press('Enter');
    const dialog = element.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Régler 2 factures' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('a payment run dispatches bo-payments-recorded and says so in the page', async ({ page, api }) => {
    const rows = servePayments(api);
    api.on(`POST ${base}/payments/batch-pay`, ({ body }) => {
      const items = (body as { payments?: { invoiceId: number; isRetainage: boolean }[] }).payments ?? [];
      return {
        body: {
          data: {
            paid: items.map(({ invoiceId, isRetainage }, index) => ({
              invoiceId,
              isRetainage,
              paymentId: 100 + index,
            })),
            failed: [],
          },
          errors: [],
        },
      };
    });
    const element = await mount(page, 'areas.html', 'bo-payments-outstanding');
    const recorded = page.evaluate(
      () =>
        new Promise((resolve) =>
          document.addEventListener(
            'bo-payments-recorded',
            (event) => resolve((event as CustomEvent).detail),
            {
              once: true,
            },
          ),
        ),
    );
    await element
      .getByRole('checkbox', { name: `Sélectionner ${rows[0]!.invoiceNumber}` })
      .check({ timeout: 20_000 });
    await element.getByRole('button', { name: 'Régler la sélection' }).click();
    await element
      .getByRole('dialog')
      .getByRole('button', { name: /^Enregistrer/ })
      .click();
    expect(await recorded).toEqual({ count: 1 });
  });

  test('its link to the received payments loads the client page, as the menu does', async ({ page, api }) => {
    servePayments(api);
    await serveClientPages(page);
    const element = await mount(page, 'areas.html', 'bo-payments-outstanding');
    const link = element.getByRole('link', { name: 'Voir les règlements reçus' });
    await expect(link).toHaveAttribute('href', `${CLIENT}/facturation/reglements/recus`, { timeout: 20_000 });
    await link.click();
    await expect(page).toHaveURL(`${CLIENT}/facturation/reglements/recus`);
  });

  test('hostile page CSS changes nothing inside the element', async ({ page, api }) => {
    servePayments(api);
    const shoot = async (file: string) => {
      const element = await mount(page, file, 'bo-payments-outstanding');
      // Only the element in the picture: the page's own heading and button (wider on the hostile
      // page, whose CSS reaches them) go.
      await page.evaluate(() => {
        for (const node of document.querySelectorAll('main > h1, main > button')) node.remove();
      });
      const heading = element.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText('Règlements en attente', { timeout: 20_000 });
      await expect(element.getByRole('region', { name: /^3 factures · total/ })).toBeVisible();
      await loadAllFonts(page);
      const styles = await heading.evaluate((node) => {
        const css = getComputedStyle(node);
        return { font: css.fontFamily, size: css.fontSize, color: css.color, spacing: css.letterSpacing };
      });
      const table = await element.getByRole('table').evaluate((node) => {
        const css = getComputedStyle(node);
        return { font: css.fontFamily, size: css.fontSize, line: css.lineHeight };
      });
      // The icons are masked in the picture (settledPicture): their sizes and colours are compared.
      const icons = await element.locator('svg').evaluateAll((nodes) =>
        nodes.map((node) => {
          const box = node.getBoundingClientRect();
          return { width: box.width, height: box.height, color: getComputedStyle(node).color };
        }),
      );
      return {
        styles: { heading: styles, table, icons },
        shot: await settledPicture(element),
      };
    };
    const blank = await shoot('blank.html');
    const hostile = await shoot('hostile.html');
    expect(blank.styles.heading.font).toContain('Poppins');
    expect(hostile.styles).toEqual(blank.styles);
    expect(await differingPixels(page, hostile.shot, blank.shot)).toBeLessThanOrEqual(40);
  });
});

test.describe('<bo-customers-list>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('lists the customers; a row opens the client sheet page; no axe violations', async ({ page, api }) => {
    const customers = makeCustomers(3);
    api.on(`GET ${base}/customers`, () => ({ body: { data: customers, info: { hits: customers.length } } }));
    await serveClientPages(page);
    const element = await mount(page, 'areas.html', 'bo-customers-list');
    const rows = element.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4, { timeout: 20_000 });
    await expectNoAxeViolations(page);
    await rows.nth(1).click();
    await expect(page).toHaveURL(`${CLIENT}/gestion-clients/${customers[0]!.id}`);
  });
});

test.describe('<bo-exports>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('offers the five exports, or the one its kind names; no axe violations', async ({ page, api }) => {
    api.on(`GET ${base}/banks`, () => ({ body: { data: [] } }));
    const element = await mount(page, 'areas.html', 'bo-exports');
    for (const name of [
      'Export du journal de banque',
      'Export du bordereau de remise de chèques',
      'Export de la TVA collectée',
      'Journal des ventes',
      'Fichier des écritures comptables (FEC)',
    ]) {
      await expect(element.getByRole('heading', { name })).toBeVisible({ timeout: 20_000 });
    }
    await expectNoAxeViolations(page);

    await element.evaluate((node) => node.setAttribute('kind', 'collected-vat'));
    await expect(element.getByRole('heading', { level: 1 })).toHaveText('Export de la TVA collectée');
    // The attribute is a property too: setting it sets the attribute, and the element follows.
    await element.evaluate((node) => {
      (node as HTMLElement & { kind?: string }).kind = 'bank-journal';
    });
    await expect(element).toHaveAttribute('kind', 'bank-journal');
    await expect(element.getByRole('heading', { level: 1 })).toHaveText('Export du journal de banque');
    await element.evaluate((node) => {
      (node as HTMLElement & { kind?: string }).kind = 'collected-vat';
    });
    // Keyboard: the period's first field is reached with Tab from the page.
    await element.getByRole('button', { name: 'Télécharger la TVA collectée (CSV)' }).focus();
    await expect(element.getByRole('button', { name: 'Télécharger la TVA collectée (CSV)' })).toBeFocused();
  });
});

test.describe('<bo-preferences-form>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('an unknown page shows nothing, a known one its screen', async ({ page }) => {
    const element = await mount(page, 'areas.html', 'bo-preferences-form', { page: 'nulle-part' });
    await expect(element).toBeAttached();
    await expect(element.getByRole('heading')).toHaveCount(0);
    await element.evaluate((node) => node.setAttribute('page', 'gestion-tva'));
    await expect(element.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  });
});
