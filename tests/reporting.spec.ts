import {
  marginsFixture,
  seriesFixture,
  summaryFixture,
  vatFixture,
} from '../src/features/reporting/testing/reportingFixtures';
import { expect, expectNoAxeViolations, type FakeApi, SITE, signIn, test } from './support/fixtures';

const base = '/v2/companies/1';

/** The reporting's answers, whatever the period asked (the calls say which one it was). */
function serveReporting(api: FakeApi) {
  api.on(`GET ${base}/settings/accounting`, () => ({
    body: {
      data: {
        customerAccount: '411000',
        prorataAccount: '',
        retainageAccount: '',
        salesAccount: '706000',
        vatAccount: '445710',
        advanceAccount: '',
        reverseChargeAccount: '',
        salesJournalCode: 'VE',
        bankJournalCode: 'BQ',
        fiscalYearStart: '2025-01-01',
        fiscalYearEnd: '2025-12-31',
        version: 1,
      },
    },
  }));
  api.on(`GET ${base}/reporting/summary`, () => ({ body: { data: summaryFixture } }));
  api.on(`GET ${base}/reporting/series`, () => ({ body: { data: seriesFixture } }));
  api.on(`GET ${base}/reporting/margins`, () => ({ body: { data: marginsFixture } }));
  api.on(`GET ${base}/reporting/vat`, () => ({ body: { data: vatFixture } }));
}

test.describe('<bo-reporting>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('the fiscal year: figures, charts with their tables, no axe violations', async ({ page, api }) => {
    serveReporting(api);
    await page.goto(`${SITE}/reporting.html`);
    const reporting = page.locator('bo-reporting');
    // The element's chunk (with the chart library) may take a while on a busy machine.
    await expect(reporting.getByRole('heading', { level: 2 })).toHaveText('Chiffres et graphiques', {
      timeout: 20_000,
    });
    await expect(reporting.getByRole('table', { name: 'Meilleurs clients' })).toBeVisible();
    await expect(reporting.getByText('Facturé TTC (avoirs déduits)')).toBeVisible();
    await expect(reporting.getByText('54\u202f296,70\u00a0€')).toBeVisible();
    // Each chart is an image with its accessible name, drawn on a canvas by the chart library.
    const monthly = reporting.getByRole('img', { name: 'Graphique : Facturé et encaissé par mois' });
    await expect(monthly).toBeVisible();
    // Drawn when it comes into view (a phone's first seconds go to what it shows).
    await monthly.scrollIntoViewIfNeeded();
    await expect(monthly.locator('canvas')).toHaveCount(1);
    // The fiscal year of the settings, shifted to the one that holds today.
    const summary = api.calls.find((call) => call.path === `${base}/reporting/summary`);
    expect(summary?.search.get('from')?.slice(5)).toBe('01-01');
    expect(summary?.search.get('to')?.slice(5)).toBe('12-31');
    await expectNoAxeViolations(page);
  });

  test('another period is asked when chosen; a CSV downloads what a table shows', async ({ page, api }) => {
    serveReporting(api);
    await page.goto(`${SITE}/reporting.html`);
    const reporting = page.locator('bo-reporting');
    await reporting.getByLabel('Période').selectOption('custom', { timeout: 20_000 });
    await reporting.getByLabel('Du').fill('01/03/2026');
    await reporting.getByLabel('Au').fill('31/03/2026');
    await expect
      .poll(() =>
        api.calls.some(
          (call) =>
            call.path === `${base}/reporting/summary` &&
            call.search.get('from') === '2026-03-01' &&
            call.search.get('to') === '2026-03-31',
        ),
      )
      .toBe(true);
    const download = page.waitForEvent('download');
    await reporting.getByRole('button', { name: 'Télécharger en CSV : Créances par ancienneté' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^creances-anciennete_.*\.csv$/);
  });
});
