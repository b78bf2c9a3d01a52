import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  loadAllFonts,
  SITE,
  serveNotifications,
  signIn,
  test,
} from './support/fixtures';

const pages = join(import.meta.dirname, 'pages');
const fullMenu = [
  'Affaires',
  'Devis',
  'Gestion chantier',
  'Facturation',
  'Mes applications',
  'Base de données',
  'Gestion clients',
  "Suivi d'activité",
  'Profil',
  'Aide (nouvel onglet)',
];

/** Serves one of the nav test pages at any address of the site (a platform or client path). */
async function openAt(page: Page, path: string, file = 'nav-platform.html') {
  const html = await readFile(join(pages, file), 'utf8');
  await page.route(`${SITE}${path.split(/[?#]/)[0]}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  await page.goto(`${SITE}${path}`);
}

const menubar = (page: Page) => page.getByRole('menubar', { name: 'Menu principal' });

test.describe('<bo-nav-bar> from dist/define.js', () => {
  test.beforeEach(async ({ page, api }) => {
    await signIn(page);
    serveNotifications(api, 3);
  });

  test('shows the entries in the spec’s order, 54 px high, without accessibility violations', async ({
    page,
  }) => {
    await page.goto(`${SITE}/nav-platform.html`);
    const bar = menubar(page);
    await expect(bar.getByRole('menuitem', { name: 'Gestion chantier' })).toBeVisible();
    expect(
      await bar
        .locator(':scope > * > [role="menuitem"]')
        .evaluateAll((nodes) => nodes.map((n) => n.textContent?.trim())),
    ).toEqual(fullMenu);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCSS('height', '54px');
    await bar.getByRole('menuitem', { name: 'Facturation', exact: true }).click();
    const invoicing = page.getByRole('menu', { name: 'Facturation', exact: true });
    await expect(invoicing.getByRole('menuitem')).toHaveText([
      'Mes factures',
      'Exports de facturation',
      'Règlements',
      'Gestion des banques',
    ]);
    await expect(invoicing.getByRole('separator')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await bar.getByRole('menuitem', { name: 'Mes applications' }).click();
    await expect(page.getByRole('menu', { name: 'Mes applications' }).getByRole('menuitem')).toHaveText([
      'Pix4D',
      'SEMA',
    ]);
    await bar.getByRole('menuitem', { name: 'Profil' }).click();
    const profile = page.getByRole('menu', { name: 'Profil' });
    await expect(profile.getByRole('menuitem')).toHaveText([
      'Mon compte',
      'Réglages',
      'Mon abonnement',
      'Se déconnecter',
    ]);
    await expect(profile.getByRole('separator')).toHaveCount(1);
    const help = bar.getByRole('menuitem', { name: 'Aide (nouvel onglet)' });
    await expect(help).toHaveAttribute('target', '_blank');
    await expect(help).toHaveAttribute('href', 'http://bo.test/foire-aux-questions');
    await expect(page.getByRole('button', { name: 'Notifications, 3 non lues' })).toBeVisible();
  });

  test('Gestion chantier needs the gestion-de-chantier scope', async ({ page, api }) => {
    api.on('GET /v2/users/7/authorization', () => ({ body: { data: { admin: false, scopes: [] } } }));
    await page.goto(`${SITE}/nav-platform.html`);
    await expect(menubar(page).getByRole('menuitem', { name: 'Devis' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Gestion chantier' })).toHaveCount(0);
    await expect(menubar(page).locator(':scope > * > [role="menuitem"]')).toHaveCount(fullMenu.length - 1);
  });

  test('?menu=no hides the bar', async ({ page }) => {
    await page.goto(`${SITE}/nav-platform.html?menu=no`);
    await expect(page.getByRole('heading', { name: 'Page de la plateforme' })).toBeVisible();
    // The element has drawn its tree (the theme's root, the first node of its shadow root) and put
    // nothing in it: absence checked after the render that would have shown the bar.
    const drawn = page.locator('bo-nav-bar').locator('div').first();
    await expect(drawn).toBeAttached();
    expect(await drawn.evaluate((root) => root.childElementCount)).toBe(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('menubar')).toHaveCount(0);
  });

  test('collapses into one Menu dropdown at 1000 px, full at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto(`${SITE}/nav-platform.html`);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toBeVisible();
    await expect(page.getByRole('menubar')).toHaveCount(0);
    await menuButton.click();
    const menu = page.getByRole('menu', { name: 'Menu' });
    await expect(menu.getByRole('menuitem', { name: 'Affaires' })).toBeFocused();
    await expect(
      menu.getByRole('group', { name: 'Facturation', exact: true }).getByRole('menuitem'),
    ).toHaveCount(4);
    await expect(menu.getByRole('menuitem', { name: 'Se déconnecter' })).toBeAttached();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(menubar(page)).toBeVisible();
    await expect(menuButton).toHaveCount(0);
  });

  test('marks the current entry by the spec’s "also active for" rules', async ({ page }) => {
    await openAt(page, '/app/enterprise/export-data');
    const invoicing = menubar(page).getByRole('menuitem', { name: 'Facturation', exact: true });
    await expect(invoicing).toHaveAttribute('data-active', 'true');
    await invoicing.click();
    await expect(page.getByRole('menuitem', { name: 'Exports de facturation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await openAt(page, '/app/prive/#/gestion-chantier');
    await expect(menubar(page).getByRole('menuitem', { name: 'Gestion chantier' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.evaluate(() => {
      location.hash = '#/base-donnees';
    });
    await expect(menubar(page).getByRole('menuitem', { name: 'Base de données' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menubar(page).getByRole('menuitem', { name: 'Gestion chantier' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  test('inside the SPA, client links route in the app and the current entry follows', async ({ page }) => {
    await openAt(page, '/facturation/reglements/export-journal-banque', 'nav-spa.html');
    const bar = menubar(page);
    await expect(bar.getByRole('menuitem', { name: 'Facturation', exact: true })).toHaveAttribute(
      'data-active',
      'true',
    );
    await bar.getByRole('menuitem', { name: 'Facturation', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Règlements' })).toHaveAttribute('aria-current', 'page');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    const customers = bar.getByRole('menuitem', { name: 'Gestion clients' });
    await expect(customers).toHaveAttribute('href', '/gestion-clients');
    await customers.click();
    await expect(page).toHaveURL(`${SITE}/gestion-clients`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect(customers).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('menuitem', { name: 'Facturation', exact: true })).toHaveAttribute(
      'data-active',
      'false',
    );
    // Platform pages always load: Devis goes to the platform origin.
    await expect(bar.getByRole('menuitem', { name: 'Devis' })).toHaveAttribute(
      'href',
      'http://platform.test/app/prive/#/elaboration-devis',
    );
  });

  test('on a platform page, client links load the client area', async ({ page }) => {
    await page.route('http://client.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Client</title><h1>Client</h1>',
      }),
    );
    await page.goto(`${SITE}/nav-platform.html`);
    const customers = menubar(page).getByRole('menuitem', { name: 'Gestion clients' });
    await expect(customers).toHaveAttribute('href', 'http://client.test/gestion-clients');
    await customers.click();
    await page.waitForURL('http://client.test/gestion-clients');
  });

  test("'Se déconnecter' is logged, then goes to the platform's /logout", async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.route(`${SITE}/logout`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Déconnecté</title>' }),
    );
    await page.goto(`${SITE}/nav-platform.html`);
    await menubar(page).getByRole('menuitem', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL(`${SITE}/logout`);
    expect(logs.some((text) => text.startsWith('User logged out from the menu'))).toBe(true);
  });

  test('works with the keyboard only, with a visible focus', async ({ page }) => {
    await page.goto(`${SITE}/nav-platform.html`);
    await expect(menubar(page)).toBeVisible();
    await page.keyboard.press('Tab');
    const bar = menubar(page);
    const affaires = bar.getByRole('menuitem', { name: 'Affaires' });
    await expect(affaires).toBeFocused();
    const outline = await affaires.evaluate((node) => getComputedStyle(node).outlineStyle);
    expect(outline).not.toBe('none');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    const invoicing = bar.getByRole('menuitem', { name: 'Facturation', exact: true });
    await expect(invoicing).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(invoicing).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('menuitem', { name: 'Mes factures' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Gestion des banques' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Facturation', exact: true })).toHaveCount(0);
    await expect(invoicing).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('menuitem', { name: 'Pix4D' })).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await expect(bar.getByRole('menuitem', { name: 'Aide (nouvel onglet)' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(affaires).toBeFocused();
    // One stop in the tab order: Tab leaves the bar for the bell.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(affaires).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL('http://bo.test/app/prive/#/elaboration-devis');
  });

  test('the collapsed menu works with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await page.goto(`${SITE}/nav-platform.html`);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Aide (nouvel onglet)' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.getByRole('menuitem', { name: 'Affaires' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Devis' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(menuButton).toBeFocused();
  });

  test('hostile page CSS changes nothing inside the bar', async ({ page }) => {
    const shoot = async (file: string) => {
      await page.goto(`${SITE}/${file}`);
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      await expect(nav.getByRole('button', { name: 'Notifications, 3 non lues' })).toBeVisible();
      await expect(nav.getByRole('menuitem', { name: 'Gestion chantier' })).toBeVisible();
      await loadAllFonts(page);
      const styles = await nav.getByRole('menuitem', { name: 'Affaires' }).evaluate((node) => {
        const css = getComputedStyle(node);
        return {
          font: css.fontFamily,
          size: css.fontSize,
          color: css.color,
          decoration: css.textDecorationLine,
        };
      });
      const bell = nav.getByRole('button', { name: 'Notifications, 3 non lues' });
      const bellStyles = await bell.evaluate((node) => {
        const css = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        return { color: css.color, background: css.backgroundColor, width: box.width, height: box.height };
      });
      // The bell's SVG is masked in the picture: its anti-aliasing differs by a pixel or two from
      // one rasterisation to the next, with or without page CSS. Its styles are compared instead.
      const shot = await page.locator('bo-nav-bar').screenshot({ animations: 'disabled', mask: [bell] });
      return { styles: { ...styles, bell: bellStyles }, shot };
    };
    const blank = await shoot('nav-platform.html');
    const hostile = await shoot('nav-hostile.html');
    expect(blank.styles.font).toContain('Poppins');
    expect(blank.styles.size).toBe('14px');
    expect(hostile.styles).toEqual(blank.styles);
    expect(hostile.shot.equals(blank.shot)).toBe(true);
  });
});
