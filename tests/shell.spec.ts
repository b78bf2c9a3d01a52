import {
  API,
  expect,
  expectNoAxeViolations,
  loadAllFonts,
  PLATFORM,
  SITE,
  signIn,
  test,
  token,
} from './support/fixtures';

const offlineText =
  'Nous essayons de vous reconnecter. Si le problème persiste, vous pouvez essayer de rafraîchir la page en appuyant sur CTRL + R sur PC ou CMD + R sur Mac.';

test.describe('<bo-shell> from dist/define.js', () => {
  test('signed in: nothing covers the page, the authorization is loaded with the bearer token', async ({
    page,
    api,
  }) => {
    const value = token();
    await signIn(page, value);
    await page.goto(`${SITE}/blank.html`);
    await expect.poll(() => api.calls.find((call) => call.path === '/v2/users/7/authorization')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/v2/users/7/authorization')!;
    expect(call.headers.authorization).toBe(`Bearer ${value}`);
    expect(call.headers['content-type']).toBe('application/json');
    await expect(page.getByRole('button', { name: 'Bouton de la page' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the offline modal follows the browser’s offline and online events', async ({ page, context }) => {
    await signIn(page);
    await page.goto(`${SITE}/blank.html`);
    await context.setOffline(true);
    const dialog = page.getByRole('dialog', { name: 'Tentative de connexion' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(offlineText);
    await expectNoAxeViolations(page);
    // Not dismissible: Escape leaves it while the browser is offline.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await context.setOffline(false);
    await expect(dialog).toBeHidden();
  });

  test('without a token the browser goes to the platform login, with the current address', async ({
    page,
  }) => {
    await page.goto(`${SITE}/blank.html?x=1`);
    await page.waitForURL(`${PLATFORM}/login?**`);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${SITE}/blank.html?x=1`);
  });

  test('an undecodable token sends the browser to login', async ({ page }) => {
    // The 'Redirection en cours...' message it shows meanwhile is checked in Shell.test.tsx: a page
    // with a navigation pending cannot be inspected from here.
    await signIn(page, 'not-a-token');
    await page.goto(`${SITE}/blank.html`, { waitUntil: 'commit' });
    await page.waitForURL(`${PLATFORM}/login?**`);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${SITE}/blank.html`);
  });

  test("a failed renewal shows 'Vous n'êtes pas connecté !' and redirects after 5 s", async ({
    page,
    api,
  }) => {
    await page.clock.install();
    await signIn(page, token({ iat: Math.floor(Date.now() / 1000) - 80_000 }));
    api.calls.length = 0;
    api.on('GET /api/jwt/access-token/renew', () => ({
      status: 401,
      body: { error: { key: 'unauthorized' } },
    }));
    await page.goto(`${SITE}/blank.html`);
    await page.clock.runFor(2000);
    await expect.poll(() => api.calls.some((call) => call.path === '/api/jwt/access-token/renew')).toBe(true);
    // React commits the lazily loaded screen on a timer of its own: let page time pass.
    await page.clock.runFor(1000);
    const screen = page.getByRole('alertdialog', { name: "Vous n'êtes pas connecté !" });
    await expect(screen).toBeVisible();
    await expect(screen).toContainText('Vous allez être redirigé vers la page de connexion…');
    // The spec's text byte for byte, and no line break between « connecté » and « ! ».
    const heading = screen.getByRole('heading');
    await expect(heading).toHaveText("Vous n'êtes pas connecté !");
    const unbroken = await heading.evaluate((node) =>
      [...node.querySelectorAll('*')]
        .filter((element) => getComputedStyle(element).whiteSpace === 'nowrap')
        .map((element) => element.textContent),
    );
    expect(unbroken).toEqual(['connecté !']);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.clock.runFor(3800);
    expect(page.url()).toBe(`${SITE}/blank.html`);
    await page.clock.runFor(300);
    await page.waitForURL(`${PLATFORM}/login?**`);
  });

  test("'Se connecter' goes to the login page at once", async ({ page, api }) => {
    await signIn(page);
    api.on('GET /api/jwt/access-token/is-valid', () => ({ status: 401, body: {} }));
    await page.clock.install();
    await page.goto(`${SITE}/blank.html`);
    await page.clock.fastForward(75_610_000);
    await expect
      .poll(() => api.calls.some((call) => call.path === '/api/jwt/access-token/is-valid'))
      .toBe(true);
    await page.clock.runFor(1000);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${PLATFORM}/login?**`);
  });

  test('toasts: top centre, newest on top, closed by the user, gone after 10 s', async ({ page }) => {
    await signIn(page);
    await page.clock.install();
    await page.goto(`${SITE}/blank.html`);
    const push = (content: string, type: string) =>
      page.evaluate(
        ([c, t]) => document.dispatchEvent(new CustomEvent('bo-toast', { detail: { content: c, type: t } })),
        [content, type],
      );
    await push('Les informations ont été mises à jour.', 'success');
    await push('Une erreur est survenue lors de la mise à jour.', 'error');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(/Une erreur est survenue/);
    const status = page.getByRole('status').filter({ hasText: 'mises à jour' });
    await expect(status).toBeVisible();
    const region = page.getByRole('region', { name: 'Messages' });
    const box = (await region.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
    expect(box.y).toBeLessThan(40);
    const [first] = await region.locator('> div').allTextContents();
    expect(first).toContain('Une erreur');
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'Fermer' }).click();
    await page.clock.runFor(300);
    await expect(alert).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expect(status).toHaveCount(0);
  });

  test('uncaught errors and unhandled rejections reach POST /v3/client-logs/logs/', async ({ page, api }) => {
    await signIn(page);
    await page.goto(`${SITE}/blank.html`);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Erreur non capturée');
      });
      void Promise.reject(new Error('Promesse rejetée'));
    });
    await expect
      .poll(() => api.logs.map((log) => log.message))
      .toEqual(expect.arrayContaining(['Uncaught Error: Erreur non capturée', 'Promesse rejetée']));
    const log = api.logs.find((entry) => entry.message === 'Promesse rejetée')!;
    expect(log).toMatchObject({ logLevel: 5, serviceName: 'bo-elements', userId: 7, userDomain: 'bo.test' });
    expect(String(log.errorStackTrace)).toContain('Promesse rejetée');
  });

  test('loading define.js twice keeps the first definitions', async ({ page }) => {
    await signIn(page);
    await page.goto(`${SITE}/blank.html`);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A second <script> tag, as a page that includes the library twice: its load event comes once
    // the second copy has run, so any error it threw is in by then.
    await page.addScriptTag({ type: 'module', url: '/dist/define.js?second-copy' });
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('bo-shell').length)).toBe(1);
  });

  test('hostile page CSS changes nothing inside the elements', async ({ page, context }) => {
    const shoot = async (path: string) => {
      await signIn(page);
      await page.goto(`${SITE}/${path}`);
      await context.setOffline(true);
      const dialog = page.getByRole('dialog', { name: 'Tentative de connexion' });
      await expect(dialog).toBeVisible();
      await loadAllFonts(page);
      const styles = await dialog.evaluate((node) => {
        const paragraph = node.querySelector('p')!;
        const css = getComputedStyle(paragraph);
        return {
          font: css.fontFamily,
          color: css.color,
          size: css.fontSize,
          background: getComputedStyle(node.firstElementChild!).backgroundColor,
        };
      });
      const shot = await dialog.screenshot({ animations: 'disabled' });
      await context.setOffline(false);
      return { styles, shot };
    };
    const blank = await shoot('blank.html');
    const hostile = await shoot('hostile.html');
    expect(hostile.styles).toEqual(blank.styles);
    expect(blank.styles.font).toContain('Poppins');
    expect(hostile.shot.equals(blank.shot)).toBe(true);
  });
});

test('the API host is the configured one', async () => {
  expect(API).toBe('http://api.test');
});
