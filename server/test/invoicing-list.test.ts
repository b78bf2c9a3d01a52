/**
 * The invoice list on the seeded companies: every filter keeps only what it says, sorting, paging,
 * and the totals of the whole filtered set (not of the page). Also the job and quote lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInFrance } from '../src/invoicing/today.js';
import { bootHarness, companyTwoFingerprints, expectNoLeak, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
const today = todayInFrance();

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

async function list(query = '') {
  const response = await h.request('GET', `/v2/companies/1/invoices${query ? `?${query}` : ''}`, { token });
  const text = await response.text();
  expectNoLeak(text, companyTwoFingerprints);
  return { status: response.status, body: JSON.parse(text) as Json };
}

/** Every matching invoice (the seed has far fewer than 200). */
const all = async (query = '') => (await list(`limit=200&${query}`)).body;

const sum = (rows: Json[], field: string) => rows.reduce((total, row) => total + row[field], 0);

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('user@demo.fr');
});
afterAll(() => h.close());

describe('invoice list', () => {
  it('newest first by default, with the totals of every matching invoice', async () => {
    const { data, info } = await all();
    expect(data.length).toBeGreaterThan(10);
    expect(info.hits).toBe(data.length);
    const dates = data.map((r: Json) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(info.totals).toEqual({
      totalExclTaxCents: sum(data, 'totalExclTaxCents'),
      totalVatCents: sum(data, 'totalVatCents'),
      totalInclTaxCents: sum(data, 'totalInclTaxCents'),
      balanceCents: sum(data, 'balanceCents'),
    });
  });

  it('pages do not overlap and the totals stay those of the whole set', async () => {
    const whole = await all();
    const first = (await list('limit=5&offset=0')).body;
    const second = (await list('limit=5&offset=5')).body;
    expect(first.data).toHaveLength(5);
    expect([...first.data, ...second.data].map((r: Json) => r.id)).toEqual(
      whole.data.slice(0, 10).map((r: Json) => r.id),
    );
    expect(first.info).toEqual(whole.info);
  });

  it('filters: status, kind, customer, job, quote, period, overdue, search', async () => {
    const whole = (await all()).data as Json[];
    // A numbered invoice no credit note names (a credit note's title names the invoice it cancels).
    const sample = whole.find(
      (r) => r.businessJobId !== null && r.quoteId !== null && r.number && !r.cancelled,
    )!;
    const cases: [string, (r: Json) => boolean][] = [
      ['status=PROVISOIRE', (r) => r.status === 'PROVISOIRE'],
      ['status=VALIDATED', (r) => r.status === 'VALIDATED'],
      ['kind=credit_note', (r) => r.kind === 'credit_note'],
      ['kind=deposit', (r) => r.kind === 'deposit'],
      [`customerId=${sample.customerId}`, (r) => r.customerId === sample.customerId],
      [`businessJobId=${sample.businessJobId}`, (r) => r.businessJobId === sample.businessJobId],
      [`quoteId=${sample.quoteId}`, (r) => r.quoteId === sample.quoteId],
      [`from=${sample.date}&to=${sample.date}`, (r) => r.date === sample.date],
      ['overdue=true', (r) => r.overdue],
      ['overdue=false', (r) => !r.overdue],
      [`q=${encodeURIComponent(sample.number)}`, (r) => r.id === sample.id],
    ];
    for (const [query, keep] of cases) {
      const expected = whole.filter(keep);
      const { data, info } = await all(query);
      expect(
        data.map((r: Json) => r.id),
        query,
      ).toEqual(expected.map((r) => r.id));
      expect(info.hits, query).toBe(expected.length);
      expect(info.totals.totalInclTaxCents, query).toBe(sum(expected, 'totalInclTaxCents'));
    }
    // The seed has every kind of case: none of these filters is trivially empty or everything.
    for (const query of ['status=PROVISOIRE', 'kind=credit_note', 'overdue=true']) {
      const { info } = await all(query);
      expect(info.hits, query).toBeGreaterThan(0);
      expect(info.hits, query).toBeLessThan(whole.length);
    }
  });

  it('overdue: validated, past due and not paid off', async () => {
    for (const row of (await all('overdue=true')).data) {
      expect(row.status).toBe('VALIDATED');
      expect(row.dueDate < today).toBe(true);
      expect(row.balanceCents).toBeGreaterThan(0);
    }
  });

  it('a search on the customer name, case-insensitive', async () => {
    const whole = (await all()).data as Json[];
    const name = whole[0].customerName as string;
    const { data } = await all(`q=${encodeURIComponent(name.toUpperCase())}`);
    expect(data.length).toBeGreaterThan(0);
    for (const row of data) expect(row.customerName).toBe(name);
  });

  it('sorts by amount, due date and balance both ways; by customer, each customer in one run', async () => {
    for (const [sort, field] of [
      ['totalInclTax', 'totalInclTaxCents'],
      ['dueDate', 'dueDate'],
      ['balance', 'balanceCents'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const values = (await all(`sort=${sort}&order=${order}`)).data.map((r: Json) => r[field]);
        const sorted = [...values].sort((a, b) =>
          typeof a === 'number' ? a - b : a < b ? -1 : a > b ? 1 : 0,
        );
        if (order === 'desc') sorted.reverse();
        expect(values, `${sort} ${order}`).toEqual(sorted);
      }
    }
    const names = (await all('sort=customer&order=asc')).data.map((r: Json) => r.customerName as string);
    const runs = names.filter((name: string, i: number) => i === 0 || names[i - 1] !== name);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it('refuses a bad filter with the field', async () => {
    const { status, body } = await list('status=PAYEE&sort=nope&from=31/12/2026');
    expect(status).toBe(422);
    expect(body.error.fields).toMatchObject({ status: 'invalid', sort: 'invalid', from: 'date' });
  });
});

describe('job and quote lists', () => {
  it('jobs newest first with a search; quotes with filters by job and status', async () => {
    const jobs = (await (
      await h.request('GET', '/v2/companies/1/business-jobs?limit=200', { token })
    ).json()) as Json;
    expect(jobs.info.hits).toBe(jobs.data.length);
    expect(jobs.data.length).toBeGreaterThan(5);
    const job = jobs.data[0];
    const quotes = (await (
      await h.request('GET', `/v2/companies/1/quotes?businessJobId=${job.id}&status=accepted`, { token })
    ).json()) as Json;
    expect(quotes.data.length).toBeGreaterThan(0);
    for (const quote of quotes.data)
      expect(quote).toMatchObject({ businessJobId: job.id, status: 'accepted' });
    const detail = (await (
      await h.request('GET', `/v2/companies/1/business-jobs/${job.id}`, { token })
    ).json()) as Json;
    expect(detail.data.quotes.map((q: Json) => q.id)).toEqual(quotes.data.map((q: Json) => q.id));
    expect(detail.data.amounts.invoicedInclTaxCents).toBe(
      sum(
        detail.data.invoices.filter((i: Json) => i.status === 'VALIDATED'),
        'totalInclTaxCents',
      ),
    );
  });
});
