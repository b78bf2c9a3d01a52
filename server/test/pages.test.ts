/** Platform pages, security headers, CORS, /elements/, the client origin, the API docs. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApps } from '../src/app.js';
import { clientOrigin, platformOrigin } from './support/constants.js';
import {
  bootHarness,
  companyTwoFingerprints,
  expectNoLeak,
  type Harness,
  testConfig,
} from './support/harness.js';

let h: Harness;
let cookie: string;
beforeAll(async () => {
  h = await bootHarness();
  cookie = `appAccessToken=${await h.tokenFor('admin@demo.fr')}`;
});
afterAll(() => h.close());

const get = (url: string, headers: Record<string, string> = {}) => h.apps.platform.request(url, { headers });

const pages: [string, string, string[]][] = [
  [
    '/app/my-account',
    'Mon compte',
    ['admin@demo.fr', 'Martin Rénovation', 'Administrateur', '81234567600017'],
  ],
  [
    '/app/prive/',
    'Espace privé',
    [
      'Élaboration des devis',
      'Gestion de chantier',
      'Base de données',
      'Redirection en cours...',
      'data-hash="#/release-and-redirect"',
    ],
  ],
  ['/app/enterprise/subscription/my-subscription', 'Mon abonnement', ['Formule Premium', 'Gestion chantier']],
  [
    '/app/enterprise/export-data',
    'Export des données',
    [
      '<bo-exports>',
      'Journal de banque',
      'Bordereau de remise de chèques',
      'TVA collectée',
      'Journal des ventes',
      'Fichier des écritures comptables (FEC)',
      `${clientOrigin}/facturation/reglements/export-journal-banque`,
    ],
  ],
  [
    '/app/applications/',
    'Mes applications',
    [
      '<bo-measure-groups application="pix4d"></bo-measure-groups>',
      'href="#/sema/groupes-mesures"',
      `${clientOrigin}/applications/`,
    ],
  ],
  [
    '/app/reporting',
    'Suivi d&#39;activité',
    ['<bo-reporting></bo-reporting>', '<bo-activity-log></bo-activity-log>', 'href="#journal"'],
  ],
];

describe('platform pages', () => {
  for (const [url, heading, contents] of pages) {
    it(`${url}: French heading, content, the elements embedded with the CSP nonce`, async () => {
      const response = await get(url, { cookie });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain(`<title>${heading} · bo-elements</title>`);
      for (const text of contents) expect(html).toContain(text.replaceAll("'", '&#39;'));
      expectNoLeak(html, companyTwoFingerprints);

      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce).toBeTruthy();
      const config = new RegExp(
        `<script type="application/json" id="bo-config" nonce="${nonce!.replace(/[+/=]/g, '\\$&')}">(.*?)</script>`,
      ).exec(html);
      expect(JSON.parse(config![1]!)).toEqual({
        platformOrigin,
        clientOrigin,
        apiHost: platformOrigin,
        productName: 'bo-elements',
      });
      expect(html).toContain(`<script type="module" src="/elements/define.js" nonce="${nonce}"></script>`);
      expect(html).toContain('<bo-nav-bar></bo-nav-bar>');
      // Every script tag carries the nonce.
      for (const tag of html.match(/<script[^>]*>/g)!) expect(tag).toContain(`nonce="${nonce}"`);
    });

    it(`${url}: without a session, to /login with the page as redirect`, async () => {
      const response = await get(`${url}?tab=1`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(
        `/login?redirect=${encodeURIComponent(`${platformOrigin}${url}?tab=1`)}`,
      );
    });
  }

  it('/app/prive/ shows the hash section and releases only to allowed origins', async () => {
    const html = await (await get('/app/prive/', { cookie })).text();
    const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const run = (hash: string, search = '') => {
      const sections = [
        '#/elaboration-devis',
        '#/gestion-chantier',
        '#/base-donnees',
        '#/release-and-redirect',
      ].map((route) => ({
        id: `section-${route.slice(2)}`,
        dataset: { hash: route },
        active: false,
        // No element waits in these sections (a template[data-on-show]): quote-preparation-page.test.ts.
        querySelectorAll: () => [],
        classList: {
          toggle(this: void, _name: string, on: boolean) {
            section(route).active = on;
          },
          add() {
            section(route).active = true;
          },
        },
      }));
      const section = (route: string) => sections.find((s) => s.dataset.hash === route)!;
      const location = {
        hash,
        search,
        origin: platformOrigin,
        replaced: null as string | null,
        replace(url: string) {
          this.replaced = url;
        },
      };
      const document = {
        querySelectorAll: () => sections,
        getElementById: (id: string) => section(`#/${id.replace('section-', '')}`),
      };
      new Function('location', 'document', 'addEventListener', script)(location, document, () => {});
      return {
        active: sections.filter((s) => s.active).map((s) => s.dataset.hash),
        replaced: location.replaced,
      };
    };
    expect(run('#/base-donnees')).toEqual({ active: ['#/base-donnees'], replaced: null });
    expect(run('')).toEqual({ active: ['#/elaboration-devis'], replaced: null });
    const target = `${clientOrigin}/facturation/12?from=prive`;
    expect(run(`#/release-and-redirect?redirect=${encodeURIComponent(target)}`).replaced).toBe(target);
    expect(
      run('#/release-and-redirect', `?redirect=${encodeURIComponent(`${platformOrigin}/app/reporting`)}`)
        .replaced,
    ).toBe(`${platformOrigin}/app/reporting`);
    for (const bad of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      expect(run(`#/release-and-redirect?redirect=${encodeURIComponent(bad)}`).replaced).toBe(
        '/app/my-account',
      );
    }
    expect(run('#/release-and-redirect').replaced).toBe('/app/my-account');
  });

  it('a new nonce on each answer', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++)
      nonces.add((await get('/app/my-account', { cookie })).headers.get('content-security-policy')!);
    expect(nonces.size).toBe(3);
  });

  it('a locked user’s cookie no longer opens pages', async () => {
    const locked = `appAccessToken=${await h.tokenFor('thomas.leroy@demo.fr')}`;
    expect((await get('/app/my-account', { cookie: locked })).status).toBe(302);
  });

  it('company 2 sees its own company, without the gestion-de-chantier scope', async () => {
    const other = `appAccessToken=${await h.tokenFor('user@autre-demo.fr')}`;
    const html = await (await get('/app/enterprise/subscription/my-subscription', { cookie: other })).text();
    expect(html).toContain('Bâtiments Durand');
    expect(html).not.toContain('<li>Gestion chantier</li>');
    expect(html).not.toContain('Martin Rénovation');
  });

  it('the help page is public, with the nav bar only when signed in', async () => {
    const anonymous = await (await get('/foire-aux-questions')).text();
    expect(anonymous).toContain('<h1>Foire aux questions</h1>');
    expect(anonymous).not.toContain('<bo-nav-bar>');
    expect(await (await get('/foire-aux-questions', { cookie })).text()).toContain(
      '<bo-nav-bar></bo-nav-bar>',
    );
  });

  it('an unknown page answers a French 404 page; unknown API paths keep the JSON error', async () => {
    const response = await get('/app/nulle-part');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<h1>Page introuvable</h1>');
    expect(html).toContain('href="/app/my-account"');
    const authorization = `Bearer ${await h.tokenFor('admin@demo.fr')}`;
    for (const url of ['/v2/nulle-part', '/v3/nulle-part', '/api/nulle-part']) {
      const api = await get(url, { authorization });
      expect([api.status, await api.json()], url).toEqual([404, { error: { key: 'not_found' } }]);
    }
  });
});

describe('security headers', () => {
  it('on pages: CSP, frame-ancestors, nosniff, referrer policy', async () => {
    for (const response of [await get('/app/my-account', { cookie }), await get('/login')]) {
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      // A stored logo previews from a blob: URL of its authenticated download (issue 26); nothing else.
      expect(csp).toContain("img-src 'self' data: blob:;");
      expect(csp).toContain(`connect-src 'self' ${clientOrigin}`);
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it("on API answers, OWASP's set for APIs: nothing loaded or framed from them, no sniffing, never cached", async () => {
    const token = await h.tokenFor('admin@demo.fr');
    for (const response of [
      await h.request('GET', '/v2/notifications', { token }),
      await h.request('GET', '/v2/companies/2/customers', { token }),
    ]) {
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
      expect(response.headers.get('cache-control')).toBe('no-store');
      // The documents' headers are not sent with them.
      expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(response.headers.get('x-xss-protection')).toBeNull();
    }
  });
});

describe('CORS on the API', () => {
  it('allows the client origin with credentials and the Authorization header', async () => {
    const response = await h.apps.platform.request('/v2/notifications', {
      method: 'OPTIONS',
      headers: {
        origin: clientOrigin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(clientOrigin);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    // A measure group's import names its file in a header: the preflight must let it through.
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-file-name');
    const actual = await h.request('GET', '/api/jwt/access-token/is-valid', {
      token: await h.tokenFor('user@demo.fr'),
      headers: { origin: clientOrigin },
    });
    expect(actual.headers.get('access-control-allow-origin')).toBe(clientOrigin);
    // The client names downloaded files (PDFs, exports) from Content-Disposition: readable only
    // when the answer itself exposes it.
    expect(actual.headers.get('access-control-expose-headers')).toBe('Content-Disposition');
  });

  it('says nothing to another origin', async () => {
    const response = await h.apps.platform.request('/v2/notifications', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('/elements/ (the built element library)', () => {
  it('serves dist/ read-only with a JavaScript type and a cache header', async () => {
    const response = await get('/elements/define.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toContain('max-age');
    expect(await response.text()).toContain('defined');
    expect((await get('/elements/chunks/react.js')).status).toBe(200);
    expect((await get('/elements/missing.js')).status).toBe(404);
    expect((await get('/elements/../package.json')).status).toBe(404);
    expect((await h.apps.platform.request('/elements/define.js', { method: 'POST' })).status).toBe(404);
  });
});

describe('the client origin', () => {
  it('serves the SPA with a history fallback and its configuration injected', async () => {
    for (const url of ['/', '/facturation/reglements/en-attente', '/gestion-clients/12']) {
      const response = await h.apps.client.request(url);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1];
      expect(html).toContain(`<script type="application/json" id="bo-config" nonce="${nonce}">`);
    }
    const asset = await h.apps.client.request('/assets/main.js');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await h.apps.client.request('/assets/missing.js')).status).toBe(404);
  });

  it('says in French to build when dist/app is missing', async () => {
    const { client } = createApps({
      config: testConfig({ distDir: path.join(h.distDir, 'nowhere') }),
      db: h.db,
      log: h.log,
    });
    const response = await client.request('/facturation');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
    expect(fs.existsSync(path.join(h.distDir, 'nowhere'))).toBe(false);
  });
});

/** Issue 9: business jobs, quotes, invoices and the settings the invoices read. */
const invoicingOperations = [
  ...['business-jobs', 'quotes', 'invoices'].flatMap((resource) => [
    `GET /v2/companies/{enterprise_id}/${resource}`,
    `GET /v2/companies/{enterprise_id}/${resource}/{id}`,
    `POST /v2/companies/{enterprise_id}/${resource}`,
    `POST /v2/companies/{enterprise_id}/${resource}/{id}/edit`,
    `POST /v2/companies/{enterprise_id}/${resource}/{id}/lock`,
    `POST /v2/companies/{enterprise_id}/${resource}/{id}/unlock`,
  ]),
  ...['validate', 'revert', 'cancel', 'delete'].map(
    (action) => `POST /v2/companies/{enterprise_id}/invoices/{id}/${action}`,
  ),
  // Issue 18: partial credit notes, and the versions reverts kept.
  'POST /v2/companies/{enterprise_id}/invoices/{id}/credit-notes',
  'GET /v2/companies/{enterprise_id}/invoices/{id}/versions',
  'GET /v2/companies/{enterprise_id}/vat-rates',
  'GET /v2/companies/{enterprise_id}/document-settings',
];

/** Issue 10: the invoice documents and the document settings. */
const invoiceDocumentOperations = [
  'GET /v2/companies/{enterprise_id}/invoices/{id}/pdf',
  'GET /v2/companies/{enterprise_id}/invoices/{id}/factur-x.xml',
  'GET /v2/companies/{enterprise_id}/settings/documents',
  'POST /v2/companies/{enterprise_id}/settings/documents/edit',
];

/** Issue 10: sending invoices by email and its settings. */
const sendingOperations = [
  'GET /v2/companies/{enterprise_id}/settings/sending',
  'POST /v2/companies/{enterprise_id}/settings/sending/edit',
  'GET /v2/companies/{enterprise_id}/invoices/{id}/sendings',
  'POST /v2/companies/{enterprise_id}/invoices/{id}/send',
  // Issue 21: the quote's PDF, the mail proposed and the send with the acceptance link.
  'GET /v2/companies/{enterprise_id}/quotes/{id}/pdf',
  'GET /v2/companies/{enterprise_id}/quotes/{id}/mail',
  'POST /v2/companies/{enterprise_id}/quotes/{id}/send',
];

/** Issue 11: payments, banks, exports and the accounting settings. */
const paymentOperations = [
  'GET /v2/companies/{enterprise_id}/banks',
  'GET /v2/companies/{enterprise_id}/banks/{id}',
  'GET /v2/companies/{enterprise_id}/exports/bank-journal',
  'GET /v2/companies/{enterprise_id}/exports/cheque-remittance',
  'GET /v2/companies/{enterprise_id}/exports/collected-vat',
  'GET /v2/companies/{enterprise_id}/exports/fec',
  'GET /v2/companies/{enterprise_id}/exports/sales-journal',
  'GET /v2/companies/{enterprise_id}/payments/outstanding',
  'GET /v2/companies/{enterprise_id}/payments/received',
  'GET /v2/companies/{enterprise_id}/settings/accounting',
  'POST /v2/companies/{enterprise_id}/banks',
  'POST /v2/companies/{enterprise_id}/banks/{id}/delete',
  'POST /v2/companies/{enterprise_id}/banks/{id}/edit',
  'POST /v2/companies/{enterprise_id}/payments/batch-delete',
  'POST /v2/companies/{enterprise_id}/payments/batch-pay',
  'POST /v2/companies/{enterprise_id}/quotes/{id}/answer',
  'POST /v2/companies/{enterprise_id}/quotes/{id}/duplicate',
  'POST /v2/companies/{enterprise_id}/quotes/{id}/revise',
  'POST /v2/companies/{enterprise_id}/settings/accounting/edit',
];

/** Issue 12: the preferences (account, company, logo, VAT, customer code, costs). */
const preferencesOperations = [
  'GET /v2/account',
  'GET /v2/companies/{enterprise_id}/logo',
  'GET /v2/companies/{enterprise_id}/settings/company',
  'GET /v2/companies/{enterprise_id}/settings/costs',
  'GET /v2/companies/{enterprise_id}/settings/customer-code',
  'GET /v2/companies/{enterprise_id}/vat-rates/{id}',
  'POST /v2/account/edit',
  'POST /v2/account/password',
  'POST /v2/companies/{enterprise_id}/logo',
  'POST /v2/companies/{enterprise_id}/settings/company/edit',
  'POST /v2/companies/{enterprise_id}/settings/costs',
  'POST /v2/companies/{enterprise_id}/settings/customer-code',
  'POST /v2/companies/{enterprise_id}/vat-rates',
  'POST /v2/companies/{enterprise_id}/vat-rates/{id}/delete',
  'POST /v2/companies/{enterprise_id}/vat-rates/{id}/edit',
];

/** Issue 12: the documents' logos (Formats page: the footer logo beside the company logo). */
/** « Mes applications » (issue 23): the user's API and the connector's (X-Api-Key). */
const measureOperations = [
  'GET /v2/companies/{enterprise_id}/applications',
  'POST /v2/companies/{enterprise_id}/applications/{type}/connect',
  'POST /v2/companies/{enterprise_id}/applications/{type}/disconnect',
  'GET /v2/companies/{enterprise_id}/measure-groups',
  'POST /v2/companies/{enterprise_id}/measure-groups',
  'GET /v2/companies/{enterprise_id}/measure-groups/{id}',
  'GET /v2/companies/{enterprise_id}/measure-groups/{id}/events',
  'POST /v2/companies/{enterprise_id}/measure-groups/{id}/edit',
  'POST /v2/companies/{enterprise_id}/measure-groups/{id}/import',
  'POST /v2/applications/{type}/measure-groups',
  'POST /v2/applications/{type}/measure-groups/{externalId}/measures',
];

/** Issue 24, « Gestion chantier »: a job's planning, hours, purchases, progress, budget; a person's hourly cost. */
const siteManagementOperations = [
  ...['planning', 'time-entries', 'purchases', 'progress'].flatMap((part) => [
    `GET /v2/companies/{enterprise_id}/business-jobs/{id}/${part}`,
    `POST /v2/companies/{enterprise_id}/business-jobs/{id}/${part}`,
  ]),
  'POST /v2/companies/{enterprise_id}/business-jobs/{id}/purchases/import',
  'GET /v2/companies/{enterprise_id}/business-jobs/{id}/purchases/{purchaseId}/file',
  'GET /v2/companies/{enterprise_id}/business-jobs/{id}/budget',
  'POST /v2/companies/{enterprise_id}/users/{userId}/hourly-cost',
  'GET /v2/companies/{enterprise_id}/hourly-costs',
];

/** Issue 24: the reporting's figures, series, margins and collected VAT. */
const reportingOperations = ['summary', 'series', 'margins', 'vat'].map(
  (figure) => `GET /v2/companies/{enterprise_id}/reporting/${figure}`,
);

/** Issue 24, « Suivi d'activité »: the company's activity log and its CSV export. */
const activityOperations = [
  'GET /v2/companies/{enterprise_id}/activity',
  'GET /v2/companies/{enterprise_id}/activity/export',
];

const documentLogoOperations = [
  'GET /v2/companies/{enterprise_id}/settings/logos',
  'GET /v2/companies/{enterprise_id}/footer-logo',
  'POST /v2/companies/{enterprise_id}/footer-logo',
  'POST /v2/companies/{enterprise_id}/footer-logo/delete',
];

describe('API documentation', () => {
  it('/api/openapi.json lists every operation from the route schemas', async () => {
    const doc = (await (await get('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /api/jwt/access-token/is-valid',
        'GET /v2/companies/{enterprise_id}/library/families',
        'GET /v2/companies/{enterprise_id}/library/items',
        'GET /v2/companies/{enterprise_id}/library/items/{id}',
        'POST /v2/companies/{enterprise_id}/library/families',
        'POST /v2/companies/{enterprise_id}/library/families/{id}/edit',
        'POST /v2/companies/{enterprise_id}/library/items',
        'POST /v2/companies/{enterprise_id}/library/items/{id}/delete',
        'POST /v2/companies/{enterprise_id}/library/items/{id}/edit',
        'POST /v2/companies/{enterprise_id}/library/price-preview',
        'POST /v2/companies/{enterprise_id}/library/imports/preview',
        'POST /v2/companies/{enterprise_id}/library/imports',
        'POST /v2/companies/{enterprise_id}/library/starter',
        'GET /api/jwt/access-token/renew',
        'GET /v2/companies/{enterprise_id}/customer-duplicates',
        'GET /v2/companies/{enterprise_id}/customer-settings',
        'GET /v2/companies/{enterprise_id}/customers',
        'GET /v2/companies/{enterprise_id}/customers/{customerId}',
        // Issue 26: a customer's figures for its sheet.
        'GET /v2/companies/{enterprise_id}/customers/{customerId}/overview',
        'POST /v2/companies/{enterprise_id}/customers',
        'POST /v2/companies/{enterprise_id}/customers/{id}/delete',
        'POST /v2/companies/{enterprise_id}/customers/{id}/edit',
        'GET /v2/companies/{enterprise_id}/users',
        'GET /v2/companies/{enterprise_id}/users/{userId}',
        'GET /v2/notifications',
        'GET /v2/users/{userId}/authorization',
        'POST /v2/companies/{enterprise_id}/users',
        'POST /v2/companies/{enterprise_id}/users/{id}/edit',
        'POST /v2/notifications/{notificationId}/read',
        'POST /v2/notifications/read-all',
        'POST /v3/client-logs/logs/',
        'POST /v3/client-logs/logs',
        ...invoicingOperations,
        ...invoiceDocumentOperations,
        ...sendingOperations,
        ...paymentOperations,
        ...preferencesOperations,
        ...documentLogoOperations,
        ...measureOperations,
        ...reportingOperations,
        ...activityOperations,
        ...siteManagementOperations,
      ].sort(),
    );
  });

  it('/api/docs is a page that works offline (no CDN)', async () => {
    const html = await (await get('/api/docs')).text();
    expect(html).toContain('/v2/notifications/{notificationId}/read');
    expect(html).toContain('/v2/companies/{enterprise_id}/invoices/{id}/validate');
    expect(html).not.toMatch(/cdn|unpkg|jsdelivr/i);
  });
});
