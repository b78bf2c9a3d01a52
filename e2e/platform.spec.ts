import { expect, type Page, test } from '@playwright/test';
import { CLIENT, PLATFORM } from './playwright.config';
import { submitSignIn } from './support/signIn';

/** The unread count the API gives the signed-in user, with the token the page holds. */
async function unreadFromApi(page: Page): Promise<number> {
  return page.evaluate(async (api) => {
    const token = document.cookie.match(/appAccessToken=([^;]+)/)?.[1];
    const answer = await fetch(`${api}/v2/notifications?limit=1&offset=0`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await answer.json()).info.totalUnreads as number;
  }, PLATFORM);
}

test('a person signs in from a platform page, sees the menu and the bell filled from the database, and reaches the client', async ({
  page,
}) => {
  await page.goto(`${PLATFORM}/app/my-account`);
  await expect(page).toHaveURL(
    `${PLATFORM}/login?redirect=${encodeURIComponent(`${PLATFORM}/app/my-account`)}`,
  );
  await submitSignIn(page, 'admin@demo.fr');
  await expect(page).toHaveURL(`${PLATFORM}/app/my-account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();

  const menu = page.getByRole('menubar', { name: 'Menu principal' });
  await expect(menu.getByRole('menuitem', { name: 'Gestion chantier' })).toBeVisible();
  const unread = await unreadFromApi(page);
  expect(unread).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: `Notifications, ${unread} non lues` })).toBeVisible();

  await page.getByRole('button', { name: `Notifications, ${unread} non lues` }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText(/^5 \/ \d+$/)).toBeVisible();
  await panel.getByRole('button', { name: 'Afficher plus' }).click();
  await expect(panel.getByText(/^10 \/ \d+$/)).toBeVisible();

  await page.goto(`${CLIENT}/`);
  await expect(page).toHaveURL(`${CLIENT}/facturation/reglements/en-attente`);
  await expect(page.getByRole('heading', { level: 1, name: 'Règlements en attente' })).toBeVisible();
});

test('a user of the other company has no Gestion chantier entry, and Se déconnecter signs out', async ({
  page,
}) => {
  await page.goto(`${PLATFORM}/login?redirect=${encodeURIComponent(`${PLATFORM}/app/reporting`)}`);
  await submitSignIn(page, 'user@autre-demo.fr');
  await expect(page).toHaveURL(`${PLATFORM}/app/reporting`);
  const menu = page.getByRole('menubar', { name: 'Menu principal' });
  await expect(menu.getByRole('menuitem', { name: 'Devis' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Gestion chantier' })).toHaveCount(0);

  await menu.getByRole('menuitem', { name: 'Profil' }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.goto(`${PLATFORM}/app/reporting`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('wrong credentials get one French message that does not say which part was wrong', async ({ page }) => {
  await page.goto(`${PLATFORM}/login`);
  await page.getByLabel('Adresse email').fill('admin@demo.fr');
  await page.getByLabel('Mot de passe').fill('mauvais');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Adresse email ou mot de passe incorrect.')).toBeVisible();
  await expect(page.getByLabel('Adresse email')).toHaveValue('admin@demo.fr');
});
