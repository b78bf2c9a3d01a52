import type { Locator, Page } from '@playwright/test';
import { makeCustomers } from '../src/features/customers/testing/customerFixtures';
import { invoicePage, makeInvoices, vatRates } from '../src/features/invoices/testing/invoiceFixtures';
import { job, users } from '../src/features/jobs/testing/jobFixtures';
import { makeReceived } from '../src/features/payments/testing/paymentFixtures';
import { documentSettingsAnswer } from '../src/features/preferences/testing/documentSettings';
import { editorQuote } from '../src/features/quotes/editor/testing/quoteEditorFixtures';
import { quoteRow } from '../src/features/quotes/list/testing/quoteFixtures';
import {
  expect,
  expectNoAxeViolations,
  type FakeApi,
  loadAllFonts,
  SITE,
  serveNotifications,
  signIn,
  test,
} from './support/fixtures';

/**
 * Issue 25: the areas' elements not yet tested in a browser, each built (dist/define.js), mounted
 * alone on a platform page (tests/pages/areas.html), answered by the fake API: it shows its data,
 * one keyboard path works, axe finds nothing; then all of them together on the hostile-CSS page
 * (tests/pages/hostile-areas.html: demo/hostile-css.html's rules, made worse) look as once that CSS
 * is removed. One page per tag, no fixed waits: CI time is tight.
 */

const base = '/v2/companies/1';
/** An element's chunk may take a while on a busy machine (the first wait of each test). */
const LOAD = { timeout: 20_000 };
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const matching = <T>(rows: T[], q: string | null, text: (row: T) => string) =>
  rows.filter((row) => fold(text(row)).includes(fold(q ?? '')));

/** GET document-settings (the lists and the editor read the precisions and documents per page). */
const documentSettings = documentSettingsAnswer;
const libraryItem = (id: number, code: string, designation: string, unit: string) => ({
  id,
  kind: 'supply',
  code,
  designation,
  unit,
  familyId: null,
  unitCostCents: 1000,
  supplier: '',
  vatRateId: null,
  lossBasisPoints: 0,
  fixedSalePriceCents: null,
  costCents: 1000,
  salePriceCents: 1500,
  version: 1,
});
const libraryItems = [
  libraryItem(1, 'PLA-BA13', 'Plaque de plâtre BA13', 'm²'),
  libraryItem(2, 'PEI-01', 'Peinture acrylique blanche', 'l'),
  libraryItem(3, 'RAIL-48', 'Rail métallique 48 mm', 'ml'),
];
const jobs = ['Réaménagement fournil Mercier', 'Extension garage Dubois', 'Toiture Mairie de Vienne'].map(
  (name, index) => {
    const {
      quotes: _q,
      invoices: _i,
      amounts: _a,
      lock: _l,
      retainageReleaseDate: _r,
      payments: _p,
      ...row
    } = job;
    return { ...row, id: index + 3, name };
  },
);
const quotes = [
  quoteRow(21, 'draft'),
  quoteRow(22, 'sent', { title: 'Cuisine Dubois' }),
  quoteRow(23, 'accepted'),
];
const received = makeReceived(3);
const invoices = makeInvoices(3);

function serveAll(api: FakeApi) {
  api.on(`GET ${base}/document-settings`, () => ({ body: { data: documentSettings } }));
  api.on(`GET ${base}/vat-rates`, () => ({
    body: { data: vatRates.map((rate) => ({ ...rate, regulatoryText: '', customerCertificateText: '' })) },
  }));
  api.on(`GET ${base}/library/items`, ({ search }) => {
    const rows = matching(libraryItems, search.get('q'), (row) => `${row.code} ${row.designation}`);
    return { body: { data: rows, info: { hits: rows.length } } };
  });
  api.on(`GET ${base}/library/families`, () => ({ body: { data: [] } }));
  api.on(`GET ${base}/quotes`, ({ search }) => {
    const rows = matching(quotes, search.get('q'), (row) => `${row.number} ${row.title} ${row.customerName}`);
    return { body: { data: rows, info: { hits: rows.length } } };
  });
  api.on(`GET ${base}/quotes/12`, () => ({ body: { data: editorQuote('sent') } }));
  api.on(`GET ${base}/business-jobs`, ({ search }) => {
    const rows = matching(jobs, search.get('q'), (row) => `${row.name} ${row.customerName}`);
    return { body: { data: rows, info: { hits: rows.length } } };
  });
  api.on(`GET ${base}/business-jobs/3`, () => ({ body: { data: { ...job, id: 3 } } }));
  api.on(`GET ${base}/users`, () => ({ body: { data: users } }));
  api.on(`GET ${base}/customers`, () => ({ body: { data: makeCustomers(3), info: { hits: 3 } } }));
  api.on(`GET ${base}/activity`, () => ({ body: { data: [], total: 0 } }));
  api.on(`GET ${base}/banks`, () => ({ body: { data: [] } }));
  api.on(`GET ${base}/payments/received`, ({ search }) =>
    search.get('totals') === 'only'
      ? {
          body: {
            info: { hits: received.length, totalCents: received.reduce((s, r) => s + r.amountCents, 0) },
          },
        }
      : { body: { data: received, info: {} } },
  );
  api.on(`GET ${base}/invoices`, ({ search }) => {
    const rows = matching(
      invoices,
      search.get('q'),
      (row) => `${row.number ?? ''} ${row.title} ${row.customerName}`,
    );
    return { body: invoicePage(rows) };
  });
  serveNotifications(api, 3, 2);
}

/** Puts `<tag attributes…>` in the page's <main> (under `heading`, an h2, when given), as a platform page would. */
async function mount(
  page: Page,
  file: string,
  tag: string,
  attributes: Record<string, string> = {},
  heading?: string,
) {
  await page.goto(`${SITE}/${file}`);
  await page.evaluate(
    ([name, attrs, title]) => {
      const element = document.createElement(name);
      for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, value);
      const section = document.createElement('section');
      if (title) section.append(Object.assign(document.createElement('h2'), { textContent: title }));
      section.append(element);
      document.querySelector('main')?.append(section);
    },
    [tag, attributes, heading] as const,
  );
  return page.locator(tag);
}

/** Waits for the next `name` event on the document and gives its detail. */
function nextEvent(page: Page, name: string) {
  return page.evaluate(
    (type) =>
      new Promise((resolve) =>
        document.addEventListener(type, (event) => resolve((event as CustomEvent).detail), { once: true }),
      ),
    name,
  );
}

/** Presses Tab from `from` and expects `to` to have the focus: the order a keyboard user meets. */
async function tabFrom(page: Page, from: Locator, to: Locator) {
  await from.focus();
  await page.keyboard.press('Tab');
  await expect(to).toBeFocused();
}

const dataRows = (element: Locator, name: string) => element.getByRole('table', { name }).getByRole('row');
const callsTo = (api: FakeApi, path: string) => api.calls.filter((call) => call.path === `${base}${path}`);

test.beforeEach(({ page, api }) => {
  serveAll(api);
  return signIn(page);
});

test('<bo-price-library> lists the library, Tab reaches its search, typing filters; no axe violations', async ({
  page,
  api,
}) => {
  // The platform's « Base de données » section gives the heading the element leaves out (its
  // families list is an h3 under it).
  const element = await mount(page, 'areas.html', 'bo-price-library', {}, 'Base de données');
  const rows = dataRows(element, 'Éléments de la bibliothèque');
  await expect(rows).toHaveCount(4, LOAD);
  await expect(rows.nth(1)).toContainText('Plaque de plâtre BA13');
  await expectNoAxeViolations(page);

  const search = element.getByRole('searchbox', { name: 'Rechercher un élément' });
  await tabFrom(page, element.getByRole('button', { name: 'Ajouter une famille' }), search);
  await page.keyboard.type('plâtre');
  // On a busy machine the search may leave after « pl » already (its pause between two keys outlasted
  // the debounce): what is asked last is what was typed, and the rows are its answer.
  await expect.poll(() => callsTo(api, '/library/items').at(-1)?.search.get('q')).toBe('plâtre');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('PLA-BA13');
});

test('<bo-quotes-list> lists the quotes, searches them, Enter on a quote dispatches bo-quote-open; no axe violations', async ({
  page,
}) => {
  const element = await mount(page, 'areas.html', 'bo-quotes-list');
  const rows = dataRows(element, 'Devis');
  await expect(rows).toHaveCount(4, LOAD);
  await expect(rows.nth(2)).toContainText('Cuisine Dubois');
  await expectNoAxeViolations(page);

  const search = element.getByRole('searchbox', { name: 'Rechercher un devis' });
  await tabFrom(page, element.getByRole('button', { name: 'Nouveau devis' }), search);
  await page.keyboard.type('cuisine');
  await expect(rows).toHaveCount(2);
  const opened = nextEvent(page, 'bo-quote-open');
  await element.getByRole('button', { name: 'Ouvrir le devis DE-2026-00022' }).focus();
  await page.keyboard.press('Enter');
  expect(await opened).toEqual({ id: 22 });
});

test('<bo-quote-editor> shows the sent quote, its lines and totals; the answer dialog opens and closes with the keyboard; no axe violations', async ({
  page,
}) => {
  const element = await mount(page, 'areas.html', 'bo-quote-editor', { 'quote-id': '12' });
  await expect(element.getByRole('heading', { level: 2 })).toHaveText('Devis DE-2026-00012 Envoyé', LOAD);
  await expect(element.getByRole('table', { name: 'Contenu du devis' })).toContainText(
    'Receveur de douche extra-plat',
  );
  await expect(element.getByRole('region', { name: 'Totaux' })).toContainText('2\u202f751,10\u00a0€');
  await expectNoAxeViolations(page);

  const answer = element.getByRole('button', { name: 'Enregistrer la réponse du client' });
  await answer.focus();
  await page.keyboard.press('Enter');
  const dialog = element.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(answer).toBeFocused();
});

test('<bo-payments-received> lists the payments and their total, Space selects a row; no axe violations', async ({
  page,
}) => {
  const element = await mount(page, 'areas.html', 'bo-payments-received');
  await expect(element.getByRole('region', { name: /^3 règlements · total/ })).toBeVisible(LOAD);
  const rows = dataRows(element, 'Règlements reçus');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(2)).toContainText('Léa Dubois');
  await expectNoAxeViolations(page);

  const box = element.getByRole('checkbox', {
    name: 'Sélectionner le règlement de FA-2026-00002 du 12/03/2026',
  });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await expect(element.getByRole('button', { name: 'Supprimer la sélection' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('<bo-invoices-list> lists the invoices and their totals, Tab reaches its search, typing filters; no axe violations', async ({
  page,
  api,
}) => {
  const element = await mount(page, 'areas.html', 'bo-invoices-list');
  await expect(element.getByRole('region', { name: 'Total de la sélection (3 factures)' })).toBeVisible(LOAD);
  const rows = dataRows(element, 'Mes factures');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Julien Moreau');
  await expectNoAxeViolations(page);

  const search = element.getByRole('searchbox', { name: 'Rechercher une facture' });
  await tabFrom(page, element.getByRole('link', { name: 'Nouvelle facture' }), search);
  await page.keyboard.type('Moreau');
  // What is asked last is what was typed (a busy machine may ask for a part of it first).
  await expect.poll(() => callsTo(api, '/invoices').at(-1)?.search.get('q')).toBe('Moreau');
  await expect(rows).toHaveCount(2);
  await expect(element.getByRole('region', { name: 'Total de la sélection (1 facture)' })).toBeVisible();
});

test('<bo-jobs-list> lists the jobs, Tab reaches its search, typing filters; no axe violations', async ({
  page,
  api,
}) => {
  const element = await mount(page, 'areas.html', 'bo-jobs-list');
  const rows = dataRows(element, 'Affaires');
  await expect(rows).toHaveCount(4, LOAD);
  await expect(element.getByRole('link', { name: 'Toiture Mairie de Vienne' })).toHaveAttribute(
    'href',
    'http://client.test/affaires/5',
  );
  await expectNoAxeViolations(page);

  const search = element.getByRole('searchbox', { name: 'Rechercher une affaire' });
  await tabFrom(page, element.getByRole('link', { name: 'Nouvelle affaire' }), search);
  await page.keyboard.type('toiture');
  // What is asked last is what was typed (a busy machine may ask for a part of it first).
  await expect.poll(() => callsTo(api, '/business-jobs').at(-1)?.search.get('q')).toBe('toiture');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Toiture Mairie de Vienne');
});

test('<bo-job-sheet> shows the job, its amounts, invoices and payments; the arrow keys filter its history; no axe violations', async ({
  page,
  api,
}) => {
  const element = await mount(page, 'areas.html', 'bo-job-sheet', { 'job-id': '3' });
  await expect(element.getByRole('heading', { level: 1 })).toHaveText(
    'Affaire : Réaménagement fournil Mercier',
    LOAD,
  );
  await expect(element.getByRole('textbox', { name: "Nom de l'affaire" })).toHaveValue(
    'Réaménagement fournil Mercier',
  );
  await expect(dataRows(element, 'Règlements')).toHaveCount(3);
  await expect(element.getByRole('region', { name: 'Historique' })).toContainText(
    "Aucune activité pour l'instant",
  );
  await expectNoAxeViolations(page);

  const user = element.getByRole('combobox', { name: 'Utilisateur' });
  await user.focus();
  await page.keyboard.press('ArrowDown');
  await expect(user).toHaveValue('1');
  await expect.poll(() => callsTo(api, '/activity').at(-1)?.search.get('userId')).toBe('1');
});

test('<bo-notification-bell> alone says the unread count; Enter opens the notifications, Escape closes them; no axe violations', async ({
  page,
}) => {
  const element = await mount(page, 'areas.html', 'bo-notification-bell');
  const bell = element.getByRole('button', { name: 'Notifications, 2 non lues' });
  await expect(bell).toBeVisible(LOAD);
  await expectNoAxeViolations(page);

  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const dialog = element.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByRole('button', { name: 'Notification 1 (non lue)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(bell).toBeFocused();
});

/** Each tag, its attributes, and what shows once all its data is in (its look is then final). */
const all: [string, Record<string, string>, (element: Locator) => Locator[]][] = [
  ['bo-price-library', {}, (e) => [e.getByRole('status').filter({ hasText: '1–3 sur 3' })]],
  ['bo-quotes-list', {}, (e) => [e.getByRole('status').filter({ hasText: '1–3 sur 3' })]],
  ['bo-quote-editor', { 'quote-id': '12' }, (e) => [e.getByRole('region', { name: 'Totaux' })]],
  [
    'bo-payments-received',
    {},
    (e) => [
      e.getByRole('status').filter({ hasText: '1–3 sur 3' }),
      e.getByRole('region', { name: /^3 règlements/ }),
    ],
  ],
  [
    'bo-invoices-list',
    {},
    (e) => [
      e.getByRole('status').filter({ hasText: '1–3 sur 3' }),
      e.getByRole('region', { name: 'Total de la sélection (3 factures)' }),
    ],
  ],
  ['bo-jobs-list', {}, (e) => [e.getByRole('status').filter({ hasText: '1–3 sur 3' })]],
  ['bo-job-sheet', { 'job-id': '3' }, (e) => [e.getByText("Aucune activité pour l'instant")]],
  ['bo-notification-bell', {}, (e) => [e.getByRole('button', { name: 'Notifications, 2 non lues' })]],
];

test("all these elements together on the hostile-CSS page: their buttons, headings and boxes look as once the page's CSS is gone", async ({
  page,
}) => {
  // Eight elements on one page: more than one element's time on a busy machine.
  test.setTimeout(45_000);
  await page.goto(`${SITE}/hostile-areas.html`);
  await page.evaluate(
    (tags) => {
      for (const [name, attrs] of tags) {
        const element = document.createElement(name);
        for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, value);
        document.querySelector('main')?.append(element);
      }
    },
    all.map(([tag, attrs]) => [tag, attrs] as const),
  );
  await Promise.all(
    all.flatMap(([tag, , ready]) =>
      ready(page.locator(tag)).map((target) => expect(target).toBeVisible(LOAD)),
    ),
  );
  // Per element: its first button, its first heading and its own height (a text or a table reached
  // by the page's CSS would change it).
  const measure = async () => {
    await loadAllFonts(page);
    return page.evaluate(
      (tags) => {
        const look = (node: Element | null | undefined) => {
          if (!node) return null;
          const css = getComputedStyle(node);
          const box = node.getBoundingClientRect();
          return {
            font: css.fontFamily,
            size: css.fontSize,
            line: css.lineHeight,
            spacing: css.letterSpacing,
            color: css.color,
            background: css.backgroundColor,
            padding: css.padding,
            border: css.border,
            width: Math.round(box.width),
            height: Math.round(box.height),
          };
        };
        return Object.fromEntries([
          // The page's own heading: the control that the page's CSS was there and is gone.
          ['page', getComputedStyle(document.querySelector('main > h1') as Element).fontFamily],
          ...tags.map((tag) => {
            const host = document.querySelector(tag);
            const root = host?.shadowRoot ?? host;
            return [
              tag,
              {
                button: look(root?.querySelector('button, a[href]')),
                heading: look(root?.querySelector('h1, h2, h3')),
                height: look(host)?.height,
              },
            ];
          }),
        ]);
      },
      all.map(([tag]) => tag),
    );
  };
  const hostile = await measure();
  // The same elements, the same data, the page's CSS removed: the plain page's look.
  await page.evaluate(() => {
    for (const style of document.head.querySelectorAll('style')) style.remove();
  });
  const plain = await measure();
  expect(hostile.page).toBe('serif');
  expect(plain.page).not.toBe('serif');
  expect(JSON.stringify(plain['bo-quotes-list'])).toContain('Poppins');
  expect({ ...hostile, page: 'page' }).toEqual({ ...plain, page: 'page' });
});
