import { expect, type Page, test } from '@playwright/test';
import { signInAt } from './support/signIn';

/**
 * Issue 26, item 2: after an upload the logo's preview showed « L'image n'a pas pu être chargée. »
 * because the page's CSP refused the image the SPA builds from the authenticated download (a blob:
 * URL). This file keeps the server's CSP (no bypassCSP, unlike the axe-scanning specs): the preview
 * must be the stored image, decoded (naturalWidth > 0), with no CSP violation on the page.
 */

/** A 2 × 1 PNG (red, blue). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==',
  'base64',
);

/** Every CSP violation the page reports from now on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Waits until the image is decoded, then its natural width. */
const naturalWidth = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate(async (node) => {
    const image = node as HTMLImageElement;
    if (!image.complete) await new Promise((done) => image.addEventListener('load', done, { once: true }));
    return image.naturalWidth;
  });

test('an uploaded logo previews as stored, under the CSP of the client page', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await recordViolations(page);
  await signInAt(page, '/preferences/infos-entreprise', 'admin@demo.fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Informations de l'entreprise");
  const csp = (await page.request.get(page.url())).headers()['content-security-policy'] ?? '';
  // Strict still: images from the page's origin, data: and the page's own blob: URLs only.
  expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);

  const uploaded = page.waitForResponse((response) => /\/logo$/.test(response.url()));
  await page
    .getByLabel('Choisir un logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  expect((await uploaded).status()).toBe(200);
  const logo = page.getByRole('img', { name: "Logo de l'entreprise" });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /^blob:/);
  expect(await naturalWidth(page, "Logo de l'entreprise")).toBeGreaterThan(0);
  await expect(page.getByText("L'image n'a pas pu être chargée.")).toHaveCount(0);
  expect(await violations()).toEqual([]);

  // Opened again, the page shows the stored logo the same way.
  await page.reload();
  await expect(logo).toBeVisible({ timeout: 20_000 });
  expect(await naturalWidth(page, "Logo de l'entreprise")).toBeGreaterThan(0);
  await expect(page.getByText("L'image n'a pas pu être chargée.")).toHaveCount(0);
  expect(await violations()).toEqual([]);
});
