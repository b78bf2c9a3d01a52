import { expect, type Page, test } from '@playwright/test';
import { CLIENT, PLATFORM } from './playwright.config';
import { submitSignIn } from './support/signIn';

/** A phone: 390 px wide. Nothing may make the page scroll sideways or spill out of its box. */
test.use({ viewport: { width: 390, height: 844 } });

async function signIn(page: Page, address: string) {
  await page.goto(`${PLATFORM}/login?redirect=${encodeURIComponent(address)}`);
  await submitSignIn(page, 'admin@demo.fr');
  await expect(page).toHaveURL(address);
}

/** The page's width, and the boxes of `scope` whose content is wider than they are. */
function overflow(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const spilling = [...document.querySelectorAll(`${selector}, ${selector} *`)]
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.display === 'inline' || /auto|scroll|hidden/.test(style.overflowX)) return false;
        return element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 40)}`);
    return { width: document.documentElement.scrollWidth, spilling };
  }, scope);
}

test('Mon compte fits a 390 px screen', async ({ page }) => {
  await signIn(page, `${PLATFORM}/app/my-account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByText('81234567600017')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  const { width, spilling } = await overflow(page, 'main');
  expect(width).toBeLessThanOrEqual(390);
  expect(spilling).toEqual([]);
});

test('the preferences fit a 390 px screen, their menu above the page', async ({ page }) => {
  await signIn(page, `${CLIENT}/preferences/mon-compte`);
  const menu = page.getByRole('navigation', { name: 'Préférences' });
  await expect(menu.getByRole('link')).toHaveCount(14);
  const title = page.getByRole('heading', { level: 1, name: 'Mon compte' });
  // The loading screen shows the same heading before the page replaces it: measure the loaded page.
  await expect(page.getByRole('textbox', { name: /^Prénom/ })).toBeVisible();
  await expect(title).toBeVisible();
  const { width, spilling } = await overflow(page, 'main');
  expect(width).toBeLessThanOrEqual(390);
  expect(spilling).toEqual([]);
  const menuBox = (await menu.boundingBox())!;
  expect((await title.boundingBox())!.y).toBeGreaterThan(menuBox.y + menuBox.height);
});
