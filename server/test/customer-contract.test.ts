/**
 * One contract for the form and the server: every body the form refuses (the shared list of
 * src/contract/testing) is refused here too, with the same field and code, and nothing is stored;
 * an edit is checked on the customer it would leave; a stale edit is a 409; a bad stored value
 * is answered as stored (the sheet shows it with its message).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rejectedBody,
  rejectedCustomers,
  validPrivateBody,
  validProfessionalBody,
} from '../../src/contract/testing/rejectedCustomers.js';
import { customers } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('user@demo.fr');
});
afterAll(() => h.close());

interface Answer {
  status: number;
  body: { data?: { id: number; version: number } & Record<string, unknown>; error?: unknown };
}
const api = async (method: string, url: string, json?: unknown): Promise<Answer> => {
  const response = await h.request(method, url, { token, ...(json !== undefined ? { json } : {}) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
};
const create = (body: unknown) => api('POST', '/v2/companies/1/customers', body);
const edit = (id: number, body: object) =>
  api('POST', `/v2/companies/1/customers/${id}/edit`, { id, ...body });
const customerCount = async () =>
  Number(
    (
      (await h.db.owner.execute(sql`select count(*)::int as n from customers`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('the bodies the form refuses are refused by the server', () => {
  it('accepts the valid bases the faults start from', async () => {
    expect((await create(validProfessionalBody)).status).toBe(200);
    expect((await create(validPrivateBody)).status).toBe(200);
  });

  for (const rejected of rejectedCustomers) {
    it(`create: ${rejected.kind} → 422 validation, ${rejected.field}: ${rejected.code}, nothing stored`, async () => {
      const before = await customerCount();
      const { status, body } = await create(rejectedBody(rejected));
      expect([status, body]).toEqual([
        422,
        { error: { key: 'validation', fields: { [rejected.field]: rejected.code } } },
      ]);
      expect(await customerCount()).toBe(before);
    });
  }

  for (const rejected of rejectedCustomers.filter((r) => !r.createOnly)) {
    it(`edit: ${rejected.kind} → 422 validation, ${rejected.field}: ${rejected.code}, unchanged`, async () => {
      const valid = rejected.base === 'professional' ? validProfessionalBody : validPrivateBody;
      const created = (await create(valid)).body.data!;
      const { status, body } = await edit(created.id, { version: created.version, ...rejected.change });
      expect([status, body]).toEqual([
        422,
        { error: { key: 'validation', fields: { [rejected.field]: rejected.code } } },
      ]);
      const stored = (await api('GET', `/v2/companies/1/customers/${created.id}`)).body.data;
      expect(stored).toEqual(created);
    });
  }

  it('an edit is checked on the customer it leaves: a French zip code no longer fits a Belgian customer', async () => {
    const created = (await create(validPrivateBody)).body.data!;
    const moved = await edit(created.id, { version: 1, country: 'France' });
    expect([moved.status, moved.body]).toEqual([
      422,
      { error: { key: 'validation', fields: { phone: 'phone', zipCode: 'zip_code' } } },
    ]);
    const together = await edit(created.id, {
      version: 1,
      country: 'France',
      phone: '01 23 45 67 89',
      zipCode: '75011',
    });
    expect(together.status).toBe(200);
  });
});

describe('concurrent edits', () => {
  it('two saves from the same version: the first wins, the second gets 409 stale_version and changes nothing', async () => {
    const created = (await create(validProfessionalBody)).body.data!;
    const first = await edit(created.id, { version: created.version, city: 'Villeurbanne' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ city: 'Villeurbanne', version: created.version + 1 });
    const second = await edit(created.id, { version: created.version, comments: 'Écrasé ?' });
    expect([second.status, second.body]).toEqual([409, { error: { key: 'stale_version' } }]);
    const stored = (await api('GET', `/v2/companies/1/customers/${created.id}`)).body.data;
    expect(stored).toMatchObject({
      city: 'Villeurbanne',
      comments: validProfessionalBody.comments,
      version: 2,
    });
  });

  it('changed fields only: two people changing different fields from fresh versions lose nothing', async () => {
    const created = (await create(validProfessionalBody)).body.data!;
    const a = await edit(created.id, { version: 1, city: 'Vienne', zipCode: '38200' });
    const b = await edit(created.id, { version: a.body.data!.version, comments: 'Portail bleu.' });
    expect(b.body.data).toMatchObject({
      city: 'Vienne',
      zipCode: '38200',
      comments: 'Portail bleu.',
      version: 3,
    });
  });

  it('ten saves at once from the same version: exactly one wins, the others get 409', async () => {
    const created = (await create(validProfessionalBody)).body.data!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        edit(created.id, { version: created.version, city: `Ville ${n}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.data!;
    const stored = (await api('GET', `/v2/companies/1/customers/${created.id}`)).body.data;
    expect(stored).toMatchObject({ city: winner.city, version: created.version + 1 });
  });
});

describe('a bad value already stored', () => {
  it('is answered as stored (the sheet shows it with its message) and an edit that fixes it passes', async () => {
    const created = (await create(validProfessionalBody)).body.data!;
    await h.db.owner
      .update(customers)
      .set({ paymentDeadline: { rule: 'date', value: 5 } })
      .where(eq(customers.id, created.id));
    const read = await api('GET', `/v2/companies/1/customers/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data!.paymentDeadline).toEqual({ rule: 'date', value: 5 });
    const untouched = await edit(created.id, { version: 1, city: 'Vienne' });
    expect([untouched.status, untouched.body]).toEqual([
      422,
      { error: { key: 'validation', fields: { 'paymentDeadline.value': 'date' } } },
    ]);
    const fixed = await edit(created.id, {
      version: 1,
      paymentDeadline: { rule: 'date', value: '2027-01-31' },
    });
    expect(fixed.status).toBe(200);
  });

  it('every seeded customer satisfies the contract', async () => {
    const { status } = await api('GET', '/v2/companies/1/customers?limit=200');
    expect(status).toBe(200);
    const rows = await h.db.owner.select().from(customers);
    for (const row of rows) {
      const { id, version } = row;
      const answer = await edit(id, { version, comments: row.comments });
      expect([row.companyId === 1 ? answer.status : 404, id]).toEqual([row.companyId === 1 ? 200 : 404, id]);
    }
  });
});

describe('duplicate warning: an email or SIRET another customer has', () => {
  const check = (query: string) => api('GET', `/v2/companies/1/customer-duplicates?${query}`);

  it("names the other customer of the company, never the edited one, never another company's", async () => {
    const first = (
      await create({ ...validProfessionalBody, companyName: 'Doublon SARL', email: 'doublon@exemple.fr' })
    ).body.data!;
    const found = await check(
      `email=${encodeURIComponent(' Doublon@Exemple.fr ')}&siret=521%20987%20654%2000014`,
    );
    expect(found.status).toBe(200);
    expect((found.body.data as unknown as { email: unknown }).email).toEqual({
      id: first.id,
      type: 'professional',
      companyName: 'Doublon SARL',
      civility: 'Mme',
      firstName: 'Claire',
      lastName: 'Fontaine',
    });
    expect((found.body.data as unknown as { siret: { id: number } }).siret).not.toBeNull();
    const itself = await check(`email=doublon%40exemple.fr&exceptId=${first.id}`);
    expect(itself.body.data).toEqual({ email: null, siret: null });
    const none = await check('email=personne%40exemple.fr&siret=');
    expect(none.body.data).toEqual({ email: null, siret: null });
    // Company 2's customers are not company 1's duplicates.
    const durand = await h.db.owner
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.companyId, 2));
    const theirs = durand.find((row) => row.email)!.email;
    expect((await check(`email=${encodeURIComponent(theirs)}`)).body.data).toEqual({
      email: null,
      siret: null,
    });
  });

  it('never refuses a save: a second customer with the same email and SIRET is stored', async () => {
    const again = await create({ ...validProfessionalBody, email: 'doublon@exemple.fr' });
    expect(again.status).toBe(200);
  });
});
