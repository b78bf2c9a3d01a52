/**
 * The customer list as a French user expects it: a search without accents or case that also finds
 * phones, SIRET and codes; French alphabetical order; totals that stay right as customers come,
 * change type and go (kept by trigger, migration 0006).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
/** Deleting a customer is an administrator's act (docs/decisions.md). */
let adminToken: string;
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('user@autre-demo.fr');
  adminToken = await h.tokenFor('admin@autre-demo.fr');
});
afterAll(() => h.close());

interface Row {
  id: number;
  type: string;
  lastName: string;
  companyName: string;
  city: string;
  [key: string]: unknown;
}
interface Page {
  data: Row[];
  info: { hits: number };
}

const base = '/v2/companies/2/customers';
const list = async (query: string): Promise<Page> => {
  const limit = query.includes('limit=') ? '' : 'limit=200&';
  const response = await h.request('GET', `${base}?${limit}${query}`, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
};
const create = async (customer: Record<string, unknown>): Promise<Row> => {
  const response = await h.request('POST', base, { token, json: customer });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Row }).data;
};
const names = (page: Page) => page.data.map((c) => c.companyName || c.lastName);

describe('customer list', () => {
  it('finds customers whatever the accents and case, in any word order', async () => {
    const etienne = await create({
      type: 'private',
      firstName: 'Étienne',
      lastName: 'Lefèvre',
      city: 'Besançon',
      phone: '06 12 34 56 78',
    });
    const findsEtienne = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).data.some((c) => c.id === etienne.id);
    expect(await findsEtienne('etienne')).toBe(true);
    expect(await findsEtienne('ETIENNE')).toBe(true);
    expect(await findsEtienne('lefevre étienne')).toBe(true);
    expect(await findsEtienne('besancon')).toBe(true);
    expect(await findsEtienne('BESANÇON')).toBe(true);
    expect(await findsEtienne('etienne dupont')).toBe(false);
  });

  it('finds a two-character word anywhere, after any character (the trigram hint of 0044 stays exact)', async () => {
    // « 98 » after a letter, a digit, punctuation, and after a letter beyond ASCII (Cyrillic: no
    // trigram of the hint has it; the partial index of such keys finds it).
    const names = ['Kowalczyk98', 'Kowalczyk 1982', 'Kowalczyk-98', 'Kowalczyk Ж98', 'Kowalczyk 9 8'];
    const ids: number[] = [];
    for (const lastName of names)
      ids.push((await create({ type: 'private', firstName: 'Ana', lastName })).id);
    const finds = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}&limit=50`)).data.map((c) => c.id).sort((a, b) => a - b);
    expect(await finds('kowalczyk 98')).toEqual(ids.slice(0, 4));
    expect(await finds('98 KOWALCZYK')).toEqual(ids.slice(0, 4));
    expect(await finds('kowalczyk ж9')).toEqual([ids[3]]);
  });

  it('finds a customer by phone (with or without spaces), SIRET and code', async () => {
    const pro = await create({
      type: 'professional',
      companyName: 'Œuvres Générales du Bâtiment',
      cellPhone: '07.98.76.54.32',
      siret: '73282932000074',
      customerCode: 'OGB-42',
    });
    const finds = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).data.map((c) => c.id);
    expect(await finds('0798765432')).toEqual([pro.id]);
    expect(await finds('07 98 76')).toEqual([pro.id]);
    expect(await finds('732 829 320 00074')).toEqual([pro.id]);
    expect(await finds('73282932000074')).toEqual([pro.id]);
    expect(await finds('ogb-42')).toEqual([pro.id]);
    expect(await finds('oeuvres generales')).toEqual([pro.id]);
    // LIKE's own wildcards are plain characters.
    expect(await finds('%')).toEqual([]);
  });

  it('sorts in French alphabetical order, and desc is the exact reverse', async () => {
    const marker = 'ordre-alpha.test';
    for (const companyName of [
      'Zénith Travaux',
      'Boulangerie Roux',
      'Élan Bâtiment',
      'Bâti Sud',
      'eco Habitat',
    ]) {
      await create({ type: 'professional', companyName, email: `contact@${marker}` });
    }
    await create({ type: 'private', lastName: 'Dupont', firstName: 'Émile', email: `e@${marker}` });
    await create({ type: 'private', lastName: 'Dupont', firstName: 'Anne', email: `a@${marker}` });
    const ascending = names(await list(`q=${marker}&sort=name`));
    expect(ascending).toEqual([
      'Bâti Sud',
      'Boulangerie Roux',
      'Dupont',
      'Dupont',
      'eco Habitat',
      'Élan Bâtiment',
      'Zénith Travaux',
    ]);
    const firstNames = (await list(`q=${marker}&sort=name`)).data
      .filter((c) => c.lastName === 'Dupont')
      .map((c) => c.firstName);
    expect(firstNames).toEqual(['Anne', 'Émile']);
    const descending = (await list(`q=${marker}&sort=name&order=desc`)).data.map((c) => c.id);
    expect(descending).toEqual((await list(`q=${marker}&sort=name`)).data.map((c) => c.id).reverse());
  });

  it('sorts cities in French order too', async () => {
    const marker = 'ordre-ville.test';
    for (const city of ['Zillisheim', 'Évry', 'Angers', 'Ébreuil', 'Eymoutiers']) {
      await create({ type: 'private', lastName: `Habitant ${city}`, city, email: `x@${marker}` });
    }
    const cities = (await list(`q=${marker}&sort=city`)).data.map((c) => c.city);
    expect(cities).toEqual(['Angers', 'Ébreuil', 'Évry', 'Eymoutiers', 'Zillisheim']);
  });

  it('keeps the totals right as customers are created, change type and are deleted', async () => {
    const totals = async () => ({
      all: (await list('limit=1')).info.hits,
      pro: (await list('limit=1&type=professional')).info.hits,
      priv: (await list('limit=1&type=private')).info.hits,
    });
    const before = await totals();
    expect(before.all).toBe(before.pro + before.priv);
    const added = await create({ type: 'private', lastName: 'Compté' });
    expect(await totals()).toEqual({ all: before.all + 1, pro: before.pro, priv: before.priv + 1 });

    const edit = await h.request('POST', `${base}/${added.id}/edit`, {
      token,
      json: { id: added.id, version: added.version, type: 'professional', companyName: 'Compté SARL' },
    });
    expect(edit.status).toBe(200);
    expect(await totals()).toEqual({ all: before.all + 1, pro: before.pro + 1, priv: before.priv });

    const removed = await h.request('POST', `${base}/${added.id}/delete`, { token: adminToken });
    expect(removed.status).toBe(200);
    expect(await totals()).toEqual(before);

    // The totals are the company's own: the other company's list does not move.
    const other = await h.tokenFor('user@demo.fr');
    const company1 = await h.request('GET', '/v2/companies/1/customers?limit=1', { token: other });
    // As owner (no row-level security): the real number of company 1's customers.
    const counted = (await h.db.owner.execute(
      sql`select count(*)::int as n from customers where company_id = 1`,
    )) as unknown as { rows: { n: number }[] };
    expect(((await company1.json()) as Page).info.hits).toBe(counted.rows[0]!.n);
  });

  it('shows an edit at once in the page and in the search, and forgets a deleted customer (keys and JSON kept by the database, migration 0017)', async () => {
    const added = await create({ type: 'private', lastName: 'Quérulant', firstName: 'Odile', city: 'Lyon' });
    const found = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).data;
    expect((await found('querulant')).map((c) => c.id)).toEqual([added.id]);

    const edit = await h.request('POST', `${base}/${added.id}/edit`, {
      token,
      json: { id: added.id, version: added.version, lastName: 'Xénophane', city: 'Évry' },
    });
    expect(edit.status).toBe(200);
    expect(await found('querulant')).toEqual([]);
    const [edited] = await found('xenophane evry');
    expect(edited).toMatchObject({
      id: added.id,
      lastName: 'Xénophane',
      city: 'Évry',
      version: (added.version as number) + 1,
    });
    const response = await h.request('GET', `${base}/${added.id}`, { token });
    expect(edited).toStrictEqual(((await response.json()) as { data: Row }).data);

    expect((await h.request('POST', `${base}/${added.id}/delete`, { token: adminToken })).status).toBe(200);
    expect(await found('xenophane')).toEqual([]);
  });

  it('gives the total past the last page, with or without a search', async () => {
    const all = await list('limit=1');
    const past = await list(`offset=${all.info.hits + 10}`);
    expect(past).toEqual({ data: [], info: { hits: all.info.hits } });
    const searched = await list('q=lyon');
    const pastSearch = await list(`q=lyon&offset=${searched.info.hits + 10}`);
    expect(pastSearch).toEqual({ data: [], info: { hits: searched.info.hits } });
  });

  it('does not show its sort and search keys', async () => {
    const page = await list('limit=1');
    expect(JSON.stringify(page)).not.toMatch(/name_key|search_key|city_key|searchKey/);
  });

  it('answers each customer of a page exactly as the customer itself reads (the page JSON is built by the database)', async () => {
    await create({
      type: 'professional',
      companyName: 'Guillemets "doubles", barre \\ oblique\net tabulation\t — émoji 🏗️',
      comments: 'Ligne 1\r\nLigne 2 </script> \u0001',
      email: 'devis@exemple.fr',
      paymentDeadline: { rule: 'endOfMonth', value: 45 },
      paymentModes: ['transfer', 'check'],
    });
    const page = await list('sort=name');
    expect(page.data.some((c) => c.paymentModes !== null && c.paymentDeadline !== null)).toBe(true);
    for (const row of page.data) {
      const response = await h.request('GET', `${base}/${row.id}`, { token });
      const { data: one } = (await response.json()) as { data: Row };
      expect(row).toStrictEqual(one);
      expect(Object.keys(row)).toEqual(Object.keys(one));
    }
  });
});
