/**
 * Creating and editing business jobs (issue 21, « Nouvelle affaire » and the job sheet): every field,
 * the owner (a user of the same company), the version (409 stale_version on a stale save), and
 * another company's customer, user or job (404 not_found, nothing changed, nothing leaked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RETAINAGE_BASIS_POINTS } from '../../src/contract/jobs.js';
import { MAX_RETAINAGE_RATE } from '../src/domain/retainage.js';
import { bootHarness, companyTwoFingerprints, expectNoLeak, type Harness } from './support/harness.js';

let h: Harness;
let userToken: string;
let adminToken: string;
let otherToken: string;
let userId: number;
let adminId: number;
let otherUserId: number;
let otherCustomerId: number;
let otherJobId: number;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

const api = '/v2/companies/1/business-jobs';

async function call(method: 'GET' | 'POST', path: string, json?: unknown, token = userToken) {
  const response = await h.request(method, path, { token, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  if (token !== otherToken) expectNoLeak(text, companyTwoFingerprints);
  return { status: response.status, body: JSON.parse(text) as Json };
}

const create = (body: Record<string, unknown>, token = userToken) => call('POST', api, body, token);
const read = async (id: number) => (await call('GET', `${api}/${id}`)).body.data;

beforeAll(async () => {
  h = await bootHarness();
  userToken = await h.tokenFor('user@demo.fr');
  adminToken = await h.tokenFor('admin@demo.fr');
  otherToken = await h.tokenFor('admin@autre-demo.fr');
  userId = await h.userId('user@demo.fr');
  adminId = await h.userId('admin@demo.fr');
  otherUserId = await h.userId('admin@autre-demo.fr');
  const others = await call('GET', '/v2/companies/2/customers?limit=1', undefined, otherToken);
  otherCustomerId = others.body.data[0].id;
  const otherJobs = await call('GET', '/v2/companies/2/business-jobs?limit=1', undefined, otherToken);
  otherJobId = otherJobs.body.data[0].id;
});
afterAll(() => h.close());

describe('creating a job', () => {
  it('bounds the retainage where the domain does (5 %)', () => {
    expect(MAX_RETAINAGE_BASIS_POINTS).toBe(MAX_RETAINAGE_RATE);
  });

  it('takes every field of the form: name, customer, site address, retainage, owner', async () => {
    const { status, body } = await create({
      name: '  Extension Dupont ',
      customerId: 1,
      siteAddress: '12 rue des Lilas, 69003 Lyon',
      retainageBasisPoints: 250,
      ownerUserId: adminId,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: 'Extension Dupont',
      customerId: 1,
      siteAddress: '12 rue des Lilas, 69003 Lyon',
      retainageBasisPoints: 250,
      ownerUserId: adminId,
      ownerName: 'Sophie Martin',
      deliveryDate: null,
      version: 1,
      quotes: [],
      invoices: [],
      payments: [],
    });
    expect(await read(body.data.id)).toMatchObject({ name: 'Extension Dupont', ownerUserId: adminId });
  });

  it('is the creator’s when no owner is given, and nobody’s with null', async () => {
    expect((await create({ name: 'Sans responsable', customerId: 1 })).body.data.ownerUserId).toBe(userId);
    const nobody = await create({ name: 'Personne', customerId: 1, ownerUserId: null });
    expect(nobody.body.data).toMatchObject({ ownerUserId: null, ownerName: null });
  });

  it('refuses another company’s customer or user as not found, and creates nothing', async () => {
    const before = (await call('GET', `${api}?limit=1`)).body.info.hits;
    const foreignCustomer = await create({ name: 'Chez les autres', customerId: otherCustomerId });
    expect(foreignCustomer.status).toBe(404);
    expect(foreignCustomer.body.error.key).toBe('not_found');
    const foreignOwner = await create({ name: 'Chez les autres', customerId: 1, ownerUserId: otherUserId });
    expect(foreignOwner.status).toBe(404);
    expect(foreignOwner.body.error.key).toBe('not_found');
    expect((await call('GET', `${api}?limit=1`)).body.info.hits).toBe(before);
  });

  it('answers each wrong field with its code: no name, retainage over 5 %, a bad owner', async () => {
    const { status, body } = await create({
      name: '   ',
      customerId: 'x',
      retainageBasisPoints: 501,
      ownerUserId: 1.5,
      siteAddress: 'a'.repeat(301),
    });
    expect(status).toBe(422);
    expect(body.error.key).toBe('validation');
    expect(body.error.fields).toMatchObject({
      name: 'required',
      customerId: 'number',
      retainageBasisPoints: 'number',
      ownerUserId: 'number',
      siteAddress: 'too_long',
    });
    expect((await create({ name: 'Retenue négative', customerId: 1, retainageBasisPoints: -1 })).status).toBe(
      422,
    );
    expect(
      (await create({ name: 'Retenue maximale', customerId: 1, retainageBasisPoints: 500 })).status,
    ).toBe(200);
  });
});

describe('editing a job', () => {
  it('changes every field at once with the version read, and moves the version on', async () => {
    const job = (await create({ name: 'Cuisine', customerId: 1 })).body.data;
    const { status, body } = await call('POST', `${api}/${job.id}/edit`, {
      id: job.id,
      version: job.version,
      name: 'Cuisine et cellier',
      customerId: 2,
      siteAddress: '3 place Bellecour, 69002 Lyon',
      retainageBasisPoints: 500,
      ownerUserId: adminId,
      deliveryDate: '2026-06-30',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: 'Cuisine et cellier',
      customerId: 2,
      siteAddress: '3 place Bellecour, 69002 Lyon',
      retainageBasisPoints: 500,
      ownerUserId: adminId,
      deliveryDate: '2026-06-30',
      retainageReleaseDate: '2027-06-30',
      version: job.version + 1,
    });
  });

  it('refuses a save made from an older version with 409 stale_version and keeps the newer one', async () => {
    const job = (await create({ name: 'Salle de bains', customerId: 1 })).body.data;
    // The same session (a second tab): another session would meet the edit lock first.
    const first = await call('POST', `${api}/${job.id}/edit`, {
      id: job.id,
      version: job.version,
      name: 'Salle de bains (étage)',
    });
    expect(first.status).toBe(200);
    const stale = await call('POST', `${api}/${job.id}/edit`, {
      id: job.id,
      version: job.version,
      name: 'Salle d’eau',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.key).toBe('stale_version');
    expect(await read(job.id)).toMatchObject({ name: 'Salle de bains (étage)', version: job.version + 1 });
    // Reloaded, the same change goes through.
    const again = await call('POST', `${api}/${job.id}/edit`, {
      id: job.id,
      version: job.version + 1,
      name: 'Salle d’eau',
    });
    expect(again.status).toBe(200);
    expect(again.body.data.name).toBe('Salle d’eau');
    // Another session meanwhile meets the edit lock of the one that saved (resource_locked).
    const locked = await call(
      'POST',
      `${api}/${job.id}/edit`,
      { id: job.id, version: job.version + 2, name: 'Salle d’eau (admin)' },
      adminToken,
    );
    expect(locked.status).toBe(409);
    expect(locked.body.error.key).toBe('resource_locked');
  });

  it('refuses another company’s customer or owner (404) and changes nothing', async () => {
    const job = (await create({ name: 'Garage', customerId: 1, ownerUserId: userId })).body.data;
    for (const change of [{ customerId: otherCustomerId }, { ownerUserId: otherUserId }]) {
      const refused = await call('POST', `${api}/${job.id}/edit`, {
        id: job.id,
        version: job.version,
        name: 'Garage repris',
        ...change,
      });
      expect(refused.status).toBe(404);
      expect(refused.body.error.key).toBe('not_found');
    }
    expect(await read(job.id)).toMatchObject({
      name: 'Garage',
      customerId: 1,
      ownerUserId: userId,
      version: job.version,
    });
  });

  it('does not see nor change another company’s job', async () => {
    expect((await call('GET', `${api}/${otherJobId}`)).status).toBe(404);
    const edit = await call('POST', `${api}/${otherJobId}/edit`, {
      id: otherJobId,
      version: 1,
      name: 'Pris',
    });
    expect(edit.status).toBe(404);
    expect(edit.body.error.key).toBe('not_found');
    const theirs = await call('GET', `/v2/companies/2/business-jobs/${otherJobId}`, undefined, otherToken);
    expect(theirs.body.data.name).not.toBe('Pris');
    // A path naming the other company is refused before anything is read.
    expect((await call('POST', `/v2/companies/2/business-jobs`, { name: 'X', customerId: 1 })).status).toBe(
      403,
    );
  });

  it('needs the version, and the same rules as the create for each field', async () => {
    const job = (await create({ name: 'Toiture', customerId: 1 })).body.data;
    const missing = await call('POST', `${api}/${job.id}/edit`, { id: job.id, name: 'Toiture 2' });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields.version).toBe('required');
    const wrong = await call('POST', `${api}/${job.id}/edit`, {
      id: job.id,
      version: job.version,
      name: '',
      retainageBasisPoints: 600,
      deliveryDate: '15/03/2026',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields).toMatchObject({
      name: 'required',
      retainageBasisPoints: 'number',
      deliveryDate: 'date',
    });
    expect((await read(job.id)).version).toBe(job.version);
  });
});
