/**
 * A customer's figures (issue 26, item 8: `GET …/customers/{customerId}/overview`) reconcile with
 * the lists its sheet shows (invoices, received payments, quotes filtered on the customer); the
 * job sheet's « Reste à facturer » with its quotes; another company's customer is a 404.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.js';
import { bootHarness, companyTwoFingerprints, expectNoLeak, type Harness } from './support/harness.js';

let h: Harness;
let token: string;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

const base = '/v2/companies/1';

async function get(path: string) {
  const response = await h.request('GET', `${base}${path}`, { token });
  const text = await response.text();
  expectNoLeak(text, companyTwoFingerprints);
  return { status: response.status, body: JSON.parse(text) as Json };
}

const leftOf = (quotes: Json[]) =>
  quotes
    .filter((q) => q.status === 'accepted')
    .reduce(
      (sum, q) =>
        sum + Math.min(q.totalExclTaxCents, Math.max(0, q.totalExclTaxCents - q.invoicedExclTaxCents)),
      0,
    );

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('user@demo.fr');
});
afterAll(() => h.close());

describe('customer overview', () => {
  it('reconciles with the invoices, payments and quotes lists of each seeded customer', async () => {
    // Every customer that has a validated invoice, plus one without any document.
    const invoices = (await get('/invoices?status=VALIDATED&limit=200')).body.data as Json[];
    const invoiced = [...new Set(invoices.map((i) => i.customerId as number))];
    expect(invoiced.length).toBeGreaterThan(0);
    const seen = { overdue: 0, paid: 0, toInvoice: 0, retainage: 0 };
    for (const id of invoiced) {
      const { status, body } = await get(`/customers/${id}/overview`);
      expect(status).toBe(200);
      const figures = body.data;
      const validated = (await get(`/invoices?customerId=${id}&status=VALIDATED&totals=only`)).body.info;
      const overdue = (await get(`/invoices?customerId=${id}&overdue=true&totals=only`)).body.info;
      const received = (await get(`/payments/received?customerId=${id}&totals=only`)).body.info;
      const accepted = (await get(`/quotes?customerId=${id}&status=accepted&limit=200`)).body.data;
      expect(figures.invoicedInclTaxCents).toBe(validated.totals.totalInclTaxCents);
      expect(figures.overdueCents).toBe(overdue.totals.balanceCents);
      expect(figures.paidCents).toBe(received.totalCents);
      // What is left to collect is what was invoiced less what was paid…
      expect(figures.balanceCents).toBe(figures.invoicedInclTaxCents - figures.paidCents);
      // …that is the list's « Reste dû » column plus the retainage still held.
      expect(figures.balanceCents - figures.retainageHeldCents).toBe(validated.totals.balanceCents);
      expect(figures.toInvoiceExclTaxCents).toBe(leftOf(accepted));
      if (figures.overdueCents > 0) seen.overdue++;
      if (figures.paidCents > 0) seen.paid++;
      if (figures.toInvoiceExclTaxCents > 0) seen.toInvoice++;
      if (figures.retainageHeldCents > 0) seen.retainage++;
    }
    // The seed exercises each figure at least once (else this test would prove little).
    expect(seen.paid).toBeGreaterThan(0);
    expect(seen.overdue).toBeGreaterThan(0);
    expect(seen.toInvoice).toBeGreaterThan(0);
  });

  it('a customer without documents has every figure at 0', async () => {
    const created = await h.request('POST', `${base}/customers`, {
      token,
      json: { type: 'private', lastName: 'Sanschantier', firstName: 'Léa' },
    });
    expect(created.status).toBe(200);
    const { id } = ((await created.json()) as Json).data;
    const { status, body } = await get(`/customers/${id}/overview`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      balanceCents: 0,
      retainageHeldCents: 0,
      overdueCents: 0,
      invoicedInclTaxCents: 0,
      paidCents: 0,
      toInvoiceExclTaxCents: 0,
    });
  });

  it("another company's customer, or none, is a 404 that says nothing of it", async () => {
    const [other] = await h.db.owner
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.companyId, 2))
      .limit(1);
    const foreign = await get(`/customers/${other!.id}/overview`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.key).toBe('not_found');
    expect((await get('/customers/999999999/overview')).status).toBe(404);
    expect((await get('/customers/abc/overview')).status).toBe(422);
    // The company in the path is the token's: company 2's path with company 1's token is refused.
    const response = await h.request('GET', `/v2/companies/2/customers/${other!.id}/overview`, { token });
    expect(response.status).toBe(403);
  });
});

describe('job sheet « Reste à facturer »', () => {
  it('is what its accepted quotes still leave to invoice', async () => {
    const jobs = (await get('/business-jobs?limit=200')).body.data as Json[];
    let some = 0;
    for (const job of jobs) {
      const detail = (await get(`/business-jobs/${job.id}`)).body.data;
      expect(detail.amounts.toInvoiceExclTaxCents).toBe(leftOf(detail.quotes));
      if (detail.amounts.toInvoiceExclTaxCents > 0) some++;
    }
    expect(some).toBeGreaterThan(0);
  });
});
