/**
 * Every number series of a company comes from the one locked counter (server/src/db/counters.ts):
 * invoices, credit notes (their own sequence by default), quotes, customer codes and the FEC's entry
 * numbers. For each: 30 creations at once get 30 distinct, consecutive numbers, and creations whose
 * transaction fails after taking its number (a fault after the numbering: the transaction rolls
 * back) leave no gap. On PostgreSQL (DATABASE_URL) the creations really run in parallel on the
 * pool and queue on the counter row; PGlite has one connection and runs them one after the other,
 * which still checks the numbering but proves nothing about concurrency.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeries, type Series } from '../src/db/counters.js';
import { takeCustomerCode } from '../src/db/customer-codes.js';
import type { Tx } from '../src/db/database.js';
import { businessJobs, vatRates } from '../src/db/schema.js';
import { numberNewEntries } from '../src/exports/entry-numbers.js';
import { issueCreditNote, validateInvoice } from '../src/invoicing/invoices.js';
import { createQuote } from '../src/invoicing/quotes.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';
import { asItems } from './support/quotes.js';

let h: Harness;
let admin: string;
let vatRateId: number;
let customerId: number;
let businessJobId: number;
const today = todayInFrance();
const year = today.slice(0, 4);
const N = 30;
const FAILED = 5;
const api = companyApi(
  () => h,
  () => admin,
);

class AfterNumbering extends Error {}

/** Runs `work` in a tenant transaction of company 1 that then fails: it must give its number back. */
async function failingAfter(work: (tx: Tx) => Promise<unknown>) {
  await expect(
    h.db.withTenant(1, async (tx) => {
      const outcome = (await work(tx)) as { ok?: boolean } | string;
      // The work itself succeeded (it took a number): the fault comes after.
      if (typeof outcome === 'object' && outcome !== null && 'ok' in outcome) expect(outcome.ok).toBe(true);
      throw new AfterNumbering();
    }),
  ).rejects.toBeInstanceOf(AfterNumbering);
}

/** The creations with the failing ones interleaved among them, all started at once. */
async function together<T>(creations: (() => Promise<T>)[], failures: (() => Promise<void>)[]): Promise<T[]> {
  const step = Math.ceil(creations.length / failures.length);
  const created: Promise<T>[] = [];
  const failed: Promise<void>[] = [];
  creations.forEach((create, i) => {
    created.push(create());
    const fail = i % step === 0 ? failures.shift() : undefined;
    if (fail) failed.push(fail());
  });
  for (const fail of failures) failed.push(fail());
  const [numbers] = await Promise.all([Promise.all(created), Promise.all(failed)]);
  return numbers;
}

const last = async (series: Series) => (await h.db.withTenant(1, (tx) => readSeries(tx, 1, series))).last;
const expected = (format: (n: number) => string, from: number) =>
  Array.from({ length: N }, (_, i) => format(from + 1 + i)).sort();
const pad = (n: number) => String(n).padStart(5, '0');

async function provisionalInvoices(count: number) {
  const made: Json[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api('POST', '/invoices', {
      kind: 'simple',
      customerId,
      date: today,
      lines: [{ label: 'Intervention', quantityMilli: 1000, unitPriceCents: 10_000, vatRateId }],
    });
    expect(created.status).toBe(200);
    made.push(created.body.data);
  }
  return made;
}

async function validated(count: number) {
  const made: Json[] = [];
  for (const invoice of await provisionalInvoices(count)) {
    const answer = await api('POST', `/invoices/${invoice.id}/validate`, { version: invoice.version });
    expect(answer.status).toBe(200);
    made.push(answer.body.data);
  }
  return made;
}

beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  const [vat] = await h.db.owner
    .select({ id: vatRates.id })
    .from(vatRates)
    .where(and(eq(vatRates.companyId, 1), eq(vatRates.rateBasisPoints, 2000)));
  vatRateId = vat!.id;
  const customer = await api('POST', '/customers', { type: 'private', lastName: 'Séries' });
  customerId = customer.body.data.id;
  const [job] = await h.db.owner
    .select({ id: businessJobs.id })
    .from(businessJobs)
    .where(eq(businessJobs.companyId, 1))
    .limit(1);
  businessJobId = job!.id;
});
afterAll(() => h.close());

describe(`number series (${process.env.DATABASE_URL ? 'PostgreSQL, concurrent' : 'PGlite, serialised'})`, () => {
  it('invoices: 30 validations at once get FA numbers in a row; failed ones leave no gap', async () => {
    const invoices = await provisionalInvoices(N + FAILED);
    const series: Series = { name: 'invoice', period: year };
    const before = await last(series);
    const answers = await together(
      invoices.slice(0, N).map((invoice) => async () => {
        const answer = await api('POST', `/invoices/${invoice.id}/validate`, { version: invoice.version });
        expect(answer.status).toBe(200);
        return answer.body.data.number as string;
      }),
      invoices
        .slice(N)
        .map(
          (invoice) => () => failingAfter((tx) => validateInvoice(tx, 1, invoice.id, { sessionId: null })),
        ),
    );
    expect(answers.sort()).toEqual(expected((n) => `FA-${year}-${pad(n)}`, before));
    expect(await last(series)).toBe(before + N);
    // The failed validations left their invoices provisional, without a number.
    for (const invoice of invoices.slice(N)) {
      expect((await api('GET', `/invoices/${invoice.id}`)).body.data).toMatchObject({ number: null });
    }
  }, 240_000);

  it('credit notes: 30 at once (their own AV sequence) in a row; failed ones leave no gap', async () => {
    const invoices = await validated(N + FAILED);
    const series: Series = { name: 'creditNote', period: year };
    const before = await last(series);
    const gesture = {
      lines: [{ label: 'Geste commercial', quantityMilli: 1000, unitPriceCents: 100, vatRateId }],
    };
    const answers = await together(
      invoices.slice(0, N).map((invoice) => async () => {
        const answer = await api('POST', `/invoices/${invoice.id}/credit-notes`, gesture);
        expect(answer.status).toBe(200);
        return answer.body.data.number as string;
      }),
      invoices
        .slice(N)
        .map(
          (invoice) => () =>
            failingAfter((tx) =>
              issueCreditNote(tx, 1, invoice.id, gesture.lines, { sessionId: null }, today),
            ),
        ),
    );
    expect(answers.sort()).toEqual(expected((n) => `AV-${year}-${pad(n)}`, before));
    expect(await last(series)).toBe(before + N);
  }, 240_000);

  it('quotes: 30 creations at once get DE numbers in a row; failed ones leave no gap', async () => {
    const series: Series = { name: 'quote', period: year };
    const before = await last(series);
    const body = {
      businessJobId,
      title: 'Devis concurrent',
      date: today,
      items: asItems([{ label: 'Pose', quantityMilli: 1000, unitPriceCents: 10_000, vatRateId }]),
    };
    const answers = await together(
      Array.from({ length: N }, () => async () => {
        const answer = await api('POST', '/quotes', body);
        expect(answer.status).toBe(200);
        return answer.body.data.number as string;
      }),
      Array.from({ length: FAILED }, () => () => failingAfter((tx) => createQuote(tx, 1, body, today))),
    );
    expect(answers.sort()).toEqual(expected((n) => `DE-${year}-${pad(n)}`, before));
    expect(await last(series)).toBe(before + N);
  }, 240_000);

  it('customer codes: 30 creations at once get codes in a row; failed ones leave no gap', async () => {
    const series: Series = { name: 'customer' };
    const before = await last(series);
    const answers = await together(
      Array.from({ length: N }, (_, i) => async () => {
        const answer = await api('POST', '/customers', { type: 'private', lastName: `Concurrent ${i}` });
        expect(answer.status).toBe(200);
        return answer.body.data.customerCode as string;
      }),
      Array.from({ length: FAILED }, () => () => failingAfter((tx) => takeCustomerCode(tx, 1))),
    );
    // The demo company's format: five digits, no prefix.
    expect(answers.sort()).toEqual(expected(pad, before));
    expect(await last(series)).toBe(before + N);
    const settings = await api('GET', '/customer-settings');
    expect(settings.body.data.nextCustomerCode).toBe(pad(before + N + 1));
  }, 240_000);

  it('FEC entries: exports racing 30 validations number every entry once, 1…n with no gap', async () => {
    const invoices = await provisionalInvoices(N);
    const fec = async () => {
      const response = await h.request(
        'GET',
        `/v2/companies/1/exports/fec?from=${year}-01-01&to=${year}-12-31`,
        {
          token: admin,
        },
      );
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    };
    await together(
      invoices.map((invoice, i) => async () => {
        const answer = await api('POST', `/invoices/${invoice.id}/validate`, { version: invoice.version });
        expect(answer.status).toBe(200);
        if (i % 3 === 0) await fec();
      }),
      Array.from({ length: FAILED }, () => () => failingAfter((tx) => numberNewEntries(tx, 1))),
    );
    await fec();
    const rows = (
      (await h.db.owner.execute(sql`select
          count(*)::int as count, count(distinct number)::int as numbers, min(number) as min, max(number) as max,
          (select count(*)::int from invoices where company_id = 1 and status = 'VALIDATED')
            + (select count(*)::int from payments where company_id = 1 and amount_cents <> 0) as sources
        from accounting_entries where company_id = 1`)) as unknown as {
        rows: { count: number; numbers: number; min: number; max: number; sources: number }[];
      }
    ).rows[0]!;
    expect(rows).toEqual({
      count: rows.sources,
      numbers: rows.sources,
      min: 1,
      max: rows.sources,
      sources: rows.sources,
    });
    expect(await last({ name: 'accounting_entry' })).toBe(rows.sources);
  }, 240_000);
});
