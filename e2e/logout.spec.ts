import { expect, type Page, test } from '@playwright/test';
import { CLIENT, PLATFORM } from './playwright.config';
import { accessToken, submitSignIn } from './support/signIn';

/**
 * Logout ends the server-side session (the old token is refused afterwards), from the SPA too;
 * a link on another site only reaches a confirmation page.
 */

async function signInAt(page: Page, url: string) {
  await page.goto(url);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await submitSignIn(page);
  await expect(page).toHaveURL(url);
}

async function tokenStatus(page: Page, token: string): Promise<number> {
  const answer = await page.request.get(`${PLATFORM}/api/jwt/access-token/is-valid`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return answer.status();
}

test('Se déconnecter in the SPA ends the session: the old token is refused', async ({ page }) => {
  // The user's authorization is held back until the profile menu is open: the bar then gains
  // 'Gestion chantier' (the company's scope) before 'Profil', as when a loaded box answers late
  // (issue 27: the menu opened by a click as the page settled closed again).
  let menuOpen!: () => void;
  const opened = new Promise<void>((resolve) => {
    menuOpen = resolve;
  });
  await page.route('**/v2/users/*/authorization', async (route) => {
    await opened;
    await route.continue();
  });
  await signInAt(page, `${CLIENT}/gestion-clients`);
  const token = await accessToken(page);
  expect(await tokenStatus(page, token)).toBe(200);

  const menubar = page.getByRole('menubar', { name: 'Menu principal' });
  const logOut = page.getByRole('menuitem', { name: 'Se déconnecter' });
  await menubar.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(logOut).toBeVisible();
  menuOpen();
  await expect(menubar.getByRole('menuitem', { name: 'Gestion chantier' })).toBeVisible();
  await expect(logOut).toBeVisible();
  await logOut.click();
  await expect(page.getByText('Vous êtes déconnecté.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(await tokenStatus(page, token)).toBe(401);
});

test('a link to /logout on another site only asks; the button logs out', async ({ page }) => {
  await signInAt(page, `${PLATFORM}/app/my-account`);
  const token = await accessToken(page);

  // A page of another site, served by the browser's request routing.
  await page.route('http://autre-site.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="fr"><title>Autre site</title><a href="${PLATFORM}/logout">Cliquez ici</a></html>`,
    }),
  );
  await page.goto('http://autre-site.test/');
  await page.getByRole('link', { name: 'Cliquez ici' }).click();
  await expect(page).toHaveURL(`${PLATFORM}/logout`);
  await expect(page.getByText('Voulez-vous vous déconnecter ?')).toBeVisible();
  expect(await tokenStatus(page, token)).toBe(200);

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByText('Vous êtes déconnecté.')).toBeVisible();
  expect(await tokenStatus(page, token)).toBe(401);
  await page.goto(`${PLATFORM}/app/my-account`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
