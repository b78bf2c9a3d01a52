/**
 * Every tenant statement has a time limit (`SET LOCAL statement_timeout` in its transaction,
 * database.ts): a statement held past it is cancelled by PostgreSQL and the request ends with a
 * clean answer, 503 `database_timeout`, instead of waiting for as long as the hold lasts; nothing
 * it did stays, its connection serves the next request, and PostgreSQL ending a transaction left
 * idle never takes the process down. PostgreSQL only: PGlite runs in this process's thread and has
 * no timers, so it cancels nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, notifications } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
const saved = {
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  timeout: process.env.DATABASE_STATEMENT_TIMEOUT_MS,
};

describe.runIf(process.env.DATABASE_URL)('a statement past its time limit (PostgreSQL)', () => {
  beforeAll(async () => {
    // Two connections: one held by the owner's lock below, one for the API.
    process.env.DATABASE_POOL_SIZE = '2';
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = '300';
    try {
      h = await bootHarness();
    } finally {
      for (const [name, value] of [
        ['DATABASE_POOL_SIZE', saved.DATABASE_POOL_SIZE],
        ['DATABASE_STATEMENT_TIMEOUT_MS', saved.timeout],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    token = await h.tokenFor('user@demo.fr');
  });
  afterAll(() => h?.close());

  /** Runs `during` while an owner transaction holds `lock`, then lets it go (rolled back). */
  async function whileLocked<T>(lock: ReturnType<typeof sql>, during: () => Promise<T>): Promise<T> {
    let result!: T;
    await h.db.owner
      .transaction(async (tx) => {
        await tx.execute(lock);
        result = await during();
        tx.rollback();
      })
      .catch((error: unknown) => {
        if ((error as Error).message !== 'Rollback') throw error;
      });
    return result;
  }

  it('a list read blocked behind a lock is cancelled: 503 database_timeout, then the same list answers', async () => {
    const response = await whileLocked(sql`lock table ${customers} in access exclusive mode`, () =>
      h.request('GET', '/v2/companies/1/customers', { token }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { key: 'database_timeout' } });
    expect(h.log.lines).toContainEqual(expect.objectContaining({ level: 'warn', event: 'database-timeout' }));

    const after = await h.request('GET', '/v2/companies/1/customers?limit=200', { token });
    expect(after.status).toBe(200);
    const page = (await after.json()) as { data: { id: number }[] };
    const own = await h.db.owner
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.companyId} = 1`);
    expect(new Set(page.data.map((row) => row.id))).toEqual(new Set(own.map((row) => row.id)));
  });

  it('a write blocked behind a row lock is cancelled and leaves nothing; once the lock is gone it goes through', async () => {
    const { rows } = (await h.db.owner.execute(
      sql`select n.id from ${notifications} n join users u on u.id = n.user_id
        where u.email = 'user@demo.fr' and n.read_at is null and n.valid_from <= now() limit 1`,
    )) as unknown as { rows: { id: number }[] };
    const id = rows[0]!.id;
    const readAt = async () =>
      (
        (await h.db.owner.execute(sql`select read_at from ${notifications} where id = ${id}`)) as unknown as {
          rows: { read_at: Date | null }[];
        }
      ).rows[0]!.read_at;

    const response = await whileLocked(sql`select id from ${notifications} where id = ${id} for update`, () =>
      h.request('POST', `/v2/notifications/${id}/read`, { token }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { key: 'database_timeout' } });
    expect(await readAt()).toBeNull();

    const again = await h.request('POST', `/v2/notifications/${id}/read`, { token });
    expect(again.status).toBe(200);
    expect(await readAt()).not.toBeNull();
  });

  it('a tenant transaction left idle is ended by PostgreSQL: the work fails with its error, the process lives on, and the next transaction is served', async () => {
    let backend = 0;
    const failed = h.db.withTenant(1, async (tx) => {
      // The API stuck between two statements: a short idle limit for this transaction only.
      await tx.execute(sql`set local idle_in_transaction_session_timeout = 100`);
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      backend = rows[0]!.pid;
      // Waits for PostgreSQL to end the backend (an event), then tries its next statement.
      for (;;) {
        const { rows: alive } = (await h.db.owner.execute(
          sql`select count(*)::int as n from pg_stat_activity where pid = ${backend}`,
        )) as unknown as { rows: { n: number }[] };
        if (alive[0]!.n === 0) break;
      }
      return tx.execute(sql`select 1`);
    });
    // PostgreSQL's FATAL 25P03 is read first, unless the next statement's write meets the socket it
    // has already closed (EPIPE / ECONNRESET), or node-postgres sees the socket end before either
    // (« Connection terminated unexpectedly », no code): all are the backend ended by its idle limit.
    const error = (await failed.then(
      () => ({ code: 'none', message: 'answered' }),
      (reason: { code?: string; message?: string }) => reason,
    )) as { code?: string; message?: string };
    expect(
      ['25P03', 'EPIPE', 'ECONNRESET'].includes(error.code ?? '') ||
        /Connection terminated unexpectedly/.test(error.message ?? ''),
    ).toBe(true);

    const seen = await h.db.withTenant(1, (tx) =>
      tx.select({ companyId: customers.companyId }).from(customers),
    );
    expect(new Set(seen.map((row) => row.companyId))).toEqual(new Set([1]));
  });
});
