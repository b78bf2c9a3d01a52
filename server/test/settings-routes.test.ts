/**
 * Every settings page's row, attacked as a caller would: two saves from one version at once (one
 * wins, the other 409 stale_version, on PostgreSQL's real concurrency as on PGlite), bodies the
 * forms never send (422 validation, nothing stored), keys the contract does not declare (refused by
 * name, never dropped nor written), and admin-only pages refused to a member.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, companies, documentSettings, users, vatRates } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let user: string;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  user = await h.tokenFor('user@demo.fr');
});
afterAll(() => h.close());

const base = '/v2/companies/1';
type Row = Record<string, unknown>;
const read = async (path: string, token = admin) =>
  ((await (await h.request('GET', `${base}${path}`, { token })).json()) as { data: Row }).data;
const post = (path: string, json: unknown, token = admin) =>
  h.request('POST', `${base}${path}`, { token, json });

const validKeys = { siret: '73282932000074', vatNumber: 'FR40303265045', apeCode: '43.21A' };

/** Each versioned settings row: where it is read, where it is saved, and a whole valid save of it. */
const pages: { name: string; read: string; edit: string; body: (row: Row) => Row }[] = [
  {
    name: 'company information',
    read: '/settings/company',
    edit: '/settings/company/edit',
    // The seeded company saved as read: the demo's own SIRET and VAT number pass their key checks.
    body: ({ logo: _logo, ...row }) => row,
  },
  {
    name: 'costs',
    read: '/settings/costs',
    edit: '/settings/costs',
    body: ({ computed: _c, ...row }) => row,
  },
  {
    name: 'accounting',
    read: '/settings/accounting',
    edit: '/settings/accounting/edit',
    body: ({ version }) => ({ version, salesJournalCode: 'VT' }),
  },
  {
    name: 'documents',
    read: '/settings/documents',
    edit: '/settings/documents/edit',
    body: ({ version }) => ({ version, invoiceTitle: 'Facture' }),
  },
  {
    name: 'customer code format',
    read: '/settings/customer-code',
    edit: '/settings/customer-code',
    body: ({ version, prefix }) => ({ version, prefix: `${prefix}C` }),
  },
  {
    name: 'sending',
    read: '/settings/sending',
    edit: '/settings/sending/edit',
    body: ({ version }) => ({ version, senderName: 'Bâti Demo' }),
  },
];

describe('two saves from one version at once', () => {
  for (const page of pages) {
    it(`${page.name}: exactly one is saved, the other is told stale_version`, async () => {
      const body = page.body(await read(page.read));
      const answers = await Promise.all([post(page.edit, body), post(page.edit, body)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(((await refused.json()) as { error: { key: string } }).error.key).toBe('stale_version');
      expect((await read(page.read)).version).toBe((body.version as number) + 1);
    });
  }

  it('a bank, a VAT rate and a user: one edit wins, the other 409', async () => {
    for (const [path, table] of [
      ['banks', banks],
      ['vat-rates', vatRates],
      ['users', users],
    ] as const) {
      const [row] = await h.db.owner
        .select({ id: table.id })
        .from(table)
        .where(eq(table.companyId, 1))
        .limit(1);
      const current = await read(`/${path}/${row!.id}`);
      const { used: _used, companyId: _c, ...body } = current;
      const answers = await Promise.all([
        post(`/${path}/${row!.id}/edit`, body),
        post(`/${path}/${row!.id}/edit`, body),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    }
  });
});

describe('bodies the forms never send', () => {
  it('negative or fractional cents, a huge or wrongly typed text: 422 validation, nothing stored', async () => {
    const costs = await read('/settings/costs');
    const { computed: _c, ...costsBody } = costs;
    const company = await read('/settings/company');
    const { logo: _logo, ...rest } = company;
    const companyBody = { ...rest, ...validKeys };
    for (const [path, body] of [
      ['/settings/costs', { ...costsBody, directLabourCostCents: -1 }],
      ['/settings/costs', { ...costsBody, siteCostCents: 10.5 }],
      ['/settings/costs', { ...costsBody, yearlySiteHours: '1500' }],
      ['/settings/company/edit', { ...companyBody, capitalCents: -100 }],
      ['/settings/company/edit', { ...companyBody, name: 'x'.repeat(100_000) }],
      ['/settings/company/edit', { ...companyBody, name: 42 }],
      ['/settings/accounting/edit', { version: 1, salesAccount: 'x'.repeat(10_000) }],
      ['/settings/sending/edit', { version: 1, bodyTemplate: ['{numero}'] }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(((await answer.json()) as { error: { key: string } }).error.key).toBe('validation');
    }
    expect(await read('/settings/costs')).toEqual(costs);
    expect(await read('/settings/company')).toEqual(company);
  });

  it('keys the contract does not declare (another company, an id, computed figures): 422 naming them, nothing stored', async () => {
    const company = await read('/settings/company');
    const { logo: _logo, ...rest } = company;
    const body = { ...rest, ...validKeys, name: 'Jamais enregistré' };
    const answer = await post('/settings/company/edit', { ...body, id: 2, companyId: 2, enterpriseId: 2 });
    expect([answer.status, await answer.json()]).toEqual([
      422,
      {
        error: {
          key: 'validation',
          fields: { id: 'unknown', companyId: 'unknown', enterpriseId: 'unknown' },
        },
      },
    ]);
    const [other] = await h.db.owner.select().from(companies).where(eq(companies.id, 2));
    expect(other!.name).not.toBe('Jamais enregistré');
    expect(await read('/settings/company')).toEqual(company);

    const costs = await read('/settings/costs');
    const { computed: _computed, ...costsBody } = costs;
    const forged = await post('/settings/costs', { ...costsBody, computed: { hourlyCostCents: 1 } });
    expect([forged.status, await forged.json()]).toEqual([
      422,
      { error: { key: 'validation', fields: { computed: 'unknown' } } },
    ]);
    expect(await read('/settings/costs')).toEqual(costs);
  });

  it('one rule for every edit of the API: an unknown key, even nested, is refused by name', async () => {
    const [vat] = await h.db.owner.select().from(vatRates).where(eq(vatRates.companyId, 1)).limit(1);
    const rate = await read(`/vat-rates/${vat!.id}`);
    const { used: _used, ...rateBody } = rate;
    const [member] = await h.db.owner.select().from(users).where(eq(users.email, 'user@demo.fr'));
    const code = await read('/settings/customer-code');
    const documents = await read('/settings/documents');
    for (const [path, body, field] of [
      [`/vat-rates/${vat!.id}/edit`, { ...rateBody, used: false }, 'used'],
      [
        `/users/${member!.id}/edit`,
        { id: member!.id, version: member!.version, job: 'X', password: 'x' },
        'password',
      ],
      ['/settings/customer-code', { version: code.version, prefix: 'Z', nextCode: 'Z00001' }, 'nextCode'],
      [
        '/settings/documents/edit',
        { version: documents.version, defaultPaymentDeadline: { rule: 'days', value: 30, days: 30 } },
        'defaultPaymentDeadline.days',
      ],
      ['/customers', { type: 'private', lastName: 'Inconnu', companyId: 2 }, 'companyId'],
      ['/banks', { name: 'Banque', isDefault: false, id: 99 }, 'id'],
    ] as const) {
      const answer = await post(path, body);
      expect([answer.status, await answer.json()], path).toEqual([
        422,
        { error: { key: 'validation', fields: { [field]: 'unknown' } } },
      ]);
    }
    expect(await read(`/vat-rates/${vat!.id}`)).toEqual(rate);
    expect(await read('/settings/customer-code')).toEqual(code);
    expect((await read('/settings/documents')).version).toBe(documents.version);
    const [after] = await h.db.owner.select().from(users).where(eq(users.id, member!.id));
    expect(after!.job).toBe(member!.job);
  });
});

describe('admin-only settings', () => {
  it('a member reads them but cannot change them (403 admin_required); nothing stored', async () => {
    for (const page of pages.filter(({ name }) => name === 'company information' || name === 'accounting')) {
      const before = await read(page.read, user);
      const answer = await post(page.edit, page.body(before), user);
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { error: { key: string } }).error.key).toBe('admin_required');
      expect(await read(page.read, user)).toEqual(before);
    }
    const format = await post('/settings/customer-code', { prefix: 'X', digits: 5, nextValue: 1 }, user);
    expect(format.status).toBe(403);
    const numbering = await post(
      '/settings/documents/edit',
      { version: (await read('/settings/documents', user)).version, invoiceNumberFormat: 'F{N5}' },
      user,
    );
    expect(numbering.status).toBe(403);
  });

  it("another company's settings path: 403 forbidden, its row untouched", async () => {
    for (const path of ['/v2/companies/2/settings/company', '/v2/companies/2/settings/costs']) {
      const answer = await h.request('GET', path, { token: admin });
      expect(answer.status).toBe(403);
    }
    const edit = await h.request('POST', '/v2/companies/2/settings/costs', {
      token: admin,
      json: { version: 1 },
    });
    expect(edit.status).toBe(403);
  });
});

describe('a company without its settings rows yet', () => {
  it('two first reads at once both answer the defaults (the row is stored once)', async () => {
    await h.db.owner.delete(documentSettings).where(eq(documentSettings.companyId, 1));
    const answers = await Promise.all([
      h.request('GET', `${base}/settings/documents`, { token: user }),
      h.request('GET', `${base}/document-settings`, { token: user }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await h.db.owner.select().from(documentSettings).where(eq(documentSettings.companyId, 1));
    expect(rows).toHaveLength(1);
  });
});
