/**
 * Invoice numbers under concurrency: 50 validations sent at once get 50 distinct, consecutive
 * numbers, and the validations refused among them take none. The numbers come from a counter row
 * locked in each validation's transaction. On PostgreSQL (DATABASE_URL, as in the rest of the
 * suite) the requests really run in parallel on a connection pool; PGlite has one connection and
 * runs them one after the other, which still checks the numbering but proves nothing about
 * concurrency.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberingCounters, vatRates } from '../src/db/schema.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
const today = todayInFrance();
const year = today.slice(0, 4);

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
});
afterAll(() => h.close());

async function lastNumber() {
  const [row] = await h.db.owner
    .select({ n: numberingCounters.lastNumber })
    .from(numberingCounters)
    .where(
      and(
        eq(numberingCounters.companyId, 1),
        eq(numberingCounters.sequence, 'invoice'),
        eq(numberingCounters.period, year),
      ),
    );
  return row?.n ?? 0;
}

describe(`numbering (${process.env.DATABASE_URL ? 'PostgreSQL, concurrent' : 'PGlite, serialised'})`, () => {
  it('50 simultaneous validations: 50 distinct consecutive numbers; refused ones take none', async () => {
    const [vat] = await h.db.owner
      .select({ id: vatRates.id })
      .from(vatRates)
      .where(and(eq(vatRates.companyId, 1), eq(vatRates.rateBasisPoints, 2000)));
    const [customer] = (
      (await (await h.request('GET', '/v2/companies/1/customers?limit=1', { token })).json()) as {
        data: { id: number }[];
      }
    ).data;
    const create = async (date: string) => {
      const response = await h.request('POST', '/v2/companies/1/invoices', {
        token,
        json: {
          kind: 'simple',
          customerId: customer!.id,
          date,
          lines: [{ label: 'Intervention', quantityMilli: 1000, unitPriceCents: 10_000, vatRateId: vat!.id }],
        },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { id: number; version: number } }).data;
    };
    const good = [];
    for (let i = 0; i < 50; i++) good.push(await create(today));
    // Dated before the last validation: each of these validations is refused after taking the lock.
    const refused = [];
    for (let i = 0; i < 10; i++) refused.push(await create(`${year}-01-01`));

    const before = await lastNumber();
    const validate = (invoice: { id: number; version: number }) =>
      h.request('POST', `/v2/companies/1/invoices/${invoice.id}/validate`, {
        token,
        json: { version: invoice.version },
      });
    const answers = await Promise.all(
      [...good, ...refused]
        .map((invoice, i) => ({ invoice, order: (i * 37) % 60 }))
        .sort((a, b) => a.order - b.order)
        .map(async ({ invoice }) => {
          const response = await validate(invoice);
          return { id: invoice.id, status: response.status, body: (await response.json()) as never };
        }),
    );

    const validated = answers.filter((a) => a.status === 200);
    expect(validated.map((a) => a.id).sort()).toEqual(good.map((g) => g.id).sort());
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toMatchObject({
        status: 422,
        body: { error: { key: 'invoice_date_before_last_validation' } },
      });
    }
    const numbers = validated.map((a) => (a.body as { data: { number: string } }).data.number).sort();
    const expected = Array.from(
      { length: 50 },
      (_, i) => `FA-${year}-${String(before + 1 + i).padStart(5, '0')}`,
    );
    expect(numbers).toEqual(expected);
    expect(await lastNumber()).toBe(before + 50);
    // 120 requests: PGlite runs them one by one, slowly when the machine is busy.
  }, 180_000);
});
