import { expect, type Page, test } from '@playwright/test';
import { CLIENT, PLATFORM } from './playwright.config';
import { signInAt } from './support/signIn';

/**
 * Issue 27: no console error on any screen, the pages' CSP included. An administrator walks through
 * every SPA area and every platform page, each loaded and its data shown; whatever the browser logs
 * as an error (a script's, a failed request's, a CSP violation's) is collected and must be nothing.
 */

const spaScreens = [
  '/',
  '/affaires',
  '/affaires/nouvelle',
  '/affaires/devis',
  '/mes-affaires',
  '/facturation',
  '/facturation/factures',
  '/facturation/simple',
  '/facturation/exports',
  '/facturation/reglements/en-attente',
  '/facturation/reglements/recus',
  '/gestion-clients',
  '/gestion-clients/nouveau',
  '/applications',
  '/preferences/mon-compte',
  '/preferences/infos-entreprise',
  '/preferences/gestion-utilisateurs',
  '/preferences/gestion-tva',
  '/preferences/gestion-facture',
  '/preferences/document-devis',
  '/preferences/couts-et-prix',
  '/preferences/gestion-comptabilite',
];

const platformPages = [
  '/app/my-account',
  '/app/prive/#/elaboration-devis',
  '/app/prive/#/base-donnees',
  '/app/prive/#/gestion-chantier',
  '/app/applications/',
  '/app/reporting',
  '/app/enterprise/export-data',
];

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** The screen is there and has asked for all it shows (no request left in flight). */
async function shown(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('every SPA screen and platform page loads without a console error, CSP included', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await signInAt(page, '/facturation', 'admin@demo.fr');
  await shown(page);
  for (const path of spaScreens) {
    await page.goto(`${CLIENT}${path}`);
    await shown(page);
  }
  for (const path of platformPages) {
    await page.goto(`${PLATFORM}${path}`);
    await shown(page);
  }
  expect(errors).toEqual([]);
});
