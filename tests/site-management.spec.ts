import {
  budgetFixture,
  hourlyCostsFixture,
  planningFixture,
  progressAfterOtherFixture,
  progressFixture,
  purchasesFixture,
  weekFixture,
} from '../src/features/site-management/testing/siteFixtures';
import { expect, expectNoAxeViolations, type FakeApi, SITE, signIn, test } from './support/fixtures';

const base = '/v2/companies/1';
const job = `${base}/business-jobs/3`;

/** A job to choose, its planning, a week of hours, its purchases and budget; the company's people. */
function serveSite(api: FakeApi) {
  api.on(`GET ${base}/business-jobs`, () => ({
    body: {
      data: [
        {
          id: 3,
          version: 1,
          name: "Réfection cage d'escalier",
          customerId: 8,
          customerName: 'Terrasses du Rhône',
          siteAddress: '',
          deliveryDate: null,
          retainageBasisPoints: 0,
          ownerUserId: null,
          ownerName: null,
          createdAt: '2026-09-14T08:00:00.000Z',
        },
      ],
      info: { hits: 1 },
    },
  }));
  const person = (id: number, firstName: string, lastName: string) => ({
    id,
    locked: false,
    admin: false,
    lastName,
    firstName,
    job: '',
    email: `${firstName.toLowerCase()}@demo.fr`,
    phone: '',
    version: 1,
  });
  api.on(`GET ${base}/users`, () => ({
    body: { data: [person(2, 'Lucas', 'Bernard'), person(3, 'Camille', 'Petit')] },
  }));
  api.on(`GET ${job}/planning`, () => ({ body: { data: planningFixture } }));
  api.on(`GET ${job}/time-entries`, () => ({ body: { data: weekFixture } }));
  api.on(`GET ${job}/purchases`, () => ({ body: { data: purchasesFixture } }));
  api.on(`GET ${job}/budget`, () => ({ body: { data: budgetFixture } }));
  api.on(`POST ${job}/time-entries`, () => ({ body: { data: weekFixture } }));
  api.on(`GET ${job}/progress`, () => ({ body: { data: progressFixture } }));
  api.on(`GET ${base}/hourly-costs`, () => ({ body: { data: hourlyCostsFixture } }));
}

test.describe('<bo-site-management>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('a job chosen: its margin, planning, week of hours and purchases; no axe violations', async ({
    page,
    api,
  }) => {
    serveSite(api);
    await page.goto(`${SITE}/site-management.html`);
    const site = page.locator('bo-site-management');
    await expect(site.getByRole('heading', { level: 2, name: 'Gestion chantier' })).toBeVisible({
      timeout: 20_000,
    });
    await site.getByRole('combobox', { name: 'Affaire' }).fill('cage');
    await site.getByRole('option', { name: /Réfection cage d'escalier/ }).click();
    await expect(site.getByText('Marge actuelle')).toBeVisible();
    await expect(site.getByText('8\u202f303,50\u00a0€')).toBeVisible();
    await expect(site.getByRole('table', { name: "Achats de l'affaire" }).getByRole('row')).toHaveCount(3);
    await expect(site.getByRole('group', { name: /Lucas Bernard/ })).toBeVisible();
    await expect(
      site.getByRole('button', { name: /Télécharger le fichier de la facture LOC-26-00931/ }),
    ).toBeVisible();
    await expect(site.getByRole('textbox', { name: /Avancement du chapitre Finitions/ })).toBeVisible();
    await expect(site.getByRole('textbox', { name: 'Coût horaire de Lucas Bernard, en euros' })).toHaveValue(
      '35',
    );
    await expectNoAxeViolations(page);
  });

  test('a week of hours typed on a phone is sent at once, only the days that changed', async ({
    page,
    api,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    serveSite(api);
    await page.goto(`${SITE}/site-management.html`);
    const site = page.locator('bo-site-management');
    await site.getByRole('combobox', { name: 'Affaire' }).fill('cage');
    await site.getByRole('option', { name: /Réfection cage d'escalier/ }).click();
    const lucas = site.getByRole('group', { name: /Lucas Bernard/ });
    const thursday = lucas.getByRole('textbox').nth(3);
    await thursday.fill('7,5');
    await site.getByRole('button', { name: 'Enregistrer les heures de la semaine' }).click();
    await expect
      .poll(() => api.calls.find((call) => call.method === 'POST' && call.path === `${job}/time-entries`))
      .toBeTruthy();
    const sent = api.calls.find((call) => call.method === 'POST' && call.path === `${job}/time-entries`)!;
    expect(sent.body).toEqual({ entries: [{ userId: 2, day: expect.any(String), minutes: 450 }] });
    // Nothing wider than the phone's screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('progress per chapter by keyboard; a stale save (409) keeps what was typed and saves again', async ({
    page,
    api,
  }) => {
    serveSite(api);
    let posts = 0;
    api.on(`POST ${job}/progress`, () =>
      ++posts === 1
        ? { status: 409, body: { error: { key: 'stale_version' } } }
        : { body: { data: progressAfterOtherFixture } },
    );
    await page.goto(`${SITE}/site-management.html`);
    const site = page.locator('bo-site-management');
    await site.getByRole('combobox', { name: 'Affaire' }).fill('cage');
    await site.getByRole('option', { name: /Réfection cage d'escalier/ }).click();
    const first = site.getByRole('textbox', { name: /Avancement du chapitre Travaux préparatoires/ });
    await expect(first).toHaveValue('40');
    // Someone else's progress is what the next read answers.
    api.on(`GET ${job}/progress`, () => ({ body: { data: progressAfterOtherFixture } }));
    await first.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    await page.keyboard.type('15');
    await page.keyboard.press('Enter');
    await expect(site.getByRole('alert')).toContainText("Quelqu'un a saisi un avancement entre-temps");
    await expect(
      site.getByText(/Dernier avancement : 50\s%\sle 23\/11\/2026 \(Camille Petit\)/),
    ).toBeVisible();
    await expect(first).toHaveValue('45');
    await expect(site.getByRole('textbox', { name: /Avancement du chapitre Finitions/ })).toHaveValue('15');
    await site.getByRole('button', { name: "Enregistrer l'avancement" }).click();
    await expect.poll(() => posts).toBe(2);
    const sent = api.calls.filter((call) => call.method === 'POST' && call.path === `${job}/progress`);
    expect(sent[1]!.body).toMatchObject({
      version: 3,
      chapters: [
        { chapter: 'Travaux préparatoires', percentBasisPoints: 4_500 },
        { chapter: 'Finitions', percentBasisPoints: 1_500 },
      ],
    });
    await expect(page.getByText(/Avancement enregistré/).first()).toBeVisible();
  });
});
