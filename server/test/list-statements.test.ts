/**
 * Issue 27: the lists of invoices, quotes, jobs and payments read their page through one statement
 * per shape of request, prepared once per connection under its name (db.tenantRead), the request's
 * values as its parameters. Requests of one shape with other values must each answer their own
 * rows, in any order, and another company must see none of them through the same statement.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let tokens: { one: string; two: string };
beforeAll(async () => {
  h = await bootHarness();
  tokens = { one: await h.tokenFor('admin@demo.fr'), two: await h.tokenFor('admin@autre-demo.fr') };
});
afterAll(() => h.close());

const standing = `i.status = 'VALIDATED' and i.kind <> 'credit_note' and i.credit_note_id is null`;

/** Each list: its path, and company 1's rows per customer as the owner reads them (key, customer). */
const lists = {
  invoices: {
    path: 'invoices',
    rows: `select i.id::text as key, i.customer_id as customer from invoices i where i.company_id = 1`,
    key: (row: Row) => String(row.id),
  },
  quotes: {
    path: 'quotes',
    rows: `select q.id::text as key, q.customer_id as customer from quotes q where q.company_id = 1 and q.latest`,
    key: (row: Row) => String(row.id),
  },
  jobs: {
    path: 'business-jobs',
    rows: `select j.id::text as key, j.customer_id as customer from business_jobs j where j.company_id = 1`,
    key: (row: Row) => String(row.id),
  },
  'received payments': {
    path: 'payments/received',
    rows: `select p.id::text as key, i.customer_id as customer from payments p
      join invoices i on i.id = p.invoice_id where p.company_id = 1`,
    key: (row: Row) => String(row.id),
  },
  // The invoices still owed on themselves (the demo has no released retainage).
  'outstanding payments': {
    path: 'payments/outstanding',
    rows: `select 'invoice-' || i.id as key, i.customer_id as customer from invoices i
      where i.company_id = 1 and ${standing} and i.total_incl_tax_cents - i.retainage_cents - i.paid_cents > 0`,
    key: (row: Row) => String(row.key),
  },
} as const;

type Row = Record<string, unknown>;

async function ownerRows(statement: string) {
  return ((await h.db.owner.execute(sql.raw(statement))) as unknown as { rows: Row[] }).rows;
}

async function page(path: string, query: string, token = tokens.one, company = 1) {
  const response = await h.request('GET', `/v2/companies/${company}/${path}?${query}&limit=200`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: Row[]; info: { hits?: number } };
}

describe.each(Object.entries(lists))('the %s list', (_list, { path, rows, key }) => {
  it("answers each customer's own rows, one shape and its values asked in turn", async () => {
    const expected = new Map<number, string[]>();
    for (const row of await ownerRows(rows)) {
      const customer = Number(row.customer);
      expected.set(customer, [...(expected.get(customer) ?? []), String(row.key)]);
    }
    // Two customers at least, so that the second request's values differ from the first's.
    const customers = [...expected.keys()].slice(0, 3);
    expect(customers.length).toBeGreaterThanOrEqual(2);
    for (const customer of [...customers, ...[...customers].reverse()]) {
      const { data, info } = await page(path, `customerId=${customer}`);
      expect(data.map(key).sort()).toEqual([...expected.get(customer)!].sort());
      expect(info.hits).toBe(data.length);
    }
  });

  it("answers another company nothing of company 1's customers", async () => {
    const [first] = await ownerRows(rows);
    await page(path, `customerId=${first!.customer}`);
    const { data, info } = await page(path, `customerId=${first!.customer}`, tokens.two, 2);
    expect(data).toEqual([]);
    expect(info.hits).toBe(0);
  });
});
