/**
 * The hot lists' reads (statements declared `pipelined`) share a few connections per company, sent
 * one after the other without waiting (src/db/tenant-reads.ts). What must hold whatever the
 * timing: every read sees its own company only, a company's reads keep to their lanes, a failed
 * statement costs only itself, a refused company setting gives nobody rows, and a company waiting
 * for a connection is served while another keeps reading. PostgreSQL only: PGlite runs one
 * statement at a time in the process, with no connections to share.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, readStatement } from '../src/db/database.js';
import { openTestDatabase } from './support/harness.js';

interface Probe {
  pid: number;
  companies: number[];
}

/** Which backend answered, and the companies whose customers the read could see. */
const probe = readStatement(
  sql`select pg_backend_pid() as pid, array(select distinct company_id from customers order by 1) as companies`,
  { pipelined: true },
);

/** A database of its own for the describe block, whose tenant-read pool has `size` connections. */
function databaseWithPoolOf(size: number): () => Database {
  let opened: { db: Database; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    const before = process.env.DATABASE_POOL_SIZE;
    process.env.DATABASE_POOL_SIZE = String(size);
    try {
      opened = await openTestDatabase();
    } finally {
      if (before === undefined) delete process.env.DATABASE_POOL_SIZE;
      else process.env.DATABASE_POOL_SIZE = before;
    }
  });
  afterAll(async () => {
    await opened?.db.close();
    await opened?.drop();
  });
  return () => opened!.db;
}

/** The connections `run` gives statements to. */
async function clientsUsedDuring(run: () => Promise<unknown>, refuse?: (text: string) => boolean) {
  const used = new Set<pg.Client>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    used.add(this);
    const [first] = args;
    const text = typeof first === 'string' ? first : String((first as { text?: string })?.text);
    if (refuse?.(text)) return Promise.reject(new Error('refused'));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return [...used];
}

const closed = (client: pg.Client) => (client as unknown as { _ending: boolean })._ending;

describe.runIf(process.env.DATABASE_URL)('pipelined tenant reads, on a pool of 4 connections', () => {
  const database = databaseWithPoolOf(4);

  it('60 reads of two companies at once: each sees its own company only, and a company keeps to two connections', async () => {
    const companies = Array.from({ length: 60 }, (_, i) => (i % 2) + 1);
    const answers = await Promise.all(
      companies.map((company) => database().tenantRead<Probe>(company, probe)),
    );
    const backends = new Map<number, Set<number>>();
    answers.forEach(([row], i) => {
      expect(row!.companies).toEqual([companies[i]]);
      backends.set(companies[i]!, (backends.get(companies[i]!) ?? new Set()).add(row!.pid));
    });
    expect(backends.get(1)!.size).toBeLessThanOrEqual(2);
    expect(backends.get(2)!.size).toBeLessThanOrEqual(2);
  });

  it('a statement that fails costs only itself: the reads around it are answered and its connection stays open', async () => {
    const failing = readStatement(sql`select 1 / (count(*) - count(*)) as never from customers`, {
      pipelined: true,
    });
    let settled: PromiseSettledResult<Probe[]>[] = [];
    const used = await clientsUsedDuring(async () => {
      settled = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => database().tenantRead<Probe>(1, i === 4 ? failing : probe)),
      );
    });
    settled.forEach((result, i) => {
      if (i === 4) expect(result).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      else expect(result).toMatchObject({ status: 'fulfilled', value: [{ companies: [1] }] });
    });
    expect(used.length).toBeGreaterThan(0);
    for (const client of used) expect(closed(client)).toBe(false);
  });

  it('a company setting PostgreSQL did not confirm: none of the reads sent with it is answered, and its connections are closed', async () => {
    const company = 99;
    let settled: PromiseSettledResult<Probe[]>[] = [];
    const used = await clientsUsedDuring(
      async () => {
        settled = await Promise.allSettled(
          Array.from({ length: 8 }, () => database().tenantRead<Probe>(company, probe)),
        );
      },
      (text) => text.includes(`app.company_id = '${company}'`),
    );
    for (const result of settled)
      expect(result).toMatchObject({ status: 'rejected', reason: { message: 'refused' } });
    expect(used.length).toBeGreaterThan(0);
    for (const client of used) expect(closed(client)).toBe(true);
    // Confirmed this time: the company's reads are answered (it has no customers).
    const [row] = await database().tenantRead<Probe>(company, probe);
    expect(row!.companies).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL)('pipelined tenant reads, on a pool of 2 connections', () => {
  const database = databaseWithPoolOf(2);

  it('a company waiting for a connection is served while another keeps both busy with reads', async () => {
    const cap = 300;
    let served = 0;
    // Six readers of company 1, each sending its next read as soon as the last is answered, and
    // each read taking 2 ms: its lanes always have reads in flight.
    const slowProbe = readStatement(
      sql`select pg_backend_pid() as pid, array(select distinct company_id from customers) as companies
        from (select pg_sleep(0.002)) as pause`,
      { pipelined: true },
    );
    const reader = async () => {
      while (served < cap) {
        const [row] = await database().tenantRead<Probe>(1, slowProbe);
        expect(row!.companies).toEqual([1]);
        served++;
      }
    };
    const readers = Array.from({ length: 6 }, reader);
    while (served < 20) await new Promise((resolve) => setImmediate(resolve));
    const [row] = await database().tenantRead<Probe>(2, probe);
    const servedMeanwhile = served;
    await Promise.all(readers);
    expect(row!.companies).toEqual([2]);
    // Not after company 1 stopped: while it kept reading.
    expect(servedMeanwhile).toBeLessThan(cap);
  });
});
