/** The second wall: PostgreSQL row-level security under the bo_app role, whatever the query says. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invoices, notifications, payments, tenantTables, users } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness();
});
afterAll(() => h.close());

describe('row-level security', () => {
  it('a tenant transaction runs as bo_app and sees only its company, even without a WHERE', async () => {
    await h.db.withTenant(1, async (tx) => {
      const [who] = (
        (await tx.execute(sql`select current_user as role`)) as unknown as { rows: { role: string }[] }
      ).rows;
      expect(who!.role).toBe('bo_app');
      for (const table of [users, notifications, invoices, payments]) {
        const rows = await tx.select({ companyId: table.companyId }).from(table);
        expect(rows.length).toBeGreaterThan(0);
        expect(new Set(rows.map((r) => r.companyId))).toEqual(new Set([1]));
      }
      expect((await tx.select({ id: companies.id }).from(companies)).map((c) => c.id)).toEqual([1]);
    });
  });

  it('every tenant table has row-level security and the company policy, and none is missing', async () => {
    const { rows } = (await h.db.owner.execute(sql`
      select c.relname as table, c.relrowsecurity as rls,
             exists (select 1 from pg_policies p where p.tablename = c.relname and p.policyname = 'company_isolation') as policy
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from information_schema.columns k
                    where k.table_schema = 'public' and k.table_name = c.relname and k.column_name = 'company_id')`)) as unknown as {
      rows: { table: string; rls: boolean; policy: boolean }[];
    };
    expect(rows.map((r) => r.table).sort()).toEqual([...tenantTables].sort());
    for (const row of rows) expect([row.table, row.rls, row.policy]).toEqual([row.table, true, true]);
  });

  it('cannot write a row of another company', async () => {
    await expect(
      h.db.withTenant(1, (tx) =>
        tx
          .insert(users)
          .values({ companyId: 2, lastName: 'X', firstName: 'Y', email: 'x@y.fr', passwordHash: 'x' }),
      ),
    ).rejects.toThrow();
    const changed = await h.db.withTenant(1, (tx) =>
      tx.update(users).set({ job: 'Pirate' }).where(sql`${users.companyId} = 2`).returning(),
    );
    expect(changed).toEqual([]);
  });

  it('the setting and the role end with the transaction', async () => {
    await h.db.withTenant(2, async () => {});
    const result = (await h.db.owner.execute(
      sql`select current_user as role, current_setting('app.company_id', true) as company`,
    )) as unknown as {
      rows: { role: string; company: string | null }[];
    };
    const [row] = result.rows;
    expect(row!.role).not.toBe('bo_app');
    expect(row!.company ?? '').toBe('');
  });

  it('bo_app without a company setting sees nothing', async () => {
    const count = await h.db.owner.transaction(async (tx) => {
      await tx.execute(sql`set local role bo_app`);
      return (await tx.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    });
    expect(count).toBe(0);
  });
});
