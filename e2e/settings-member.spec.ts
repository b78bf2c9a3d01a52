import { expect, test } from '@playwright/test';
import { signInAt } from './support/signIn';

/**
 * Issue 26, item 4: a member who is not an administrator used to find the admin-only settings
 * greyed, with « Action réservée aux administrateurs » some 1 600 px down. The page says it at its
 * top, in view on arrival, and shows no control the server would refuse.
 */
test('a member opens admin-only settings: told at the top, nothing offered that would be refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, '/preferences/infos-entreprise', 'user@demo.fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Informations de l'entreprise");
  const notice = page.getByText(
    'Réservé aux administrateurs : vous pouvez consulter ces réglages, pas les modifier.',
  );
  await expect(notice).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Raison sociale' })).not.toBeEditable();
  await expect(page.getByLabel('Choisir un logo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await expect(page.getByText('Action réservée aux administrateurs')).toHaveCount(0);

  // The VAT rates: readable, but no « Nouveau taux de TVA » for a member.
  await page.getByRole('link', { name: 'Gestion de la TVA' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestion de la TVA');
  await expect(
    page.getByText('Réservé aux administrateurs : vous pouvez consulter ces réglages, pas les modifier.'),
  ).toBeInViewport();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nouveau taux de TVA' })).toHaveCount(0);
});
