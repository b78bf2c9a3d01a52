import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../tests/support/fixtures';
import { PLATFORM } from './playwright.config';

/**
 * The sign-in page: the product's name, Poppins, the form centred, and French messages in the
 * page rather than the browser's English bubbles.
 */
test('says in French, under each field, what is missing or malformed, and focuses the first', async ({
  page,
}) => {
  await page.goto(`${PLATFORM}/login`);
  await expect(page.getByText('bo-elements', { exact: true })).toBeVisible();
  const email = page.getByLabel('Adresse email');
  const password = page.getByLabel('Mot de passe');
  const submit = page.getByRole('button', { name: 'Se connecter' });

  await submit.click();
  // No native bubble stopped the submit: the page's own messages are there.
  await expect(page).toHaveURL(`${PLATFORM}/login`);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Ce champ est obligatoire.');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Ce champ est obligatoire.');
  await expect(email).toBeFocused();

  await email.fill('pas-une-adresse');
  await submit.click();
  await expect(email).toHaveAccessibleDescription('Ce champ doit être une adresse email valide.');
  await expect(email).toBeFocused();

  await email.fill('admin@demo.fr');
  await expect(email).not.toHaveAttribute('aria-invalid', /.*/);
  await submit.click();
  await expect(password).toBeFocused();
  await expect(page.getByText('Ce champ doit être une adresse email valide.')).toBeHidden();

  await password.fill('demo1234');
  await expect(password).not.toHaveAttribute('aria-invalid', /.*/);
  await submit.click();
  await expect(page).toHaveURL(`${PLATFORM}/app/my-account`);
});

for (const width of [1280, 390]) {
  test(`at ${width} px: Poppins, the card centred, nothing wider than the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${PLATFORM}/login`);
    await page.evaluate(() => document.fonts.ready);
    const looks = await page.evaluate(() => ({
      font: getComputedStyle(document.getElementById('email')!).fontFamily,
      poppins: document.fonts.check('16px Poppins'),
      width: document.documentElement.scrollWidth,
    }));
    expect(looks.font).toMatch(/^Poppins/);
    expect(looks.poppins).toBe(true);
    expect(looks.width).toBeLessThanOrEqual(width);
    const card = (await page.locator('main .card').boundingBox())!;
    expect(Math.abs(card.x + card.width / 2 - width / 2)).toBeLessThan(2);
    expect(Math.abs(card.y + card.height / 2 - 400)).toBeLessThan(60);
  });
}

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the page's CSP rightly refuses.
  test.use({ bypassCSP: true });

  test('the page with its field messages shown has no axe violations', async ({ page }) => {
    await page.goto(`${PLATFORM}/login`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByLabel('Adresse email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  });
});
