/**
 * The embedded database's tenant transactions take turns in arrival order, with a pass of the event
 * loop between two (database.ts `turnsInArrivalOrder`; issue 27, the embedded default with ten
 * requests in flight): a request that arrives while others wait is read at once and queued behind
 * them, instead of waiting until every transaction already waiting has run.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness();
});
afterAll(() => h.close());

describe.skipIf(process.env.DATABASE_URL)('the embedded database’s turns', () => {
  it('runs waiting transactions in arrival order, each after a pass of the event loop', async () => {
    const order: string[] = [];
    const read = (name: string) =>
      h.db.withTenant(1, async (tx) => {
        order.push(`${name} starts`);
        // What the event loop does next (reading a socket, a timer) is queued now: it comes before
        // the next transaction only if the turns give the loop a pass.
        setImmediate(() => order.push(`loop pass after ${name}`));
        await tx.execute(sql`select 1`);
        order.push(`${name} ends`);
      });
    await Promise.all([read('A'), read('B'), read('C')]);
    expect(order).toEqual([
      'A starts',
      'A ends',
      'loop pass after A',
      'B starts',
      'B ends',
      'loop pass after B',
      'C starts',
      'C ends',
    ]);
  });

  it('a failed transaction gives the turn to the next one', async () => {
    const failing = h.db.withTenant(1, async (tx) => {
      await tx.execute(sql`select 1 / 0`);
    });
    const next = h.db.withTenant(1, async (tx) => (await tx.execute(sql`select 2 as two`)) as unknown);
    await expect(failing).rejects.toThrow(/select 1 \/ 0/);
    await expect(next).resolves.toMatchObject({ rows: [{ two: 2 }] });
  });

  it('tenantRead waits its turn with them', async () => {
    const order: string[] = [];
    const write = h.db.withTenant(1, async (tx) => {
      order.push('transaction starts');
      await tx.execute(sql`select 1`);
      order.push('transaction ends');
    });
    const read = h.db.tenantRead(1, sql`select 1 as one`).then(() => order.push('read answered'));
    await Promise.all([write, read]);
    expect(order).toEqual(['transaction starts', 'transaction ends', 'read answered']);
  });
});
