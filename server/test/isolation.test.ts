/**
 * Tenant-isolation matrix: every API endpoint × every way of reaching another company's data or
 * acting without the right to is refused, and the answer carries nothing of the other company.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, notifications, users } from '../src/db/schema.js';
import { bootHarness, companyTwoFingerprints, expectNoLeak, type Harness } from './support/harness.js';
import {
  algNoneToken,
  expiredToken,
  forgedCompanyToken,
  hs512Token,
  otherKeyToken,
} from './support/tokens.js';

let h: Harness;
let ids: {
  admin1: number;
  user1: number;
  admin2: number;
  user2: number;
  notification2: number;
  customer2: number;
};
let tokens: { admin1: string; user1: string };

beforeAll(async () => {
  h = await bootHarness();
  ids = {
    admin1: await h.userId('admin@demo.fr'),
    user1: await h.userId('user@demo.fr'),
    admin2: await h.userId('admin@autre-demo.fr'),
    user2: await h.userId('user@autre-demo.fr'),
    notification2: 0,
    customer2: 0,
  };
  const [customer] = await h.db.owner
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, 2))
    .limit(1);
  ids.customer2 = customer!.id;
  const [row] = await h.db.owner
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, ids.user2))
    .limit(1);
  ids.notification2 = row!.id;
  tokens = { admin1: await h.tokenFor('admin@demo.fr'), user1: await h.tokenFor('user@demo.fr') };
});
afterAll(() => h.close());

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  /** Built with the company and a row id to aim at. */
  path: (companyId: number, rowId: number) => string;
  json?: (rowId: number) => unknown;
}

const newUser = { lastName: 'Intrus', firstName: 'Ivan', email: 'ivan.intrus@example.fr' };
const endpoints: Endpoint[] = [
  { name: 'list users', method: 'GET', path: (c) => `/v2/companies/${c}/users` },
  { name: 'get user', method: 'GET', path: (c, id) => `/v2/companies/${c}/users/${id}` },
  { name: 'create user', method: 'POST', path: (c) => `/v2/companies/${c}/users`, json: () => newUser },
  {
    name: 'edit user',
    method: 'POST',
    path: (c, id) => `/v2/companies/${c}/users/${id}/edit`,
    json: (id) => ({ id, locked: true, lastName: 'Pirate' }),
  },
  { name: 'list customers', method: 'GET', path: (c) => `/v2/companies/${c}/customers?q=a` },
  { name: 'get customer', method: 'GET', path: (c, id) => `/v2/companies/${c}/customers/${id}` },
  {
    name: 'create customer',
    method: 'POST',
    path: (c) => `/v2/companies/${c}/customers`,
    json: () => ({ type: 'private', lastName: 'Intrus' }),
  },
  {
    name: 'edit customer',
    method: 'POST',
    path: (c, id) => `/v2/companies/${c}/customers/${id}/edit`,
    json: (id) => ({ id, lastName: 'Pirate', customerCode: '66666' }),
  },
  {
    name: 'delete customer',
    method: 'POST',
    path: (c, id) => `/v2/companies/${c}/customers/${id}/delete`,
  },
  { name: 'customer settings', method: 'GET', path: (c) => `/v2/companies/${c}/customer-settings` },
  { name: 'list notifications', method: 'GET', path: () => '/v2/notifications?limit=5&offset=0' },
  { name: 'read notification', method: 'POST', path: (_c, id) => `/v2/notifications/${id}/read` },
  { name: 'authorization', method: 'GET', path: (_c, id) => `/v2/users/${id}/authorization` },
  { name: 'renew token', method: 'GET', path: () => '/api/jwt/access-token/renew' },
  ...invoicingEndpoints(),
  { name: 'token is valid', method: 'GET', path: () => '/api/jwt/access-token/is-valid' },
];

const byName = (name: string) => endpoints.find((e) => e.name === name)!;

/** Issue 9: business jobs, quotes, invoices and the invoicing settings. */
function invoicingEndpoints(): Endpoint[] {
  const line = { label: 'Intrusion', quantityMilli: 1000, unitPriceCents: 100, vatRateId: 1 };
  const rows: Endpoint[] = [];
  for (const [resource, label] of [
    ['business-jobs', 'business job'],
    ['quotes', 'quote'],
    ['invoices', 'invoice'],
  ] as const) {
    rows.push(
      { name: `list ${label}s`, method: 'GET', path: (c) => `/v2/companies/${c}/${resource}?q=a` },
      { name: `get ${label}`, method: 'GET', path: (c, id) => `/v2/companies/${c}/${resource}/${id}` },
      {
        name: `edit ${label}`,
        method: 'POST',
        path: (c, id) => `/v2/companies/${c}/${resource}/${id}/edit`,
        json: (id) => ({
          id,
          version: 1,
          ...(resource === 'business-jobs' ? { name: 'Pirate' } : { title: 'Pirate' }),
        }),
      },
      { name: `lock ${label}`, method: 'POST', path: (c, id) => `/v2/companies/${c}/${resource}/${id}/lock` },
      {
        name: `unlock ${label}`,
        method: 'POST',
        path: (c, id) => `/v2/companies/${c}/${resource}/${id}/unlock`,
      },
    );
  }
  for (const action of ['validate', 'revert', 'cancel', 'delete']) {
    rows.push({
      name: `${action} invoice`,
      method: 'POST',
      path: (c, id) => `/v2/companies/${c}/invoices/${id}/${action}`,
      json: () => ({ version: 1 }),
    });
  }
  rows.push(
    {
      name: 'create business job',
      method: 'POST',
      path: (c) => `/v2/companies/${c}/business-jobs`,
      json: (id) => ({ name: 'Intrusion', customerId: id }),
    },
    {
      name: 'create quote',
      method: 'POST',
      path: (c) => `/v2/companies/${c}/quotes`,
      json: (id) => ({ businessJobId: id, title: 'Intrusion', date: '2026-01-01', lines: [line] }),
    },
    {
      name: 'create invoice',
      method: 'POST',
      path: (c) => `/v2/companies/${c}/invoices`,
      json: (id) => ({ kind: 'final', quoteId: id }),
    },
    { name: 'vat rates', method: 'GET', path: (c) => `/v2/companies/${c}/vat-rates` },
    { name: 'document settings', method: 'GET', path: (c) => `/v2/companies/${c}/document-settings` },
  );
  return rows;
}

async function call(
  endpoint: Endpoint,
  companyId: number,
  rowId: number,
  token?: string,
  headers?: Record<string, string>,
) {
  const json = endpoint.json?.(rowId);
  const response = await h.request(endpoint.method, endpoint.path(companyId, rowId), {
    ...(token ? { token } : {}),
    ...(json !== undefined ? { json } : {}),
    ...(headers ? { headers } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
}

describe('no valid token: every endpoint answers 401 unauthorized', () => {
  const badTokens: [string, () => Promise<string | undefined> | string | undefined][] = [
    ['no token', () => undefined],
    ['expired token', () => expiredToken({ userId: ids.admin1, companyId: 1 })],
    ['token signed with another key', () => otherKeyToken({ userId: ids.admin1, companyId: 1 })],
    ['alg: none', () => algNoneToken({ userId: ids.admin1, companyId: 1 })],
    ['HS512 instead of HS256', () => hs512Token({ userId: ids.admin1, companyId: 1 })],
    ['garbage', () => 'not.a.jwt'],
    [
      'claims naming another company for the user',
      () => forgedCompanyToken({ userId: ids.admin1, companyId: 2 }),
    ],
  ];
  for (const endpoint of endpoints) {
    for (const [label, makeToken] of badTokens) {
      it(`${endpoint.name} × ${label}`, async () => {
        const { status, body, text } = await call(endpoint, 2, ids.user2, await makeToken());
        expect(status).toBe(401);
        expect(body).toEqual({ error: { key: 'unauthorized' } });
        expectNoLeak(text, companyTwoFingerprints);
      });
    }
    it(`${endpoint.name} × the session cookie instead of the bearer token`, async () => {
      const { status } = await call(endpoint, 1, ids.admin1, undefined, {
        cookie: `appAccessToken=${tokens.admin1}`,
      });
      expect(status).toBe(401);
    });
  }
});

describe("another company's enterprise_id in the path: 403 forbidden", () => {
  for (const endpoint of endpoints.filter((e) => e.path(7, 1).startsWith('/v2/companies/7'))) {
    for (const target of ['2', '999', '0', 'abc', '1.0', '01']) {
      it(`${endpoint.name} × enterprise_id ${target}`, async () => {
        const path = endpoint.path(1, ids.user2).replace('/companies/1', `/companies/${target}`);
        const json = endpoint.json?.(ids.user2);
        const response = await h.request(endpoint.method, path, {
          token: tokens.admin1,
          ...(json ? { json } : {}),
        });
        const text = await response.text();
        expect(response.status).toBe(403);
        expect(JSON.parse(text)).toEqual({ error: { key: 'forbidden' } });
        expectNoLeak(text, companyTwoFingerprints);
      });
    }
  }
});

describe("another company's row ids: refused, nothing leaks, nothing changes", () => {
  it('get user of company 2 through company 1 → 404', async () => {
    const { status, body, text } = await call(byName('get user'), 1, ids.user2, tokens.admin1);
    expect(status).toBe(404);
    expect(body).toEqual({ error: { key: 'not_found' } });
    expectNoLeak(text, companyTwoFingerprints);
  });

  it('edit user of company 2 through company 1 → 404 and the row is untouched', async () => {
    const { status, body, text } = await call(byName('edit user'), 1, ids.user2, tokens.admin1);
    expect(status).toBe(404);
    expect(body).toEqual({ error: { key: 'not_found' } });
    expectNoLeak(text, companyTwoFingerprints);
    const [row] = await h.db.owner.select().from(users).where(eq(users.id, ids.user2));
    expect(row).toMatchObject({ locked: false, lastName: 'Rousseau' });
  });

  it("get, edit and delete company 2's customer through company 1 → 404, untouched", async () => {
    const before = await h.db.owner.select().from(customers).where(eq(customers.id, ids.customer2));
    const aimed = ['get customer', 'edit customer', 'delete customer'];
    for (const endpoint of endpoints.filter((e) => aimed.includes(e.name))) {
      const { status, body, text } = await call(endpoint, 1, ids.customer2, tokens.admin1);
      expect(status).toBe(404);
      expect(body).toEqual({ error: { key: 'not_found' } });
      expectNoLeak(text, companyTwoFingerprints);
    }
    expect(await h.db.owner.select().from(customers).where(eq(customers.id, ids.customer2))).toEqual(before);
  });

  it("company 1 creating a customer does not move company 2's code counter", async () => {
    const counter = async () =>
      (await h.db.owner.execute(
        sql`select customer_code_counter as n from companies where id = 2`,
      )) as unknown as { rows: { n: number }[] };
    const before = (await counter()).rows[0]!.n;
    const { status } = await call(byName('create customer'), 1, 0, tokens.user1);
    expect(status).toBe(200);
    expect((await counter()).rows[0]!.n).toBe(before);
  });

  it("read company 2's notification → 404 and it stays unread", async () => {
    const before = await h.db.owner
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, ids.notification2));
    const { status, body, text } = await call(
      byName('read notification'),
      1,
      ids.notification2,
      tokens.admin1,
    );
    expect(status).toBe(404);
    expect(body).toEqual({ error: { key: 'not_found' } });
    expectNoLeak(text, companyTwoFingerprints);
    const after = await h.db.owner
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, ids.notification2));
    expect(after).toEqual(before);
  });

  it("read another user's notification of the same company → 404", async () => {
    const [mine] = await h.db.owner
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, ids.admin1), eq(notifications.companyId, 1)))
      .limit(1);
    const { status } = await call(byName('read notification'), 1, mine!.id, tokens.user1);
    expect(status).toBe(404);
  });

  it('authorization of a company 2 user (or a colleague) → 403', async () => {
    for (const target of [ids.user2, ids.admin2, ids.admin1]) {
      const { status, body, text } = await call(byName('authorization'), 1, target, tokens.user1);
      expect(status).toBe(403);
      expect(body).toEqual({ error: { key: 'forbidden' } });
      expectNoLeak(text, companyTwoFingerprints);
    }
  });

  it("company 2's jobs, quotes and invoices through company 1: 404 on every call, nothing changes", async () => {
    const one = async (table: string) =>
      (
        (await h.db.owner.execute(
          sql.raw(`select id from ${table} where company_id = 2 order by id desc limit 1`),
        )) as unknown as { rows: { id: number }[] }
      ).rows[0]!.id;
    const targets = {
      'business job': await one('business_jobs'),
      quote: await one('quotes'),
      invoice: await one('invoices'),
    };
    const snapshot = async () =>
      // The rows only: node-postgres results also carry parser functions that differ between calls.
      (
        (await h.db.owner.execute(
          sql`select (select json_agg(i order by id) from invoices i where company_id = 2) as invoices,
                   (select json_agg(q order by id) from quotes q where company_id = 2) as quotes,
                   (select json_agg(j order by id) from business_jobs j where company_id = 2) as jobs,
                   (select count(*) from edit_locks where company_id = 2) as locks`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const before = await snapshot();
    for (const [label, id] of Object.entries(targets)) {
      for (const endpoint of endpoints.filter(
        (e) => e.name.endsWith(` ${label}`) && !e.name.startsWith('create'),
      )) {
        const { status, body, text } = await call(endpoint, 1, id, tokens.user1);
        expect([endpoint.name, status, body]).toEqual([endpoint.name, 404, { error: { key: 'not_found' } }]);
        expectNoLeak(text, companyTwoFingerprints);
      }
    }
    // Creations that name another company's customer, job or quote.
    for (const [name, id] of [
      ['create business job', ids.customer2],
      ['create quote', targets['business job']],
      ['create invoice', targets.quote],
    ] as const) {
      const { status, text } = await call(byName(name), 1, id, tokens.user1);
      expect([name, status]).toEqual([name, 404]);
      expectNoLeak(text, companyTwoFingerprints);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the lists hold company 1 rows only', async () => {
    for (const endpoint of endpoints.filter((e) => e.name.startsWith('list'))) {
      const { status, text } = await call(endpoint, 1, 0, tokens.admin1);
      expect(status).toBe(200);
      expectNoLeak(text, companyTwoFingerprints);
    }
  });
});

describe('a non-admin on admin writes: 403 admin_required, nothing written', () => {
  it('create user', async () => {
    const { status, body } = await call(byName('create user'), 1, 0, tokens.user1);
    expect(status).toBe(403);
    expect(body).toEqual({ error: { key: 'admin_required' } });
    const rows = await h.db.owner.select().from(users).where(eq(users.email, newUser.email));
    expect(rows).toEqual([]);
  });

  it('edit user (lock a colleague, grant oneself admin)', async () => {
    for (const [target, json] of [
      [ids.admin1, { id: ids.admin1, locked: true }],
      [ids.user1, { id: ids.user1, admin: true }],
    ] as const) {
      const response = await h.request('POST', `/v2/companies/1/users/${target}/edit`, {
        token: tokens.user1,
        json,
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: { key: 'admin_required' } });
    }
    const [admin] = await h.db.owner.select().from(users).where(eq(users.id, ids.admin1));
    const [user] = await h.db.owner.select().from(users).where(eq(users.id, ids.user1));
    expect(admin!.locked).toBe(false);
    expect(user!.admin).toBe(false);
  });
});
