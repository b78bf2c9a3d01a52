import { activityRows } from '../src/features/activity/testing/activityFixtures';
import { expect, expectNoAxeViolations, type FakeApi, SITE, signIn, test } from './support/fixtures';

const base = '/v2/companies/1';

/** The log's answers, filtered by kind as the server would; the users of the user filter. */
function serveActivity(api: FakeApi) {
  api.on(`GET ${base}/activity`, ({ search }) => {
    const kind = search.get('kind');
    const rows = activityRows.filter((row) => !kind || row.kind === kind);
    return { body: { data: rows, total: rows.length } };
  });
  api.on(`GET ${base}/users`, () => ({
    body: {
      data: [
        {
          id: 1,
          locked: false,
          admin: true,
          lastName: 'Martin',
          firstName: 'Sophie',
          job: '',
          email: 'admin@demo.fr',
          phone: '',
          version: 1,
        },
      ],
    },
  }));
  // The fake API answers JSON only: the file's name is then the element's own.
  api.on(`GET ${base}/activity/export`, () => ({ body: {} }));
}

test.describe('<bo-activity-log>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('the company log: who did what and when, filters, CSV, no axe violations', async ({ page, api }) => {
    serveActivity(api);
    await page.goto(`${SITE}/activity-log.html`);
    const log = page.locator('bo-activity-log');
    // The element's chunk may take a while on a busy machine.
    await expect(log.getByRole('heading', { level: 2 })).toHaveText("Journal d'activité", {
      timeout: 20_000,
    });
    const rows = log.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(activityRows.length + 1);
    await expect(rows.nth(1)).toContainText('Facture FA-2026-00017 repassée en PROVISOIRE');
    await expect(rows.nth(3)).toContainText('Système');
    await expectNoAxeViolations(page);

    await log.getByLabel("Type d'événement").selectOption('quote.accepted');
    await expect(rows).toHaveCount(2);
    expect(
      api.calls.some(
        (call) => call.path === `${base}/activity` && call.search.get('kind') === 'quote.accepted',
      ),
    ).toBe(true);

    const download = page.waitForEvent('download');
    await log.getByRole('button', { name: 'Télécharger (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^suivi-activite.*\.csv$/);
    const exported = api.calls.find((call) => call.path === `${base}/activity/export`);
    expect(exported?.search.get('kind')).toBe('quote.accepted');
  });
});
