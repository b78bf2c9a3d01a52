/**
 * Tenant-isolation matrix, generated from the OpenAPI document: every operation × every way of
 * reaching another company's data or acting without the right to is refused, and the answer
 * carries nothing of the other company. Without a token → 401; another company's enterprise_id →
 * 403; another company's row ids → 404.
 */

import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banks,
  businessJobs,
  companyFiles,
  customers,
  invoices,
  libraryFamilies,
  libraryItems,
  measureGroups,
  notifications,
  payments,
  purchases,
  quotes,
  tenantTables,
  users,
  vatRates,
} from '../src/db/schema.js';
import { bootHarness, companyTwoFingerprints, expectNoLeak, type Harness } from './support/harness.js';
import { fillPath, type Operation, openApiDocument, operationsOf, sampleBody } from './support/openapi.js';
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
  businessJob2: number;
  quote2: number;
  invoice2: number;
  bank2: number;
  vatRate2: number;
  libraryItem2: number;
  libraryFamily2: number;
  measureGroup2: number;
  purchase2: number;
};
let tokens: { admin1: string; user1: string };
let sessionIds: { admin1: string };

beforeAll(async () => {
  h = await bootHarness();
  ids = {
    admin1: await h.userId('admin@demo.fr'),
    user1: await h.userId('user@demo.fr'),
    admin2: await h.userId('admin@autre-demo.fr'),
    user2: await h.userId('user@autre-demo.fr'),
    notification2: 0,
    customer2: 0,
    businessJob2: 0,
    quote2: 0,
    invoice2: 0,
    bank2: 0,
    vatRate2: 0,
    libraryItem2: 0,
    libraryFamily2: 0,
    measureGroup2: 0,
    purchase2: 0,
  };
  for (const [key, table] of [
    ['businessJob2', businessJobs],
    ['quote2', quotes],
    ['invoice2', invoices],
    ['bank2', banks],
    ['vatRate2', vatRates],
    ['measureGroup2', measureGroups],
  ] as const) {
    const [first] = await h.db.owner
      .select({ id: table.id })
      .from(table)
      .where(eq(table.companyId, 2))
      .limit(1);
    ids[key] = first!.id;
  }
  const [customer] = await h.db.owner
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, 2))
    .limit(1);
  ids.customer2 = customer!.id;
  // The price library (issue 22) has no seed yet: one item of company 2 to aim at.
  const [libraryItem] = await h.db.owner
    .insert(libraryItems)
    .values({ companyId: 2, kind: 'supply', designation: 'Ardoise Durand', unitCostCents: 500 })
    .returning({ id: libraryItems.id });
  ids.libraryItem2 = libraryItem!.id;
  const [family] = await h.db.owner
    .insert(libraryFamilies)
    .values({ companyId: 2, name: 'Couverture Durand' })
    .returning({ id: libraryFamilies.id });
  ids.libraryFamily2 = family!.id;
  const [row] = await h.db.owner
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, ids.user2))
    .limit(1);
  ids.notification2 = row!.id;
  // Both companies have a logo: company 1's own is served, never company 2's.
  await h.db.owner.insert(companyFiles).values(
    [1, 2].map((companyId) => ({
      companyId,
      purpose: 'logo',
      contentType: 'image/png',
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, companyId]),
    })),
  );
  // And a footer logo each (the documents' second logo): company 2's bytes carry its fingerprint.
  await h.db.owner.insert(companyFiles).values(
    [1, 2].map((companyId) => ({
      companyId,
      purpose: 'footer-logo',
      contentType: 'image/png',
      bytes: new Uint8Array([
        ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        ...new TextEncoder().encode(companyId === 2 ? companyTwoFingerprints[0] : 'pied'),
      ]),
    })),
  );
  // « Gestion chantier »: a supplier's file kept on company 2's job (its bytes carry its fingerprint).
  const [purchase] = await h.db.owner
    .insert(purchases)
    .values({
      companyId: 2,
      businessJobId: ids.businessJob2,
      supplierName: 'Fournisseur Durand',
      invoiceNumber: 'F-2',
      invoiceDate: '2026-11-16',
      exclTaxCents: 100,
      vatCents: 20,
      inclTaxCents: 120,
      source: 'cii',
      fileName: 'durand.xml',
      fileType: 'application/xml',
      file: new TextEncoder().encode(`<x>${companyTwoFingerprints[0]}</x>`),
    })
    .returning({ id: purchases.id });
  ids.purchase2 = purchase!.id;
  tokens = { admin1: await h.tokenFor('admin@demo.fr'), user1: await h.tokenFor('user@demo.fr') };
  sessionIds = { admin1: decodeJwt(tokens.admin1).sid as string };
});
afterAll(() => h.close());

/** Every operation of the generated OpenAPI document: a new endpoint joins the matrix by itself. */
const doc = await openApiDocument();
const operations = operationsOf(doc);
const bearerOperations = operations.filter((op) => op.bearer);

/**
 * Deliberately public operations (`security: []`). A new one must be added here on purpose.
 */
const publicOperations = ['POST /v3/client-logs/logs/', 'POST /v3/client-logs/logs'];

/**
 * How to aim at another company's row, per path parameter (keyed by the collection before it, as
 * `id` alone names a user in one path and a customer in another). A path parameter without an entry
 * fails the run: a new endpoint cannot skip the 404 check.
 */
const otherCompanyRow: Record<string, () => number> = {
  'users/{userId}': () => ids.user2,
  'users/{id}': () => ids.user2,
  'customers/{customerId}': () => ids.customer2,
  'customers/{id}': () => ids.customer2,
  'notifications/{notificationId}': () => ids.notification2,
  'business-jobs/{id}': () => ids.businessJob2,
  'purchases/{purchaseId}': () => ids.purchase2,
  'quotes/{id}': () => ids.quote2,
  'invoices/{id}': () => ids.invoice2,
  'banks/{id}': () => ids.bank2,
  'vat-rates/{id}': () => ids.vatRate2,
  'items/{id}': () => ids.libraryItem2,
  'families/{id}': () => ids.libraryFamily2,
  'measure-groups/{id}': () => ids.measureGroup2,
  // An application is not a row: a number names none of them (404, as another company's row).
  'applications/{type}': () => ids.measureGroup2,
};

function rowValues(op: Operation, pick: (key: string) => number): Record<string, number> {
  const values: Record<string, number> = {};
  for (const { name, key } of op.rowParams) {
    if (!(key in otherCompanyRow)) {
      throw new Error(
        `${op.name}: no entry for "${key}" in otherCompanyRow (test/isolation.test.ts). Add how to find another company's row for it.`,
      );
    }
    values[name] = pick(key);
  }
  return values;
}

async function callOperation(
  op: Operation,
  {
    enterpriseId,
    rows,
    token,
    headers,
  }: {
    enterpriseId: string | number;
    rows: Record<string, number>;
    token?: string;
    headers?: Record<string, string>;
  },
) {
  const json = op.jsonBody ? sampleBody(doc, op.jsonBody, rows) : undefined;
  const response = await h.request(op.method, fillPath(op.path, { enterprise_id: enterpriseId, ...rows }), {
    ...(token ? { token } : {}),
    ...(json !== undefined ? { json } : {}),
    ...(headers ? { headers } : {}),
  });
  const text = await response.text();
  // A file (the logo) is not JSON: its bytes are checked for leaks as text all the same.
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, text, body: text && isJson ? JSON.parse(text) : null };
}

/** A checksum of every tenant table's rows of company 2: nothing may change them. */
async function companyTwoChecksum(): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of tenantTables) {
    const { rows } = (await h.db.owner.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${table} t where company_id = 2`,
      ),
    )) as unknown as { rows: { sum: string }[] };
    sums[table] = rows[0]!.sum;
  }
  return sums;
}

describe('the matrix covers the whole API', () => {
  it('every operation declares its security; the public ones are exactly the known ones', () => {
    expect(operations.length).toBeGreaterThanOrEqual(16);
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    for (const op of operations)
      expect(doc.paths[op.path]![op.method.toLowerCase()]!.security, op.name).toBeInstanceOf(Array);
    expect(
      operations
        .filter((op) => !op.bearer && !op.apiKey)
        .map((op) => op.name)
        .sort(),
    ).toEqual([...publicOperations].sort());
    // The connector's operations (X-Api-Key): test/measure-connector.test.ts holds their isolation.
    expect(operations.filter((op) => op.apiKey).every((op) => op.path.startsWith('/v2/applications/'))).toBe(
      true,
    );
  });
});

describe('no valid token: every operation answers 401 unauthorized', () => {
  const badTokens: [string, () => Promise<string | undefined> | string | undefined][] = [
    ['no token', () => undefined],
    ['expired token', () => expiredToken({ userId: ids.admin1, companyId: 1 })],
    ['token signed with another key', () => otherKeyToken({ userId: ids.admin1, companyId: 1 })],
    ['alg: none', () => algNoneToken({ userId: ids.admin1, companyId: 1 })],
    ['HS512 instead of HS256', () => hs512Token({ userId: ids.admin1, companyId: 1 })],
    ['garbage', () => 'not.a.jwt'],
    [
      "claims naming another company for the user (with the user's live session)",
      () => forgedCompanyToken({ userId: ids.admin1, companyId: 2, sid: sessionIds.admin1 }),
    ],
  ];
  for (const op of bearerOperations) {
    for (const [label, makeToken] of badTokens) {
      it(`${op.name} × ${label}`, async () => {
        const token = await makeToken();
        const { status, body, text } = await callOperation(op, {
          enterpriseId: 2,
          rows: rowValues(op, (key) => otherCompanyRow[key]!()),
          ...(token ? { token } : {}),
        });
        expect(status).toBe(401);
        expect(body).toEqual({ error: { key: 'unauthorized' } });
        expectNoLeak(text, companyTwoFingerprints);
      });
    }
    it(`${op.name} × the session cookie instead of the bearer token`, async () => {
      const { status } = await callOperation(op, {
        enterpriseId: 1,
        rows: rowValues(op, () => ids.admin1),
        headers: { cookie: `appAccessToken=${tokens.admin1}` },
      });
      expect(status).toBe(401);
    });
  }
});

describe("another company's enterprise_id in the path: 403 forbidden", () => {
  for (const op of bearerOperations.filter((o) => o.path.includes('{enterprise_id}'))) {
    for (const target of ['2', '999', '0', 'abc', '1.0', '01']) {
      it(`${op.name} × enterprise_id ${target}`, async () => {
        const { status, body, text } = await callOperation(op, {
          enterpriseId: target,
          rows: rowValues(op, (key) => otherCompanyRow[key]!()),
          token: tokens.admin1,
        });
        expect(status).toBe(403);
        expect(body).toEqual({ error: { key: 'forbidden' } });
        expectNoLeak(text, companyTwoFingerprints);
      });
    }
  }
});

describe("another company's row ids in the path: 404 not_found, nothing changes", () => {
  const aimed = bearerOperations.filter((op) => op.rowParams.length > 0);
  it('there are such operations', () => expect(aimed.length).toBeGreaterThanOrEqual(6));
  for (const op of aimed) {
    it(op.name, async () => {
      const before = await companyTwoChecksum();
      const { status, body, text } = await callOperation(op, {
        enterpriseId: 1,
        rows: rowValues(op, (key) => otherCompanyRow[key]!()),
        token: tokens.admin1,
      });
      expect(status).toBe(404);
      expect(body).toEqual({ error: { key: 'not_found' } });
      expectNoLeak(text, companyTwoFingerprints);
      expect(await companyTwoChecksum()).toEqual(before);
    });
  }
});

const call = (name: string, rows: Record<string, number>, token: string) =>
  callOperation(operations.find((op) => op.name === name)!, { enterpriseId: 1, rows, token });

describe('writes aimed at another company with real changes in the body: 404, untouched', () => {
  it('edit user of company 2 through company 1', async () => {
    const response = await h.request('POST', `/v2/companies/1/users/${ids.user2}/edit`, {
      token: tokens.admin1,
      json: { id: ids.user2, locked: true, lastName: 'Pirate' },
    });
    expect(response.status).toBe(404);
    expectNoLeak(await response.text(), companyTwoFingerprints);
    const [row] = await h.db.owner.select().from(users).where(eq(users.id, ids.user2));
    expect(row).toMatchObject({ locked: false, lastName: 'Rousseau' });
  });

  it("edit and delete company 2's customer through company 1", async () => {
    const before = await h.db.owner.select().from(customers).where(eq(customers.id, ids.customer2));
    for (const [path, json] of [
      [
        `/v2/companies/1/customers/${ids.customer2}/edit`,
        { id: ids.customer2, lastName: 'Pirate', customerCode: '66666' },
      ],
      [`/v2/companies/1/customers/${ids.customer2}/delete`, undefined],
    ] as const) {
      const response = await h.request('POST', path, { token: tokens.admin1, ...(json ? { json } : {}) });
      expect(response.status, path).toBe(404);
      expectNoLeak(await response.text(), companyTwoFingerprints);
    }
    expect(await h.db.owner.select().from(customers).where(eq(customers.id, ids.customer2))).toEqual(before);
  });

  it("company 1 creating a customer does not move company 2's code counter", async () => {
    const counter = async () =>
      (await h.db.owner.execute(
        sql`select last_number as n from numbering_counters where company_id = 2 and sequence = 'customer'`,
      )) as unknown as { rows: { n: number }[] };
    const before = (await counter()).rows[0]!.n;
    const response = await h.request('POST', '/v2/companies/1/customers', {
      token: tokens.user1,
      json: { type: 'private', lastName: 'Intrus' },
    });
    expect(response.status).toBe(200);
    expect((await counter()).rows[0]!.n).toBe(before);
  });

  it("read another user's notification of the same company → 404", async () => {
    const [mine] = await h.db.owner
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, ids.admin1), eq(notifications.companyId, 1)))
      .limit(1);
    const { status } = await call(
      'POST /v2/notifications/{notificationId}/read',
      { notificationId: mine!.id },
      tokens.user1,
    );
    expect(status).toBe(404);
  });

  it("authorization of a colleague → 404 (only one's own)", async () => {
    const { status, body } = await call(
      'GET /v2/users/{userId}/authorization',
      { userId: ids.admin1 },
      tokens.user1,
    );
    expect(status).toBe(404);
    expect(body).toEqual({ error: { key: 'not_found' } });
  });

  it('the lists (and the exports, over every date) hold company 1 rows only', async () => {
    const [bank] = await h.db.owner
      .select({ id: banks.id })
      .from(banks)
      .where(eq(banks.companyId, 1))
      .limit(1);
    const cheques = await h.db.owner
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.companyId, 1), eq(payments.mode, 'check'), eq(payments.bankId, bank!.id)));
    const period = 'from=2000-01-01&to=2100-12-31';
    // Operations whose query is required: a request that reaches their data.
    const queries: Record<string, string> = {
      'GET /v2/companies/{enterprise_id}/exports/bank-journal': `?${period}&bankId=${bank!.id}`,
      'GET /v2/companies/{enterprise_id}/exports/cheque-remittance': `?format=csv&ids=${cheques.map((c) => c.id).join(',')}`,
      'GET /v2/companies/{enterprise_id}/exports/collected-vat': `?${period}`,
      'GET /v2/companies/{enterprise_id}/exports/sales-journal': `?${period}`,
      'GET /v2/companies/{enterprise_id}/exports/fec': `?${period}`,
      // The reporting answers at most ten years (its monthly series): the seed's years.
      ...Object.fromEntries(
        ['summary', 'series', 'margins', 'vat'].map((figure) => [
          `GET /v2/companies/{enterprise_id}/reporting/${figure}`,
          '?from=2020-01-01&to=2029-12-31',
        ]),
      ),
    };
    for (const op of bearerOperations.filter((o) => o.method === 'GET' && o.rowParams.length === 0)) {
      const url = fillPath(op.path, { enterprise_id: 1 }) + (queries[op.name] ?? '');
      const response = await h.request('GET', url, { token: tokens.admin1 });
      expect(response.status, op.name).toBe(200);
      expectNoLeak(await response.text(), companyTwoFingerprints);
    }
  });
});

describe('a non-admin on admin writes: 403 admin_required, nothing written', () => {
  it('create user', async () => {
    const email = 'ivan.intrus@example.fr';
    const response = await h.request('POST', '/v2/companies/1/users', {
      token: tokens.user1,
      json: { lastName: 'Intrus', firstName: 'Ivan', email },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { key: 'admin_required' } });
    expect(await h.db.owner.select().from(users).where(eq(users.email, email))).toEqual([]);
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
