import type { Page } from '@playwright/test';
import { events, groupDetail, groupRows } from '../src/features/applications/testing/measureFixtures';
import { API, expect, expectNoAxeViolations, type FakeApi, SITE, signIn, test } from './support/fixtures';

const base = '/v2/companies/1';

function serveGroups(api: FakeApi) {
  api.on(`GET ${base}/measure-groups`, ({ search }) => {
    const q = search.get('q')?.toLowerCase() ?? '';
    const rows = groupRows.filter((row) => row.name.toLowerCase().includes(q));
    return { body: { data: rows, info: { hits: rows.length } } };
  });
  api.on(`GET ${base}/business-jobs`, () => ({
    body: {
      data: [
        {
          id: 3,
          version: 1,
          name: 'Réaménagement fournil Mercier',
          customerId: 8,
          customerName: 'Boulangerie Mercier',
          siteAddress: '',
          deliveryDate: null,
          retainageBasisPoints: 0,
          ownerUserId: null,
          ownerName: null,
        },
      ],
      info: { hits: 1 },
    },
  }));
}

function serveGroup(api: FakeApi) {
  api.on(`GET ${base}/measure-groups/12`, () => ({ body: { data: groupDetail } }));
  api.on(`GET ${base}/measure-groups/12/events`, () => ({
    body: { data: events, info: { hits: events.length } },
  }));
}

/** The import sends its file name in X-File-Name: the fake API's preflight allows it too. */
async function allowFileNameHeader(page: Page) {
  await page.route(`${API}/**`, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.fulfill({
          status: 204,
          headers: {
            'Access-Control-Allow-Origin': SITE,
            'Access-Control-Allow-Credentials': 'true',
            'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, X-File-Name',
          },
        })
      : route.fallback(),
  );
}

const list = (page: Page) => page.locator('bo-measure-groups');
const group = (page: Page) => page.locator('bo-measure-group');

test.describe('<bo-measure-groups>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test("lists the application's groups, searches them, and has no axe violations", async ({ page, api }) => {
    serveGroups(api);
    await page.goto(`${SITE}/measure-groups.html`);
    // The list's chunk may take a while on a busy machine.
    await expect(list(page).getByRole('heading', { level: 2 })).toHaveText('Groupes de mesures Pix4D', {
      timeout: 20_000,
    });
    const rows = list(page).getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Toiture-terrasse bâtiment A');
    await expect(rows.nth(1)).toContainText('1\u202f234,5\u00a0m²');
    const first = api.calls.find((call) => call.path === `${base}/measure-groups`);
    expect(first?.search.get('application')).toBe('pix4d');
    expect(first?.search.get('sort')).toBe('-date');
    await expectNoAxeViolations(page);

    await list(page).getByRole('searchbox', { name: 'Rechercher un groupe' }).fill('parking');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Terrassement parking');
  });

  test('« Nouveau groupe de mesures » creates the group and says so', async ({ page, api }) => {
    serveGroups(api);
    api.on(`POST ${base}/measure-groups`, ({ body }) => ({
      body: { data: { ...groupDetail, ...(body as object), id: 40, measures: [], quotes: [] } },
    }));
    await page.goto(`${SITE}/measure-groups.html`);
    const created = page.evaluate(
      () =>
        new Promise((resolve) =>
          document.addEventListener(
            'bo-measure-group-created',
            (event) => resolve((event as CustomEvent).detail),
            {
              once: true,
            },
          ),
        ),
    );
    await list(page).getByRole('button', { name: 'Nouveau groupe de mesures' }).click({ timeout: 20_000 });
    const dialog = list(page).getByRole('dialog', { name: 'Nouveau groupe de mesures' });
    await dialog.getByLabel('Nom du groupe').fill('Façade nord');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Créer le groupe' }).click();
    await expect(page.getByText('Groupe « Façade nord » créé.')).toBeVisible();
    expect(await created).toEqual({ id: 40, application: 'pix4d' });
    const post = api.calls.find((call) => call.method === 'POST' && call.path === `${base}/measure-groups`);
    expect(post?.body).toEqual({ application: 'pix4d', name: 'Façade nord', businessJobId: null });
  });
});

test.describe('<bo-measure-group>', () => {
  test.beforeEach(({ page }) => signIn(page));

  test('shows the measures, totals, job, quotes and events, with no axe violations', async ({
    page,
    api,
  }) => {
    serveGroup(api);
    await page.goto(`${SITE}/measure-group.html`);
    await expect(group(page).getByRole('heading', { level: 2 }).first()).toHaveText(
      'Groupe de mesures : Toiture-terrasse bâtiment A',
      { timeout: 20_000 },
    );
    await expect(group(page).getByRole('table', { name: 'Mesures' }).getByRole('row')).toHaveCount(4);
    await expect(group(page).getByRole('region', { name: 'Totaux par type' })).toContainText(
      '1\u202f234,5\u00a0m²',
    );
    await expect(group(page).getByRole('link', { name: 'DE-2026-00012', exact: true })).toBeVisible();
    await expect(group(page).getByText('Surface toiture : 980\u00a0m² → 1\u202f004,5\u00a0m²')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a refused file: the French reasons listed, nothing typed lost', async ({ page, api }) => {
    serveGroup(api);
    await allowFileNameHeader(page);
    api.on(`POST ${base}/measure-groups/12/import`, () => ({
      status: 422,
      body: {
        error: {
          key: 'measure_import_refused',
          reasons: [
            'Ligne 12 : unité inconnue « pieds ».',
            'Ligne 19 : la surface ne peut pas être négative.',
          ],
        },
      },
    }));
    await page.goto(`${SITE}/measure-group.html`);
    const name = group(page).getByRole('textbox', { name: 'Nom du groupe' });
    await name.fill('Toiture A (en cours)', { timeout: 20_000 });
    await group(page)
      .getByLabel('Choisir un fichier', { exact: true })
      .and(page.locator('input[type=file]'))
      .setInputFiles({
        name: 'export toiture.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('nom;valeur\n'),
      });
    await group(page).getByRole('button', { name: 'Importer le fichier' }).click();
    const alert = group(page).getByRole('alert');
    await expect(alert).toContainText("Le fichier n'a pas été importé : rien n'a été enregistré.");
    await expect(alert.getByRole('listitem')).toHaveText([
      'Ligne 12 : unité inconnue « pieds ».',
      'Ligne 19 : la surface ne peut pas être négative.',
    ]);
    await expect(name).toHaveValue('Toiture A (en cours)');
    const upload = api.calls.find((call) => call.path === `${base}/measure-groups/12/import`);
    expect(upload?.headers['x-file-name']).toBe('export%20toiture.csv');
    expect(upload?.headers['content-type']).toBe('text/csv');
    await expectNoAxeViolations(page);
  });

  test('a save after someone else saved: 409, the typing stays, the French sentence shows', async ({
    page,
    api,
  }) => {
    serveGroup(api);
    api.on(`POST ${base}/measure-groups/12/edit`, () => ({
      status: 409,
      body: { error: { key: 'stale_version' } },
    }));
    await page.goto(`${SITE}/measure-group.html`);
    const name = group(page).getByRole('textbox', { name: 'Nom du groupe' });
    await name.fill('Toiture A', { timeout: 20_000 });
    await group(page).getByRole('button', { name: 'Enregistrer le groupe' }).click();
    await expect(group(page).getByRole('alert')).toContainText(
      "Quelqu'un d'autre a enregistré ces informations pendant votre saisie",
    );
    await expect(name).toHaveValue('Toiture A');
    await expect(group(page).getByRole('button', { name: 'Recharger le groupe' })).toBeVisible();
  });
});
