import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { CLIENT, PLATFORM } from './playwright.config';
import { submitSignIn } from './support/signIn';

/**
 * The client SPA, as built for production, against the real server: the route table, the nav bar's
 * in-app moves, the shell, the client logs.
 */

const PENDING_PAYMENTS = `${CLIENT}/facturation/reglements/en-attente`;

/**
 * Opens a client page without a session: the SPA sends the browser to /login with the page's
 * address (after its own redirects: `/` is already the outstanding payments), and /login comes back.
 */
async function signInAt(page: Page, path: string, { landsAt = path, email = 'admin@demo.fr' } = {}) {
  await page.goto(`${CLIENT}${path}`);
  await expect(page).toHaveURL(`${PLATFORM}/login?redirect=${encodeURIComponent(`${CLIENT}${landsAt}`)}`);
  await submitSignIn(page, email);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const menu = (page: Page) => page.getByRole('menubar', { name: 'Menu principal' });

/** A mark on the window that a full page load would wipe out. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { spaMark: true }));
const windowStillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { spaMark?: boolean }).spaMark === true);

test('signing in from a client page lands back on that page, titled with the product name', async ({
  page,
}) => {
  await signInAt(page, '/gestion-clients/nouveau');
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients/nouveau`);
  await expect(heading(page)).toBeVisible();
  await expect(page).toHaveTitle('bo-elements');
  await expect(menu(page).getByRole('menuitem', { name: 'Gestion clients' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('/ opens the outstanding payments', async ({ page }) => {
  await signInAt(page, '/', { landsAt: '/facturation/reglements/en-attente' });
  await expect(page).toHaveURL(PENDING_PAYMENTS);
  await expect(heading(page)).toHaveText('Règlements en attente');
  // The redirect keeps the page's query: ?menu=no still hides the nav bar.
  await page.goto(`${CLIENT}/?menu=no`);
  await expect(page).toHaveURL(`${PENDING_PAYMENTS}?menu=no`);
  // The screen is drawn (the bar would have been drawn with it), then the bar is absent.
  await expect(heading(page)).toHaveText('Règlements en attente');
  await expect(menu(page)).toHaveCount(0);
});

test('the nav bar and the preferences menu move around inside the SPA, without a page load', async ({
  page,
}) => {
  await signInAt(page, '/gestion-clients');
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients`);
  await markWindow(page);

  await menu(page).getByRole('menuitem', { name: 'Affaires' }).click();
  await expect(page).toHaveURL(`${CLIENT}/affaires`);
  await expect(heading(page)).toHaveText('Affaires');

  await menu(page).getByRole('menuitem', { name: 'Facturation' }).click();
  await page.getByRole('menuitem', { name: 'Règlements' }).click();
  await expect(page).toHaveURL(PENDING_PAYMENTS);
  await expect(heading(page)).toHaveText('Règlements en attente');

  await menu(page).getByRole('menuitem', { name: 'Profil' }).click();
  await page.getByRole('menuitem', { name: 'Réglages' }).click();
  await expect(page).toHaveURL(`${CLIENT}/preferences/infos-entreprise`);
  const preferences = page.getByRole('navigation', { name: 'Préférences' });
  await expect(preferences.getByRole('link', { name: "Informations de l'entreprise" })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await preferences.getByRole('link', { name: 'Gestion de la TVA' }).click();
  await expect(page).toHaveURL(`${CLIENT}/preferences/gestion-tva`);
  await expect(heading(page)).toHaveText('Gestion de la TVA');
  await expect(preferences.locator('[aria-current="page"]')).toHaveText('Gestion de la TVA');

  await menu(page).getByRole('menuitem', { name: 'Gestion clients' }).click();
  await expect(page).toHaveURL(`${CLIENT}/gestion-clients`);
  await page.goBack();
  await expect(page).toHaveURL(`${CLIENT}/preferences/gestion-tva`);
  await expect(heading(page)).toHaveText('Gestion de la TVA');
  expect(await windowStillMarked(page)).toBe(true);
});

test('/preferences opens my account in the preferences, its entry current', async ({ page }) => {
  await signInAt(page, '/preferences/', { landsAt: '/preferences/mon-compte' });
  await expect(page).toHaveURL(`${CLIENT}/preferences/mon-compte`);
  const preferences = page.getByRole('navigation', { name: 'Préférences' });
  await expect(preferences.getByRole('link')).toHaveCount(14);
  await expect(preferences.locator('[aria-current="page"]')).toHaveText('Mon compte');
  await expect(heading(page)).toHaveText('Mon compte');
});

test('a customer id with letters is no page; an unknown number is the customer sheet’s to answer', async ({
  page,
}) => {
  await signInAt(page, '/gestion-clients/abc');
  await expect(heading(page)).toHaveText('Page introuvable');
  await expect(page.getByText('/gestion-clients/abc')).toBeVisible();
  await markWindow(page);
  await page.getByRole('link', { name: 'Retour aux règlements en attente' }).click();
  await expect(page).toHaveURL(PENDING_PAYMENTS);
  expect(await windowStillMarked(page)).toBe(true);

  await page.goto(`${CLIENT}/facturation/factures/FA-12`);
  await expect(heading(page)).toHaveText('Page introuvable');

  // The route matches: the customer sheet loads and tells, in its own words, that there is no such
  // customer; the host's 'Page introuvable' stays out of it.
  await page.goto(`${CLIENT}/gestion-clients/999999`);
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expect(heading(page)).not.toHaveText('Page introuvable');
});

test('going offline shows “Tentative de connexion”, coming back hides it', async ({ page, context }) => {
  await signInAt(page, '/affaires');
  await expect(heading(page)).toHaveText('Affaires');
  await context.setOffline(true);
  const offline = page.getByRole('dialog', { name: 'Tentative de connexion' });
  await expect(offline).toBeVisible();
  await context.setOffline(false);
  await expect(offline).toBeHidden();
  await expect(heading(page)).toHaveText('Affaires');
});

test('an uncaught error and a logged one reach the client-logs endpoint', async ({ page }) => {
  // The SPA calls the API on its own origin (no CORS preflight: server/src/app.ts).
  const logged = (message: string) =>
    page.waitForResponse(
      (response) =>
        response.url() === `${CLIENT}/v3/client-logs/logs/` &&
        response.request().method() === 'POST' &&
        (response.request().postData() ?? '').includes(message),
    );
  // The bell's count cannot be read: the store logs the failure through the logger, at error level.
  await page.route('**/v2/notifications?*', (route) => route.fulfill({ status: 500, json: {} }));
  const viaLogger = logged('Error getting notifications');
  await signInAt(page, '/affaires');
  await expect(heading(page)).toBeVisible();
  const answer = await viaLogger;
  expect(answer.status()).toBe(204);
  expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ logLevel: 5 });

  // Thrown from a timer, outside React: no error boundary sees it, the page's global capture does.
  const uncaught = logged('Erreur client de test : non interceptée');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Erreur client de test : non interceptée');
    });
  });
  expect((await uncaught).status()).toBe(204);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the pages' CSP (script nonce) would refuse.
  test.use({ bypassCSP: true });

  test('the Pix4D home and the not-found screen have no axe violations', async ({ page }) => {
    // Every area is built now (issue 23 built « Mes applications »).
    await signInAt(page, '/applications/pix4d');
    await expect(heading(page)).toHaveText('Pix4D');
    await expect(page.getByRole('heading', { name: "Clés d'API" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${CLIENT}/route-inconnue`);
    await expect(heading(page)).toHaveText('Page introuvable');
    await expectNoAxeViolations(page);
  });
});
