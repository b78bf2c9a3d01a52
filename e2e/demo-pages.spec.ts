import { expect, test } from '@playwright/test';
import { CLIENT, PLATFORM } from './playwright.config';
import { submitSignIn } from './support/signIn';

/**
 * The demo pages (/demo/) follow the server's configured origins: this run's ports are not 3000
 * and 3001, and nothing may lead there.
 */
for (const demo of ['blank.html', 'hostile-css.html']) {
  test(`/demo/${demo} is configured with this server's origins`, async ({ page }) => {
    const address = `${PLATFORM}/demo/${demo}`;
    await page.goto(address);
    // Without a session, to this server's login, and back.
    await expect(page).toHaveURL(`${PLATFORM}/login?redirect=${encodeURIComponent(address)}`);
    await submitSignIn(page, 'admin@demo.fr');
    await expect(page).toHaveURL(address);

    const config = JSON.parse((await page.locator('#bo-config').textContent()) ?? '{}');
    expect(config).toMatchObject({ platformOrigin: PLATFORM, clientOrigin: CLIENT, apiHost: PLATFORM });
    const menu = page.getByRole('menubar', { name: 'Menu principal' });
    await expect(menu.getByRole('menuitem', { name: 'Gestion clients' })).toHaveAttribute(
      'href',
      `${CLIENT}/gestion-clients`,
    );
    await menu.getByRole('menuitem', { name: 'Profil' }).click();
    await expect(page.getByRole('menuitem', { name: 'Mon compte' })).toHaveAttribute(
      'href',
      `${PLATFORM}/app/my-account`,
    );
    expect(await page.content()).not.toMatch(/localhost:300[01]\b/);
  });
}
