/**
 * The per-request cost of an authenticated tenant request, counted in round trips to the
 * database rather than timed (issue 8: "one round trip per request where possible"), and the guard
 * that goes with keeping the company on the tenant-read connections: over pools of one connection,
 * no request ever runs with the company setting of the request before it.
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
    'PostgreSQL: a first page of customers is one statement in one round trip, plus the session check when the token is new to this process and the company setting when it changes',
    async () => {
      const firstPage = (company: 1 | 2) => async () => {
        const response = await h.request('GET', `/v2/companies/${company}/customers`, {
          token: tokens[company],
        });
        expect(response.status).toBe(200);
      };
      const page = expect.stringMatching(/from "customers"/);
      // A new token, on a tenant-read connection never used: the session check, then the
      // connection's role and settings (confirmed once for its lifetime), then the page.
      tokens[2] = await h.tokenFor('user@autre-demo.fr');
      const first = await roundTripsDuring(firstPage(2));
      expect(first).toHaveLength(3);
      expect(first[0]).toHaveLength(1);
      expect(first[0]![0]).toMatch(/from "sessions"/);
      expect(first[1]).toEqual([
        "set role bo_app; set app.company_id = '2'; set plan_cache_mode = force_generic_plan",
      ]);
      expect(first[2]).toEqual([page]);
      // The same token a moment later (auth/session-cache.ts), the same company: the page alone.
      expect(await roundTripsDuring(firstPage(2))).toEqual([[page]]);
      // Another company: its setting travels with the page.
      await roundTripsDuring(firstPage(1));
      expect(await roundTripsDuring(firstPage(2))).toEqual([["set app.company_id = '2'", page]]);
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
    'a company setting PostgreSQL did not confirm: the read is refused, its rows unused, and its connection never serves again',
    async () => {
      await h.db.tenantRead(1, sql`select 1`);
      const original = pg.Client.prototype.query;
      const used = new Set<pg.Client>();
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        used.add(this);
        if (args[0] === "set app.company_id = '2'") return Promise.reject(new Error('refused'));
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        // The statement still travels with the refused setting (pipelined): it must not be answered.
        await expect(
          h.db.tenantRead<{ company_id: number }>(2, sql`select company_id from customers`),
        ).rejects.toThrow('refused');
      } finally {
        pg.Client.prototype.query = original;
      }
      const [failed] = [...used];
      const after = await h.db.tenantRead<{ company_id: number }>(2, sql`select company_id from customers`);
      expect(new Set(after.map((row) => row.company_id))).toEqual(new Set([2]));
      // A new connection answered (the pool holds one; the failed one was closed).
      expect((failed as unknown as { _ending: boolean })._ending).toBe(true);
    },
  );

  it('after a tenant transaction, committed or failed, the connection carries neither role nor company', async () => {
    const leftOver = async () =>
      (
        (await h.db.owner.execute(
          sql`select current_user as role, coalesce(current_setting('app.company_id', true), '') as company`,
        )) as unknown as { rows: { role: string; company: string }[] }
      ).rows[0]!;
    await h.db.withTenant(1, (tx) => tx.select({ id: customers.id }).from(customers).limit(1));
    expect(await leftOver()).toEqual({ role: expect.not.stringMatching(/^bo_app$/), company: '' });
    await expect(h.db.withTenant(2, (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow();
    expect(await leftOver()).toEqual({ role: expect.not.stringMatching(/^bo_app$/), company: '' });
    // And the next tenant transaction on that same connection works and is fenced to its company.
    const seen = await h.db.withTenant(1, (tx) =>
      tx.select({ companyId: customers.companyId }).from(customers),
    );
    expect(new Set(seen.map((row) => row.companyId))).toEqual(new Set([1]));
  });

  it('a pipelined read (tenantRead) is fenced like withTenant, leaves nothing on the owner connection, and a failed read takes no company with it', async () => {
    const leftOver = async () =>
      (
        (await h.db.owner.execute(
          sql`select current_user as role, coalesce(current_setting('app.company_id', true), '') as company`,
        )) as unknown as { rows: { role: string; company: string }[] }
      ).rows[0]!;
    const rows = await h.db.tenantRead<{ company_id: number }>(1, sql`select company_id from customers`);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.company_id))).toEqual(new Set([1]));
    expect(await leftOver()).toEqual({ role: expect.not.stringMatching(/^bo_app$/), company: '' });
    await expect(h.db.tenantRead(2, sql`select 1 / 0`)).rejects.toThrow();
    expect(await leftOver()).toEqual({ role: expect.not.stringMatching(/^bo_app$/), company: '' });
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

describe('text read as its bytes (the customers list page)', () => {
  // Characters of one to four UTF-8 bytes, and none of latin1's own: a page decoded or encoded the
  // wrong way would not give them back.
  const name = `Œuvre d’Élodie – 5 € ÿ 😀 ${'textbytes'}`;

  it('a name of multi-byte characters is listed exactly as stored, and the next read on that connection decodes text as before', async () => {
    const [created] = await h.db.owner
      .insert(customers)
      .values({ companyId: 1, type: 'private', lastName: name, firstName: 'Zoé', customerCode: 'TB-1' })
      .returning({ id: customers.id });
    const response = await h.request('GET', '/v2/companies/1/customers?q=textbytes', { token: tokens[1] });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.includes(Buffer.from(name, 'utf8'))).toBe(true);
    const page = JSON.parse(bytes.toString('utf8')) as { data: { id: number; lastName: string }[] };
    expect(page.data).toEqual([expect.objectContaining({ id: created!.id, lastName: name })]);
    // The list without a search: its reads are pipelined on a shared connection (tenant-reads.ts).
    const list = await h.request('GET', '/v2/companies/1/customers?limit=200', { token: tokens[1] });
    expect(Buffer.from(await list.arrayBuffer()).includes(Buffer.from(name, 'utf8'))).toBe(true);

    // One pooled connection: this read is served by the one the page was read on.
    const [row] = await h.db.tenantRead<{ last_name: string }>(
      1,
      sql`select last_name from customers where id = ${created!.id}`,
    );
    expect(row!.last_name).toBe(name);
  });

  it('an error raised by a statement read with its text as bytes keeps its words (UTF-8, as logged and answered)', async () => {
    const statement = readStatement(sql`select ${'Élodie €'}::int as n`, {
      textAsBytes: true,
      pipelined: true,
    });
    await expect(h.db.tenantRead(1, statement)).rejects.toThrow(
      'invalid input syntax for type integer: "Élodie €"',
    );
  });

  it('a statement read with its text as bytes gets Buffers of its text columns only, on either database', async () => {
    const [row] = await h.db.tenantRead<{ label: Buffer; n: number; amount: string; nothing: Buffer | null }>(
      1,
      readStatement(
        sql`select ${name}::text as label, 42::int as n, 12.50::numeric as amount, null::text as nothing`,
        { textAsBytes: true },
      ),
    );
    expect(Buffer.isBuffer(row!.label)).toBe(true);
    expect(row!.label.equals(Buffer.from(name, 'utf8'))).toBe(true);
    // Other types as an ordinary read gives them (node-postgres and PGlite both give numeric as text).
    expect(row).toMatchObject({ n: 42, amount: '12.50', nothing: null });
  });
});
