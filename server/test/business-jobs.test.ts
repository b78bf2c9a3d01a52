/**
 * Business jobs' owner (Mes affaires: `mine=true`), the retainage release date and the payments of
 * the job detail, on the seeded companies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootHarness, companyTwoFingerprints, expectNoLeak, type Harness } from './support/harness.js';

let h: Harness;
let userToken: string;
let adminToken: string;
let userId: number;
let adminId: number;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

const api = '/v2/companies/1/business-jobs';

async function get(path: string, token: string) {
  const response = await h.request('GET', path, { token });
  const text = await response.text();
  expectNoLeak(text, companyTwoFingerprints);
  return { status: response.status, body: JSON.parse(text) as Json };
}

async function edit(id: number, changes: Record<string, unknown>) {
  const { body } = await get(`${api}/${id}`, userToken);
  const response = await h.request('POST', `${api}/${id}/edit`, {
    token: userToken,
    json: { id, version: body.data.version, ...changes },
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const ids = (page: Json) =>
  page.data.map((job: Json) => job.id as number).sort((a: number, b: number) => a - b);

beforeAll(async () => {
  h = await bootHarness();
  userToken = await h.tokenFor('user@demo.fr');
  adminToken = await h.tokenFor('admin@demo.fr');
  userId = await h.userId('user@demo.fr');
  adminId = await h.userId('admin@demo.fr');
});
afterAll(() => h.close());

describe('job owner', () => {
  it('splits the seeded jobs between the admin and the user; mine=true keeps the caller’s', async () => {
    const all = (await get(`${api}?limit=200`, userToken)).body;
    const mine = (await get(`${api}?limit=200&mine=true`, userToken)).body;
    const admins = (await get(`${api}?limit=200&mine=true`, adminToken)).body;
    expect(mine.data.length).toBeGreaterThan(0);
    expect(admins.data.length).toBeGreaterThan(0);
    expect(mine.info.hits).toBe(mine.data.length);
    for (const job of mine.data)
      expect(job).toMatchObject({ ownerUserId: userId, ownerName: 'Lucas Bernard' });
    for (const job of admins.data)
      expect(job).toMatchObject({ ownerUserId: adminId, ownerName: 'Sophie Martin' });
    expect([...ids(mine), ...ids(admins)].sort((a, b) => a - b)).toEqual(ids(all));
    expect(ids((await get(`${api}?limit=200&mine=false`, userToken)).body)).toEqual(ids(all));
    expect((await get(`${api}?mine=yes`, userToken)).status).toBe(422);
  });

  it('a new job is its creator’s; it can be handed to a user of the company or to nobody', async () => {
    const created = await h.request('POST', api, {
      token: adminToken,
      json: { name: 'Cuisine Lefèvre', customerId: 1 },
    });
    expect(created.status).toBe(200);
    const job = ((await created.json()) as Json).data;
    expect(job).toMatchObject({ ownerUserId: adminId, ownerName: 'Sophie Martin' });
    expect(ids((await get(`${api}?limit=200&mine=true`, adminToken)).body)).toContain(job.id);
    expect(ids((await get(`${api}?limit=200&mine=true`, userToken)).body)).not.toContain(job.id);

    const handed = await edit(job.id, { ownerUserId: userId });
    expect(handed.status).toBe(200);
    expect(handed.body.data).toMatchObject({ ownerUserId: userId, ownerName: 'Lucas Bernard' });
    expect(ids((await get(`${api}?limit=200&mine=true`, userToken)).body)).toContain(job.id);
    expect(ids((await get(`${api}?limit=200&mine=true`, adminToken)).body)).not.toContain(job.id);

    // Another company's user is unknown here; nothing changes.
    const foreign = await edit(job.id, { ownerUserId: await h.userId('admin@autre-demo.fr') });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.key).toBe('not_found');
    expect((await get(`${api}/${job.id}`, userToken)).body.data.ownerUserId).toBe(userId);
    expect((await edit(job.id, { ownerUserId: 'x' })).status).toBe(422);

    const nobody = await edit(job.id, { ownerUserId: null });
    expect(nobody.body.data).toMatchObject({ ownerUserId: null, ownerName: null });
    expect(ids((await get(`${api}?limit=200&mine=true`, userToken)).body)).not.toContain(job.id);
  });
});

describe('job detail', () => {
  it('carries the retainage release date: a year after the reception date, null without one', async () => {
    const created = await h.request('POST', api, {
      token: userToken,
      json: { name: 'Toiture Garnier', customerId: 1, retainageBasisPoints: 500 },
    });
    const job = ((await created.json()) as Json).data;
    expect(job).toMatchObject({ deliveryDate: null, retainageReleaseDate: null, payments: [] });
    const set = await edit(job.id, { deliveryDate: '2024-02-29' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ deliveryDate: '2024-02-29', retainageReleaseDate: '2025-02-28' });
    const other = await edit(job.id, { deliveryDate: '2026-03-15' });
    expect(other.body.data.retainageReleaseDate).toBe('2027-03-15');
  });

  it('lists the payments of the job’s invoices, which add up to its amounts paid', async () => {
    const all = (await get(`${api}?limit=200`, userToken)).body;
    let withRetainage = 0;
    let withPayments = 0;
    for (const { id } of all.data) {
      const { data } = (await get(`${api}/${id}`, userToken)).body;
      const numbers = new Map(data.invoices.map((i: Json) => [i.id, i.number]));
      const total = data.payments.reduce((sum: number, p: Json) => sum + p.amountCents, 0);
      const retainage = data.payments
        .filter((p: Json) => p.isRetainage)
        .reduce((sum: number, p: Json) => sum + p.amountCents, 0);
      expect(total).toBe(data.amounts.paidCents);
      expect(retainage).toBe(data.amounts.retainagePaidCents);
      for (const payment of data.payments) {
        expect(numbers.get(payment.invoiceId)).toBe(payment.invoiceNumber);
        expect(['transfer', 'check', 'card', 'cash', 'sepa', 'avoir']).toContain(payment.mode);
        expect(payment.paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      const dates = data.payments.map((p: Json) => p.paidOn);
      expect(dates).toEqual([...dates].sort());
      if (data.payments.length > 0) withPayments++;
      if (retainage > 0) withRetainage++;
    }
    expect(withPayments).toBeGreaterThan(1);
    expect(withRetainage).toBeGreaterThan(0);
  });
});
