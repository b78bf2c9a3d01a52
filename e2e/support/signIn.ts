import { expect, type Page } from '@playwright/test';
import { CLIENT, PLATFORM } from '../playwright.config';

/** Every demo account's password (server/src/db/seed.ts). */
const demoPassword = 'demo1234';

/** Fills the server's sign-in form, shown on the page, with a demo account and sends it. */
export async function submitSignIn(page: Page, email = 'user@demo.fr') {
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe').fill(demoPassword);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * Opens a client page without a session: the SPA sends the browser to the server's /login with the
 * page's address, and after signing in the browser is back on that page.
 */
export async function signInAt(page: Page, path: string, email = 'user@demo.fr') {
  await page.goto(`${CLIENT}${path}`);
  await expect(page).toHaveURL(`${PLATFORM}/login?redirect=${encodeURIComponent(`${CLIENT}${path}`)}`);
  await submitSignIn(page, email);
  await expect(page).toHaveURL(`${CLIENT}${path}`);
}

/** The access token the signed-in page holds (the platform's cookie), or '' without a session. */
export async function accessToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(PLATFORM)).find((c) => c.name === 'appAccessToken');
  return cookie?.value ?? '';
}
