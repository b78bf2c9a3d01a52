import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { desktopChromium } from './support/browser';
import { COMPONENT_ONLY, expect, expectNoAxeViolations, routeSite, SITE, test } from './support/fixtures';

/** Components as a React host renders them, through the built Storybook (npm run build-storybook). */
// The a11y addon would run axe itself after every render: `expectNoAxeViolations` runs it once.
const storyUrl = (id: string) =>
  `${SITE}/storybook-static/iframe.html?id=${id}&viewMode=story&globals=a11y.manual:!true`;

async function openStory(page: Page, id: string) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(storyUrl(id));
  await page.locator('#storybook-root > *').first().waitFor();
  return errors;
}

const index = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'storybook-static', 'index.json'), 'utf8'),
) as {
  entries: Record<string, { id: string; type: string }>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

/**
 * One page per worker for the stories: loading Storybook's preview costs 2 to 6 s on a busy 2-core
 * machine. The page is loaded once; every story after the first is shown the way Storybook's own
 * manager shows it (a user moving from story to story, across components), by asking the preview
 * over its channel and waiting for it to say the story rendered (or failed). The stories run in one
 * worker in file order, so what one story leaves in a module is the same at every run.
 */
const storyTest = base.extend<object, { storyPage: { page: Page; loaded: boolean } }>({
  storyPage: [
    async ({ browser }, use) => {
      const { viewport, locale, timezoneId, userAgent, deviceScaleFactor } = desktopChromium ?? {};
      const context = await browser.newContext({
        viewport,
        locale,
        timezoneId,
        userAgent,
        deviceScaleFactor,
      });
      const page = await context.newPage();
      await routeSite(page);
      await use({ page, loaded: false });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

async function showStory(shared: { page: Page; loaded: boolean }, story: { id: string }) {
  const { page } = shared;
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  if (!shared.loaded) {
    await page.goto(storyUrl(story.id));
    shared.loaded = true;
  } else {
    const outcome = await page.evaluate(
      (storyId) =>
        new Promise<string>((resolve) => {
          type Channel = {
            on: (event: string, listener: (...args: unknown[]) => void) => void;
            off: (event: string, listener: (...args: unknown[]) => void) => void;
            emit: (event: string, payload: unknown) => void;
          };
          const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
            .__STORYBOOK_ADDONS_CHANNEL__;
          const events = ['storyRendered', 'storyErrored', 'storyThrewException', 'storyMissing'];
          const listeners = events.map((event) => {
            const listener = () => {
              for (const [i, name] of events.entries()) channel.off(name, listeners[i]!);
              resolve(event);
            };
            channel.on(event, listener);
            return listener;
          });
          channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
        }),
      story.id,
    );
    if (outcome !== 'storyRendered') errors.push(`${story.id}: ${outcome}`);
  }
  await page.locator('#storybook-root > *').first().waitFor();
  page.off('pageerror', onError);
  return errors;
}

storyTest.describe('every story', () => {
  for (const story of stories) {
    storyTest(`${story.id} renders without errors or accessibility violations`, async ({ storyPage }) => {
      const errors = await showStory(storyPage, story);
      // The render-error story fails on purpose and shows the boundary's message.
      if (story.id !== 'shell-feedback--render-error') expect(errors).toEqual([]);
      await expectNoAxeViolations(storyPage.page, COMPONENT_ONLY);
    });
  }
});

test.describe('Modal', () => {
  test('takes focus, closes on Escape and gives focus back', async ({ page }) => {
    await openStory(page, 'shell-modal--closed');
    const opener = page.getByRole('button', { name: 'Ouvrir la fenêtre' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Valider le règlement' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    // Focus stays inside: the page behind is inert while the modal is open.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          () =>
            document.activeElement?.closest('dialog') !== null || document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('closes on a backdrop click, not on a click inside', async ({ page }) => {
    await openStory(page, 'shell-modal--content');
    const dialog = page.getByRole('dialog', { name: 'Valider le règlement' });
    await dialog.getByText(/Le règlement de la facture/).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 10);
    await expect(dialog).toBeHidden();
  });

  test('is 720 px wide by default and 620 px narrow', async ({ page }) => {
    await openStory(page, 'shell-modal--content');
    expect((await page.getByRole('dialog').boundingBox())?.width).toBe(720);
    await openStory(page, 'shell-modal--narrow');
    expect((await page.getByRole('dialog').boundingBox())?.width).toBe(620);
  });

  test('gets 60 px above and below when taller than 90 % of the window', async ({ page }) => {
    await openStory(page, 'shell-modal--tall');
    const panel = page.getByRole('dialog').locator('> div');
    const margins = await panel.evaluate((node) => [
      getComputedStyle(node).marginTop,
      getComputedStyle(node).marginBottom,
    ]);
    expect(margins).toEqual(['60px', '60px']);
    await openStory(page, 'shell-modal--content');
    const short = await page
      .getByRole('dialog')
      .locator('> div')
      .evaluate((node) => getComputedStyle(node).marginTop);
    expect(short).toBe('0px');
  });

  test('shows a spinner while loading', async ({ page }) => {
    await openStory(page, 'shell-modal--loading');
    await expect(page.getByRole('dialog').getByRole('status')).toHaveText('Chargement…');
  });
});
