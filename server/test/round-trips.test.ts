/**
 * The per-request cost of an authenticated tenant request, counted in round trips to the
 * database rather than timed (issue 8: "one round trip per request where possible"), and the fence
 * that goes with reusing pooled connections: over a pool of one connection, no request ever runs
 * with the company of the request before it, and no tenant setting outlives its transaction.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatement } from '../src/db/database.js';
import { customers } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let tokens: Record<1 | 2, string>;
const poolSize = process.env.DATABASE_POOL_SIZE;
beforeAll(async () => {
  // One pooled connection: every request reuses the connection the previous one left.
  process.env.DATABASE_POOL_SIZE = '1';
  h = await bootHarness();
  if (poolSize === undefined) delete process.env.DATABASE_POOL_SIZE;
  else process.env.DATABASE_POOL_SIZE = poolSize;
  tokens = { 1: await h.tokenFor('user@demo.fr'), 2: await h.tokenFor('user@autre-demo.fr') };
});
afterAll(() => h.close());

/**
 * The statements node-postgres is given while `run` runs, grouped by round trip: a statement given
 * before any answer came back since the group began travels with it (pipelined, one write); one
 * given after an answer starts the next round trip.
 */
async function roundTripsDuring(run: () => Promise<unknown>): Promise<string[][]> {
  const trips: string[][] = [];
  let answered = 0;
  let answeredAtTripStart = -1;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    if (answered !== answeredAtTripStart || trips.length === 0) {
      trips.push([]);
      answeredAtTripStart = answered;
    }
    trips.at(-1)!.push(typeof first === 'string' ? first : String((first as { text?: string })?.text));
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    void Promise.resolve(result).then(
      () => answered++,
      () => answered++,
    );
    return result;
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return trips;
}

/** What a pooled connection carries, read by the owner (on a pool of one: the same connection). */
const leftOver = async () =>
  (
    (await h.db.owner.execute(
      sql`select current_user as role, coalesce(current_setting('app.company_id', true), '') as company,
        current_setting('statement_timeout') as "statementTimeout",
        current_setting('idle_in_transaction_session_timeout') as "idleTimeout",
        current_setting('plan_cache_mode') as "planCacheMode"`,
    )) as unknown as { rows: { role: string; company: string }[] }
  ).rows[0]!;

const customerIds = async (companyId: number) =>
  new Set(
    (
      await h.db.owner
        .select({ id: customers.id })
        .from(customers)
        .where(sql`${customers.companyId} = ${companyId}`)
    ).map((row) => row.id),
  );

describe('per-request round trips', () => {
  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: a first page of customers is one round trip (its transaction: BEGIN with the settings, the page, COMMIT), plus the session check when the token is new to this process',
    async () => {
      const firstPage = (company: 1 | 2) => async () => {
        const response = await h.request('GET', `/v2/companies/${company}/customers`, {
          token: tokens[company],
        });
        expect(response.status).toBe(200);
      };
      const transaction = (company: 1 | 2) => [
        expect.stringMatching(
          new RegExp(
            `^begin; set local role bo_app; set local app.company_id = '${company}'; ` +
              'set local statement_timeout = \\d+; set local idle_in_transaction_session_timeout = \\d+; ' +
              'set local plan_cache_mode = force_generic_plan$',
          ),
        ),
        expect.stringMatching(/from "customers"/),
        'commit',
      ];
      // A new token: the session check, then the page's transaction.
      tokens[2] = await h.tokenFor('user@autre-demo.fr');
      const first = await roundTripsDuring(firstPage(2));
      expect(first).toHaveLength(2);
      expect(first[0]).toHaveLength(1);
      expect(first[0]![0]).toMatch(/from "sessions"/);
      expect(first[1]).toEqual(transaction(2));
      // The same token a moment later (auth/session-cache.ts): the page's transaction alone, the
      // same for either company (nothing is kept on the connection between requests).
      expect(await roundTripsDuring(firstPage(2))).toEqual([transaction(2)]);
      await roundTripsDuring(firstPage(1));
      expect(await roundTripsDuring(firstPage(2))).toEqual([transaction(2)]);
    },
  );
});

describe('no stale company on a pooled connection', () => {
  it('requests of two companies alternating over one connection each see only their own customers', async () => {
    const own = { 1: await customerIds(1), 2: await customerIds(2) };
    expect(own[1].size).toBeGreaterThan(0);
    expect(own[2].size).toBeGreaterThan(0);
    for (let round = 0; round < 6; round++) {
      for (const company of [1, 2] as const) {
        const response = await h.request('GET', `/v2/companies/${company}/customers?limit=200`, {
          token: tokens[company],
        });
        expect(response.status).toBe(200);
        const page = (await response.json()) as { data: { id: number }[]; info: { hits: number } };
        expect(page.info.hits).toBe(own[company].size);
        expect(page.data.length).toBe(own[company].size);
        for (const row of page.data) expect(own[company].has(row.id)).toBe(true);
      }
    }
  });

  it('60 requests of two companies at once, queued on one connection, each see only their own customers', async () => {
    const own = { 1: await customerIds(1), 2: await customerIds(2) };
    const companies = Array.from({ length: 60 }, (_, i) => ((i % 3) % 2 === 0 ? 1 : 2) as 1 | 2);
    const pages = await Promise.all(
      companies.map(async (company) => {
        const response = await h.request('GET', `/v2/companies/${company}/customers?limit=200`, {
          token: tokens[company],
        });
        return {
          company,
          status: response.status,
          ids: ((await response.json()) as { data: { id: number }[] }).data,
        };
      }),
    );
    for (const { company, status, ids } of pages) {
      expect(status).toBe(200);
      expect(new Set(ids.map((row) => row.id))).toEqual(own[company]);
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'a tenant read whose settings were refused: the read is refused and its rows unused, and the connection serves the next read fenced',
    async () => {
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        if (
          typeof args[0] === 'string' &&
          args[0].startsWith('begin;') &&
          args[0].includes("company_id = '2'")
        )
          return Promise.reject(new Error('refused'));
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        // The statement still travels behind the refused BEGIN (one round trip), outside any
        // transaction and so as the owner: its rows must not be answered.
        await expect(
          h.db.tenantRead<{ company_id: number }>(2, sql`select company_id from customers`),
        ).rejects.toThrow('refused');
      } finally {
        pg.Client.prototype.query = original;
      }
      const after = await h.db.tenantRead<{ company_id: number }>(2, sql`select company_id from customers`);
      expect(new Set(after.map((row) => row.company_id))).toEqual(new Set([2]));
    },
  );

  it('after a tenant transaction or read, committed or failed, the connection carries neither role, company nor timeouts', async () => {
    const clean = await leftOver();
    expect(clean).toEqual(
      expect.objectContaining({ role: expect.not.stringMatching(/^bo_app$/), company: '' }),
    );
    await h.db.withTenant(1, (tx) => tx.select({ id: customers.id }).from(customers).limit(1));
    expect(await leftOver()).toEqual(clean);
    await expect(h.db.withTenant(2, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    expect(await leftOver()).toEqual(clean);
    await h.db.tenantRead(1, readStatement(sql`select id from customers limit 1`, { genericPlan: true }));
    expect(await leftOver()).toEqual(clean);
    await expect(h.db.tenantRead(2, sql`select 1 / 0`)).rejects.toThrow();
    expect(await leftOver()).toEqual(clean);
    // And the next tenant transaction on that same connection works and is fenced to its company.
    const seen = await h.db.withTenant(1, (tx) =>
      tx.select({ companyId: customers.companyId }).from(customers),
    );
    expect(new Set(seen.map((row) => row.companyId))).toEqual(new Set([1]));
  });

  it('a tenant read is fenced like withTenant, leaves nothing on the owner connection, and a failed read takes no company with it', async () => {
    const rows = await h.db.tenantRead<{ company_id: number }>(1, sql`select company_id from customers`);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.company_id))).toEqual(new Set([1]));
    expect(await leftOver()).toMatchObject({ role: expect.not.stringMatching(/^bo_app$/), company: '' });
    await expect(h.db.tenantRead(2, sql`select 1 / 0`)).rejects.toThrow();
    expect(await leftOver()).toMatchObject({ role: expect.not.stringMatching(/^bo_app$/), company: '' });
    const after = await h.db.tenantRead<{ company_id: number }>(2, sql`select company_id from customers`);
    expect(new Set(after.map((row) => row.company_id))).toEqual(new Set([2]));
  });

  it('refuses a company id that is not a positive integer before sending anything', async () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      await expect(h.db.withTenant(bad, async () => 1)).rejects.toThrow('Invalid tenant company id');
      await expect(h.db.tenantRead(bad, sql`select 1`)).rejects.toThrow('Invalid tenant company id');
    }
  });
});

describe('the customers list page, JSON written by PostgreSQL', () => {
  // Characters of one to four UTF-8 bytes: a page decoded or encoded the wrong way would not give
  // them back.
  const name = `Œuvre d’Élodie – 5 € ÿ 😀 ${'utf8bytes'}`;

  it('a name of multi-byte characters is listed exactly as stored, searched or not', async () => {
    const [created] = await h.db.owner
      .insert(customers)
      .values({ companyId: 1, type: 'private', lastName: name, firstName: 'Zoé', customerCode: 'TB-1' })
      .returning({ id: customers.id });
    const response = await h.request('GET', '/v2/companies/1/customers?q=utf8bytes', { token: tokens[1] });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.includes(Buffer.from(name, 'utf8'))).toBe(true);
    const page = JSON.parse(bytes.toString('utf8')) as { data: { id: number; lastName: string }[] };
    expect(page.data).toEqual([expect.objectContaining({ id: created!.id, lastName: name })]);
    const list = await h.request('GET', '/v2/companies/1/customers?limit=200', { token: tokens[1] });
    expect(Buffer.from(await list.arrayBuffer()).includes(Buffer.from(name, 'utf8'))).toBe(true);
  });
});
