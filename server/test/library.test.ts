/**
 * The price library (issue 22): items of four kinds priced from the company's costs, families,
 * search, paging, versioned edits, deletes refused while a work uses the item, compositions that
 * would contain themselves, the costs screen's « how many items change price », and another
 * company's ids on every endpoint.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCostFigures } from '../../src/contract/testing/costs.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin1: string;
let user1: string;
let admin2: string;
beforeAll(async () => {
  h = await bootHarness();
  admin1 = await h.tokenFor('admin@demo.fr');
  user1 = await h.tokenFor('user@demo.fr');
  admin2 = await h.tokenFor('admin@autre-demo.fr');
});
afterAll(() => h.close());

const api = companyApi(
  () => h,
  () => user1,
);
const as2 = (method: 'GET' | 'POST', path: string, json?: unknown) => api(method, path, json, admin2, 2);

/** The sample costs (49,00 € an hour, sold 56,60 €) with a materials coefficient of 1,200. */
async function setCosts(changes: Record<string, number> = {}, company = 1, token = user1) {
  const read = await api('GET', '/settings/costs', undefined, token, company);
  const { computed: _c, version, ...current } = read.body.data;
  const saved = await api(
    'POST',
    '/settings/costs',
    { ...current, ...sampleCostFigures, materialsCoefficientMilli: 1200, ...changes, version },
    token,
    company,
  );
  expect(saved.status).toBe(200);
  return saved.body.data;
}

const create = async (item: Record<string, unknown>, as = user1, company = 1) => {
  const { status, body } = await api('POST', '/library/items', item, as, company);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as Json;
};
const item = async (id: number) => (await api('GET', `/library/items/${id}`)).body.data as Json;
const edit = (id: number, changes: Record<string, unknown>, version: number) =>
  api('POST', `/library/items/${id}/edit`, { id, version, ...changes });

describe('items and their prices', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    await setCosts();
  });

  it('prices each kind from the costs: a supply with its loss, labour at the hourly figures, equipment', async () => {
    const supply = await create({
      kind: 'supply',
      code: 'ENS-001',
      designation: 'Enduit de façade écru',
      unit: 'sac',
      unitCostCents: 1250,
      lossBasisPoints: 500,
      supplier: 'Weber',
    });
    // 12,50 € + 5 % of loss = 13,125 € → 13,13 €; sold × 1,200 = 15,75 €.
    expect(supply).toMatchObject({ kind: 'supply', costCents: 1313, salePriceCents: 1575, version: 1 });
    const labour = await create({ kind: 'labour', designation: "Pose d'enduit", unit: 'jour' });
    // The company's hourly cost and hourly sale price; a labour item is counted in hours.
    expect(labour).toMatchObject({ unit: 'h', unitCostCents: null, costCents: 4900, salePriceCents: 5660 });
    const apprentice = await create({ kind: 'labour', designation: 'Apprenti', unitCostCents: 3000 });
    // Its own hourly cost, marked up as the hourly sale price is: 30 € × 1,05 × 1,10 = 34,65 €.
    expect(apprentice).toMatchObject({ costCents: 3000, salePriceCents: 3465 });
    const scaffold = await create({
      kind: 'equipment',
      designation: 'Échafaudage roulant',
      unit: 'j',
      unitCostCents: 4000,
      supplier: 'ignoré',
      lossBasisPoints: 900,
    });
    // Only a supply has a supplier and a loss.
    expect(scaffold).toMatchObject({
      costCents: 4000,
      salePriceCents: 4800,
      supplier: '',
      lossBasisPoints: 0,
    });
    Object.assign(ids, {
      supply: supply.id,
      labour: labour.id,
      apprentice: apprentice.id,
      scaffold: scaffold.id,
    });
  });

  it('prices a work from its composition, through sub-works, rounded once at the end', async () => {
    const work = await create({
      kind: 'work',
      code: 'OUV-1',
      designation: 'Enduit monocouche',
      unit: 'm²',
      components: [
        { itemId: ids.supply, quantityMilli: 333 },
        { itemId: ids.labour, quantityMilli: 250 },
        { itemId: ids.scaffold, quantityMilli: 100 },
      ],
    });
    // 0,333 × 13,125 + 0,25 × 49 + 0,1 × 40 = 20,620625 € → 20,62 €;
    // sold 0,333 × 15,75 + 0,25 × 56,60 + 0,1 × 48 = 24,19475 € → 24,19 €.
    expect(work).toMatchObject({ costCents: 2062, salePriceCents: 2419 });
    expect(work.components).toEqual([
      expect.objectContaining({ itemId: ids.supply, quantityMilli: 333, kind: 'supply', costCents: 1313 }),
      expect.objectContaining({ itemId: ids.labour, quantityMilli: 250, designation: "Pose d'enduit" }),
      expect.objectContaining({ itemId: ids.scaffold, quantityMilli: 100, salePriceCents: 4800 }),
    ]);
    const facade = await create({
      kind: 'work',
      designation: 'Façade complète',
      unit: 'u',
      components: [
        { itemId: work.id, quantityMilli: 3000 },
        { itemId: ids.apprentice, quantityMilli: 1000 },
      ],
    });
    // 3 × 20,620625 + 30 = 91,861875 € → 91,86 € (3 × the rounded 20,62 would be 91,86 too);
    // sold 3 × 24,19475 + 34,65 = 107,23425 € → 107,23 € (3 × 24,19 + 34,65 = 107,22: rounded once).
    expect(facade).toMatchObject({ costCents: 9186, salePriceCents: 10723 });
    Object.assign(ids, { work: work.id, facade: facade.id });
  });

  it('a fixed sale price stays whatever the costs; the cost still follows', async () => {
    const supply = await item(ids.supply!);
    const { status, body } = await edit(ids.supply!, { fixedSalePriceCents: 2000 }, supply.version);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ costCents: 1313, salePriceCents: 2000, version: supply.version + 1 });
    // The work that uses it sells it at its fixed price: 0,333 × 20 + 14,15 + 4,80 = 25,61 €.
    expect(await item(ids.work!)).toMatchObject({ costCents: 2062, salePriceCents: 2561 });
  });

  it('says how many items change price before the costs are saved; after saving, every price follows', async () => {
    // The materials coefficient moves: the equipment, and both works (through it), not the fixed
    // supply nor the labour.
    const preview = await api('POST', '/library/price-preview', {
      ...sampleCostFigures,
      materialPurchaseCostCents: 0,
      labourCoefficientMilli: 1000,
      materialsCoefficientMilli: 1300,
    });
    expect(preview).toEqual({ status: 200, body: { data: { changed: 3 } } });
    // Nothing was saved.
    expect((await item(ids.scaffold!)).salePriceCents).toBe(4800);
    await setCosts({ materialsCoefficientMilli: 1300 });
    expect(await item(ids.scaffold!)).toMatchObject({ costCents: 4000, salePriceCents: 5200 });
    expect(await item(ids.supply!)).toMatchObject({ salePriceCents: 2000 });
    expect(await item(ids.labour!)).toMatchObject({ salePriceCents: 5660 });
    const hourly = await api('POST', '/library/price-preview', {
      ...sampleCostFigures,
      directLabourCostCents: 2100,
      materialPurchaseCostCents: 0,
      labourCoefficientMilli: 1000,
      materialsCoefficientMilli: 1300,
    });
    // The labour at the company's rate and both works (the façade through the work it contains);
    // the apprentice, at its own rate, keeps its price.
    expect(hourly.body.data).toEqual({ changed: 3 });
    await setCosts({ materialsCoefficientMilli: 1200 });
  });

  it('refuses a stale version (409) and keeps the stored item', async () => {
    const current = await item(ids.labour!);
    expect((await edit(ids.labour!, { designation: 'Pose' }, current.version)).status).toBe(200);
    const stale = await edit(ids.labour!, { designation: 'Autre' }, current.version);
    expect(stale).toEqual({ status: 409, body: { error: { key: 'stale_version' } } });
    expect((await item(ids.labour!)).designation).toBe('Pose');
    const missing = await api('POST', `/library/items/${ids.labour}/edit`, {
      id: ids.labour,
      designation: 'X',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ version: 'required' });
  });

  it('refuses to delete an item a work uses (409), deletes it once no work does', async () => {
    const refused = await api('POST', `/library/items/${ids.supply}/delete`);
    expect(refused).toEqual({ status: 409, body: { error: { key: 'library_item_in_use' } } });
    const inner = await api('POST', `/library/items/${ids.work}/delete`);
    expect(inner.body.error.key).toBe('library_item_in_use');
    expect(await api('POST', `/library/items/${ids.facade}/delete`)).toEqual({
      status: 200,
      body: { data: { id: ids.facade } },
    });
    expect((await api('POST', `/library/items/${ids.work}/delete`)).status).toBe(200);
    expect((await api('POST', `/library/items/${ids.supply}/delete`)).status).toBe(200);
    expect((await api('GET', `/library/items/${ids.supply}`)).status).toBe(404);
  });

  it('refuses a composition that would contain the work itself, through any depth (422)', async () => {
    const w1 = await create({
      kind: 'work',
      designation: 'Ouvrage 1',
      components: [{ itemId: ids.labour, quantityMilli: 1000 }],
    });
    const w2 = await create({
      kind: 'work',
      designation: 'Ouvrage 2',
      components: [{ itemId: w1.id, quantityMilli: 1000 }],
    });
    const w3 = await create({
      kind: 'work',
      designation: 'Ouvrage 3',
      components: [{ itemId: w2.id, quantityMilli: 2000 }],
    });
    for (const components of [
      [{ itemId: w1.id, quantityMilli: 1000 }],
      [
        { itemId: ids.labour, quantityMilli: 1000 },
        { itemId: w3.id, quantityMilli: 500 },
      ],
      [{ itemId: w2.id, quantityMilli: 1000 }],
    ]) {
      const { status, body } = await edit(w1.id, { components }, w1.version);
      expect(status).toBe(422);
      expect(body).toEqual({ error: { key: 'library_cycle' } });
    }
    const stored = await item(w1.id);
    expect(stored.components.map((c: Json) => c.itemId)).toEqual([ids.labour]);
    expect(stored.version).toBe(w1.version);
    // A work may contain the same sub-work by two paths: no cycle.
    const components = [
      ...w3.components.map(({ itemId, quantityMilli }: Json) => ({ itemId, quantityMilli })),
      { itemId: w1.id, quantityMilli: 1000 },
    ];
    const ok = await edit(w3.id, { components }, w3.version);
    expect(ok.status).toBe(200);
    expect(ok.body.data.costCents).toBe(2 * 4900 + 4900);
  });

  it('checks each kind and what only the database knows', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ kind: 'supply', designation: 'Sans prix' }, { unitCostCents: 'required' }],
      [{ kind: 'work', designation: 'Vide' }, { components: 'required' }],
      [{ kind: 'equipment', designation: '', unitCostCents: 1 }, { designation: 'required' }],
      [{ kind: 'supply', designation: 'X', unitCostCents: -1 }, { unitCostCents: 'number' }],
      [
        { kind: 'work', designation: 'X', components: [{ itemId: 999_999, quantityMilli: 1000 }] },
        { 'components.0.itemId': 'invalid' },
      ],
      [{ kind: 'labour', designation: 'X', familyId: 999_999 }, { familyId: 'invalid' }],
      [{ kind: 'labour', designation: 'X', vatRateId: 999_999 }, { vatRateId: 'invalid' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await api('POST', '/library/items', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error).toMatchObject({ key: 'validation', fields });
    }
  });

  it('refuses a work whose figures would pass the largest amount', async () => {
    const dear = await create({ kind: 'equipment', designation: 'Grue', unitCostCents: 1_000_000_000 });
    const { status, body } = await api('POST', '/library/items', {
      kind: 'work',
      designation: 'Trop cher',
      components: [{ itemId: dear.id, quantityMilli: 1_000_000_000 }],
    });
    expect(status).toBe(422);
    expect(body.error.key).toBe('library_price_out_of_range');
  });
});

describe('families, search, sort and paging', () => {
  const family: Record<string, number> = {};
  beforeAll(async () => {
    const top = await api('POST', '/library/families', { name: 'Plâtrerie' });
    expect(top.status).toBe(200);
    const sub = await api('POST', '/library/families', { name: 'Enduits', parentId: top.body.data.id });
    family.top = top.body.data.id;
    family.sub = sub.body.data.id;
    for (const [code, designation, familyId] of [
      ['PLA-10', 'Plâtre à projeter', family.sub],
      ['PLA-11', 'Plâtre de finition', family.top],
      ['BET-01', "Béton prêt à l'emploi", null],
      ['ECR-02', 'Écrou inox', null],
      ['ab%_\\', 'Joint 100 % étanche', null],
    ] as const) {
      await create({ kind: 'supply', code, designation, unitCostCents: 100, familyId });
    }
  });

  it('lists the families as a tree (each naming its parent), by name', async () => {
    const { body } = await api('GET', '/library/families');
    expect(body.data).toEqual([
      { id: family.sub, parentId: family.top, name: 'Enduits', version: 1 },
      { id: family.top, parentId: null, name: 'Plâtrerie', version: 1 },
    ]);
    const bad = await api('POST', '/library/families', { name: 'X', parentId: 999_999 });
    expect(bad.body.error).toEqual({ key: 'validation', fields: { parentId: 'invalid' } });
  });

  it('renames and moves a family from the version read, never under itself, its items kept', async () => {
    const editFamily = (id: number, json: Record<string, unknown>) =>
      api('POST', `/library/families/${id}/edit`, { id, ...json });
    const made = await api('POST', '/library/families', { name: 'Menuiseries' });
    expect(made.body.data).toMatchObject({ parentId: null, version: 1 });
    const id = made.body.data.id as number;
    const door = await create({
      kind: 'supply',
      designation: 'Porte isoplane',
      unitCostCents: 100,
      familyId: id,
    });
    const renamed = await editFamily(id, { version: 1, name: 'Menuiserie intérieure' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ id, parentId: null, name: 'Menuiserie intérieure', version: 2 });
    // The version read before the rename: refused, nothing changed.
    const stale = await editFamily(id, { version: 1, name: 'Autre nom' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.key).toBe('stale_version');
    const moved = await editFamily(id, { version: 2, parentId: family.sub });
    expect(moved.body.data).toMatchObject({
      parentId: family.sub,
      name: 'Menuiserie intérieure',
      version: 3,
    });
    // Its items follow it: the top family's filter (sub-families included) finds the door.
    expect((await search(`familyId=${family.top}&q=isoplane`)).designations).toEqual(['Porte isoplane']);
    expect((await item(door.id)).familyId).toBe(id);
    // Never under itself nor one of its sub-families (the tree cannot loop).
    const top = (await api('GET', '/library/families')).body.data.find((f: Json) => f.id === family.top);
    for (const parentId of [family.top, family.sub]) {
      const loop = await editFamily(family.top!, { version: top.version, parentId });
      expect(loop.status, String(parentId)).toBe(422);
      expect(loop.body.error).toEqual({ key: 'validation', fields: { parentId: 'invalid' } });
    }
    const noName = await editFamily(id, { version: 3, name: '  ' });
    expect(noName.body.error).toMatchObject({ key: 'validation', fields: { name: expect.any(String) } });
    expect((await editFamily(id, { name: 'Sans version' })).body.error).toMatchObject({
      fields: { version: 'required' },
    });
    const mismatch = await api('POST', `/library/families/${id}/edit`, { id: family.top, version: 3 });
    expect(mismatch.body.error.key).toBe('id_mismatch');
    // Back to the top level, then the lists as they were for the tests below.
    const back = await editFamily(id, { version: 3, parentId: null });
    expect(back.body.data).toMatchObject({ parentId: null, version: 4 });
    expect((await api('POST', `/library/items/${door.id}/delete`)).status).toBe(200);
  });

  const search = async (query: string) => {
    const { status, body } = await api('GET', `/library/items?${query}`);
    expect(status).toBe(200);
    return {
      designations: body.data.map((i: Json) => i.designation) as string[],
      hits: body.info.hits as number,
    };
  };

  it('finds words of the code and designation in any order, without accents or case', async () => {
    expect(await search('q=PLATRE')).toEqual({
      designations: ['Plâtre à projeter', 'Plâtre de finition'],
      hits: 2,
    });
    expect((await search('q=projeter%20pl%C3%A2tre')).designations).toEqual(['Plâtre à projeter']);
    expect((await search('q=pla-11')).designations).toEqual(['Plâtre de finition']);
    expect((await search('q=ecrou')).designations).toEqual(['Écrou inox']);
    expect((await search(`q=${encodeURIComponent("prêt l'EMPLOI beton")}`)).designations).toEqual([
      "Béton prêt à l'emploi",
    ]);
    // What is typed matches itself: % and _ are no wildcards.
    expect((await search('q=%25')).designations).toEqual(['Joint 100 % étanche']);
    expect((await search('q=a_%25')).designations).toEqual([]);
    expect(await search('q=introuvable')).toEqual({ designations: [], hits: 0 });
  });

  it('filters by kind and by family with its sub-families', async () => {
    expect((await search(`familyId=${family.top}`)).designations).toEqual([
      'Plâtre à projeter',
      'Plâtre de finition',
    ]);
    expect((await search(`familyId=${family.sub}`)).designations).toEqual(['Plâtre à projeter']);
    const labour = await search('kind=labour');
    expect(labour.designations.length).toBe(labour.hits);
    expect(labour.hits).toBeGreaterThan(0);
    expect((await search(`kind=supply&q=platre&familyId=${family.sub}`)).hits).toBe(1);
  });

  it("pages a family with its sub-families in the list's order, whichever family each item is in", async () => {
    // Each family is read in its own order and merged (migration 0046): items of both interleave.
    const added = [
      await create({
        kind: 'supply',
        code: 'PLA-12',
        designation: 'Enduit de lissage',
        unitCostCents: 1,
        familyId: family.top,
      }),
      await create({
        kind: 'supply',
        code: 'PLA-13',
        designation: 'Mortier colle',
        unitCostCents: 1,
        familyId: family.sub,
      }),
      await create({ kind: 'labour', code: 'PLA-14', designation: 'Pose de plâtre', familyId: family.sub }),
    ];
    const tree = `familyId=${family.top}`;
    const all = [
      'Enduit de lissage',
      'Mortier colle',
      'Plâtre à projeter',
      'Plâtre de finition',
      'Pose de plâtre',
    ];
    expect(await search(tree)).toEqual({ designations: all, hits: 5 });
    const pages = [0, 2, 4].map((offset) => search(`${tree}&limit=2&offset=${offset}`));
    expect((await Promise.all(pages)).flatMap((page) => page.designations)).toEqual(all);
    expect((await search(`${tree}&order=desc&limit=3&offset=1`)).designations).toEqual(
      all.toReversed().slice(1, 4),
    );
    const byCode = await api('GET', `/library/items?${tree}&sort=code&order=desc&limit=2&offset=1`);
    expect(byCode.body.data.map((i: Json) => i.code)).toEqual(['PLA-13', 'PLA-12']);
    expect(await search(`${tree}&kind=supply&limit=1&offset=1`)).toEqual({
      designations: ['Mortier colle'],
      hits: 4,
    });
    expect(await search(`${tree}&offset=5`)).toEqual({ designations: [], hits: 5 });
    for (const { id } of added) expect((await api('POST', `/library/items/${id}/delete`)).status).toBe(200);
  });

  it('sorts without accents and pages, the total staying the same', async () => {
    const all = await search('kind=supply&limit=200');
    const folded = all.designations.map((d) =>
      d
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase(),
    );
    expect(folded).toEqual([...folded].sort());
    const page1 = await search('kind=supply&limit=2');
    const page2 = await search('kind=supply&limit=2&offset=2');
    expect(page1.designations).toEqual(all.designations.slice(0, 2));
    expect(page2.designations).toEqual(all.designations.slice(2, 4));
    expect(page1.hits).toBe(all.hits);
    expect(await search('kind=supply&offset=1000')).toEqual({ designations: [], hits: all.hits });
    const byCode = await api('GET', '/library/items?q=pla&sort=code&order=desc');
    expect(byCode.body.data.map((i: Json) => i.code)).toEqual(['PLA-11', 'PLA-10']);
    expect((await api('GET', '/library/items?sort=price')).status).toBe(422);
  });
});

describe('isolation between companies', () => {
  let theirs: Json;
  let theirFamily: number;
  beforeAll(async () => {
    theirFamily = (await as2('POST', '/library/families', { name: 'Famille Durand' })).body.data.id;
    theirs = (
      await as2('POST', '/library/items', {
        kind: 'supply',
        designation: 'Ardoise Durand',
        unitCostCents: 500,
        familyId: theirFamily,
      })
    ).body.data;
  });

  it("another company's item is not found on every endpoint, and stays as it was", async () => {
    for (const [method, path, json] of [
      ['GET', `/library/items/${theirs.id}`, undefined],
      ['POST', `/library/items/${theirs.id}/edit`, { id: theirs.id, version: 1, designation: 'Pirate' }],
      ['POST', `/library/items/${theirs.id}/delete`, undefined],
    ] as const) {
      const { status, body } = await api(method, path, json, admin1);
      expect(status, path).toBe(404);
      expect(body).toEqual({ error: { key: 'not_found' } });
    }
    expect((await as2('GET', `/library/items/${theirs.id}`)).body.data).toMatchObject({
      designation: 'Ardoise Durand',
      version: 1,
    });
  });

  it("another company's items, families and VAT rates cannot be used nor listed", async () => {
    const component = await api('POST', '/library/items', {
      kind: 'work',
      designation: 'Vol',
      components: [{ itemId: theirs.id, quantityMilli: 1000 }],
    });
    expect(component.body.error).toMatchObject({ fields: { 'components.0.itemId': 'invalid' } });
    const filed = await api('POST', '/library/items', {
      kind: 'labour',
      designation: 'X',
      familyId: theirFamily,
    });
    expect(filed.body.error).toMatchObject({ fields: { familyId: 'invalid' } });
    const under = await api('POST', '/library/families', { name: 'X', parentId: theirFamily });
    expect(under.body.error).toMatchObject({ fields: { parentId: 'invalid' } });
    const ours = (await api('POST', '/library/families', { name: 'Famille à déplacer' })).body.data;
    const moved = await api('POST', `/library/families/${ours.id}/edit`, {
      id: ours.id,
      version: ours.version,
      parentId: theirFamily,
    });
    expect(moved.body.error).toEqual({ key: 'validation', fields: { parentId: 'invalid' } });
    const list = await api('GET', '/library/items?q=ardoise');
    expect(list.body).toEqual({ data: [], info: { hits: 0 } });
    expect((await api('GET', `/library/items?familyId=${theirFamily}`)).body.info.hits).toBe(0);
    expect(JSON.stringify((await api('GET', '/library/families')).body)).not.toContain('Durand');
    expect(JSON.stringify((await api('GET', '/library/items?limit=200')).body)).not.toContain('Durand');
  });

  it("another company's family cannot be renamed nor moved (404), and stays as it was", async () => {
    for (const changes of [{ name: 'Pirate' }, { parentId: null }, {}]) {
      const { status, body } = await api(
        'POST',
        `/library/families/${theirFamily}/edit`,
        { id: theirFamily, version: 1, ...changes },
        admin1,
      );
      expect(status).toBe(404);
      expect(body).toEqual({ error: { key: 'not_found' } });
    }
    expect((await as2('GET', '/library/families')).body.data).toEqual([
      { id: theirFamily, parentId: null, name: 'Famille Durand', version: 1 },
    ]);
  });

  it("company 1's token on company 2's path is refused (403) on every endpoint", async () => {
    for (const [method, path] of [
      ['GET', '/library/items'],
      ['GET', `/library/items/${theirs.id}`],
      ['POST', '/library/items'],
      ['POST', `/library/items/${theirs.id}/edit`],
      ['POST', `/library/items/${theirs.id}/delete`],
      ['GET', '/library/families'],
      ['POST', '/library/families'],
      ['POST', `/library/families/${theirFamily}/edit`],
      ['POST', '/library/price-preview'],
    ] as const) {
      const { status } = await api(method, path, method === 'POST' ? {} : undefined, admin1, 2);
      expect(status, path).toBe(403);
    }
  });

  it("the price preview counts the caller's company's items only", async () => {
    await setCosts({}, 2, admin2);
    const preview = await as2('POST', '/library/price-preview', {
      ...sampleCostFigures,
      materialPurchaseCostCents: 0,
      labourCoefficientMilli: 1000,
      materialsCoefficientMilli: 2000,
    });
    expect(preview.body.data).toEqual({ changed: 1 });
  });
});

describe('short words and codes (migration 0037)', () => {
  beforeAll(async () => {
    for (const [code, designation] of [
      ['IPN-80', 'Poutrelle IPN 80 acier'],
      ['ZK', 'Tube PVC Ø32 évacuation'],
      ['TPV-32', 'Tube PVC 32 mm pression'],
      ['MAN-1232', 'Manchon PVC 1232'],
      ['VIS-10', 'Vis à bois 10mm'],
      ['ab%', 'Joint 50 % silicone'],
    ] as const) {
      await create({ kind: 'supply', code, designation, unitCostCents: 100 });
    }
  });

  const found = async (q: string) =>
    ((await api('GET', `/library/items?q=${encodeURIComponent(q)}&limit=200`)).body.data as Json[])
      .map((i) => i.designation as string)
      .sort();

  it('finds a word of one or two characters where a word begins, a longer one anywhere', async () => {
    expect(await found('IPN')).toEqual(['Poutrelle IPN 80 acier']);
    // « 32 » begins a word in « Ø32 » (letters then digits) and « 32 mm », not inside « 1232 ».
    expect(await found('PVC 32')).toEqual(['Tube PVC 32 mm pression', 'Tube PVC Ø32 évacuation']);
    expect(await found('32 tube')).toEqual(['Tube PVC 32 mm pression', 'Tube PVC Ø32 évacuation']);
    expect(await found('123')).toEqual(['Manchon PVC 1232']);
    // A two-letter code, in any case; « mm » after digits; a one-letter word.
    expect(await found('zk')).toEqual(['Tube PVC Ø32 évacuation']);
    expect(await found('pv')).toEqual([
      'Manchon PVC 1232',
      'Tube PVC 32 mm pression',
      'Tube PVC Ø32 évacuation',
    ]);
    expect(await found('MM vis')).toEqual(['Vis à bois 10mm']);
    expect(await found('à bois')).toEqual(['Vis à bois 10mm']);
    // What is typed still matches itself: « % » is no wildcard, « _ » neither.
    expect(await found('%')).toContain('Joint 50 % silicone');
    expect(await found('b% silicone')).toEqual(['Joint 50 % silicone']);
    expect(await found('o_ pvc')).toEqual([]);
  });
});

describe("the search's word index (migration 0047)", () => {
  /** The words of every item, as the index should hold them: differences either way (none expected). */
  const drift = async () =>
    (
      (await h.db.owner.execute(sql`
        with expected as (
          select distinct i.company_id, w as word, i.id, i.kind, i.family_id, i.sort_key, i.code_key
          from library_items i, unnest(string_to_array(i.search_key, ' ')) w where w ~ '[a-z0-9]'),
        kept as (select company_id, word, id, kind, family_id, sort_key, code_key from library_word_items)
        select count(*)::int as n from ((table expected except table kept) union all (table kept except table expected)
          union all (select k.company_id, k.word, 0, '', 0, '', '' from kept k
            where not exists (select 1 from library_words v where v.company_id = k.company_id and v.word = k.word))
          -- The items holding each start of a word of one or two characters (0053), as kept and as
          -- counted from the items' keys.
          union all (select company_id, word, n, '', 0, '', '' from (
            (select i.company_id, w as word, count(*)::int as n from library_items i,
              unnest(bo_library_short_words(i.search_key)) w group by i.company_id, w
            except select company_id, word, n from library_short_word_counts where n <> 0)
            union all (select company_id, word, n from library_short_word_counts where n <> 0
            except select i.company_id, w, count(*)::int from library_items i,
              unnest(bo_library_short_words(i.search_key)) w group by i.company_id, w)) s)) d`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  const search = async (query: string) => {
    const { body } = await api('GET', `/library/items?${query}&limit=200`);
    return {
      designations: body.data.map((i: Json) => i.designation) as string[],
      hits: body.info.hits as number,
    };
  };
  const importCsv = async (csv: string) => {
    const form = new FormData();
    form.append('file', new File([new TextEncoder().encode(csv)], 'tarif.csv'));
    form.append('mapping', JSON.stringify({ code: 0, designation: 1, unit: 2, price: 3, family: null }));
    const response = await h.request('POST', '/v2/companies/1/library/imports', { token: user1, body: form });
    expect(response.status, await response.text()).toBe(200);
  };

  it('follows creates, renames, moves, code changes, deletes and imports; the search answers from it', async () => {
    const family = (await api('POST', '/library/families', { name: 'Zorglub & Cie' })).body.data.id as number;
    const [mortar, cement, white] = [
      await create({ kind: 'supply', code: 'ZGX-1', designation: 'Zorglub mortier', unitCostCents: 100 }),
      await create({ kind: 'supply', code: 'ZGX-2', designation: 'Zorglub ciment gris', unitCostCents: 100 }),
      await create({ kind: 'labour', code: 'ZGX-3', designation: 'Ciment blanc zorglub' }),
    ];
    const all = ['Ciment blanc zorglub', 'Zorglub ciment gris', 'Zorglub mortier'];
    expect(await search('q=zorglub')).toEqual({ designations: all, hits: 3 });
    // At a word's start, inside a word, a short word at a code's start, any case.
    expect((await search('q=ZORG')).designations).toEqual(all);
    expect((await search('q=rglu')).designations).toEqual(all);
    expect((await search('q=zg')).designations).toEqual(all);
    expect((await search('q=x-3')).designations).toEqual(['Ciment blanc zorglub']);

    // A rename moves the item in the list's order and takes its old words away.
    const renamed = await edit(white.id, { designation: 'Zzz mortier zorglub' }, white.version);
    expect(renamed.status).toBe(200);
    expect(await search('q=zorglub')).toEqual({
      designations: ['Zorglub ciment gris', 'Zorglub mortier', 'Zzz mortier zorglub'],
      hits: 3,
    });
    expect(await search('q=blanc')).toEqual({ designations: [], hits: 0 });
    expect((await search('q=zorglub&kind=labour')).designations).toEqual(['Zzz mortier zorglub']);
    // A move to a family, a new code.
    expect((await edit(mortar.id, { familyId: family, code: 'QQW-7' }, mortar.version)).status).toBe(200);
    expect((await search(`q=zorglub&familyId=${family}`)).designations).toEqual(['Zorglub mortier']);
    expect((await search('q=zgx-1')).hits).toBe(0);
    expect((await search('q=qqw')).designations).toEqual(['Zorglub mortier']);
    // A delete.
    expect((await api('POST', `/library/items/${cement.id}/delete`)).status).toBe(200);
    expect((await search('q=zorglub')).hits).toBe(2);
    // An import: an existing code renamed, a new one created.
    await importCsv(
      'Code;Désignation;Unité;Prix\nQQW-7;Zorglub mortier bâtard;u;2,00\nZGX-9;Plaque zorglub;u;3\n',
    );
    expect(await search('q=zorglub')).toEqual({
      designations: ['Plaque zorglub', 'Zorglub mortier bâtard', 'Zzz mortier zorglub'],
      hits: 3,
    });
    expect((await search('q=batard')).designations).toEqual(['Zorglub mortier bâtard']);
    expect(await drift()).toBe(0);
  });

  it("answers a word of the index from its entries in the list's order (0052): the same pages and totals as the items' own test", async () => {
    const families = [
      (await api('POST', '/library/families', { name: 'Vrombe A' })).body.data.id as number,
      (await api('POST', '/library/families', { name: 'Vrombe B' })).body.data.id as number,
    ];
    // 120 items in one statement (the import's path of the triggers): « vrombe » in most of them,
    // designations repeated (ties by id) and accented, « vrombissant » beside it (a word typed that
    // begins both: its entries deduplicated, or its items walked in order), codes of every kind.
    await h.db.owner.execute(sql`insert into library_items (company_id, kind, code, designation, unit, family_id)
      select 1, (array['supply', 'labour', 'equipment', 'work'])[1 + g % 4],
        'VRB-' || lpad(((g * 37) % 120)::text, 3, '0'),
        (array['Vrombe', 'Vrombé', 'Écrou vrombe', 'Zinc VROMBE', 'Vrombissant', 'Abri vrombissant vrombe',
          'Murale vrombe'])[1 + g % 7] || case when g % 3 = 0 then '' else ' ' || (g % 5)::text end,
        'u', case when g % 5 = 0 then null else ${families[0]}::int + g % 2 end
      from generate_series(1, 120) g`);
    expect(await drift()).toBe(0);
    const marks = '[\\x20-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e\\xb0\\xb7]';
    /** 0037's test on the items' own search key, sorted and paged as the list is. */
    const expected = async (
      q: string,
      kind: string | null,
      familyId: number | null,
      sort: string,
      order: string,
    ) => {
      const keys = sort === 'code' ? ['code_key', 'sort_key', 'id'] : ['sort_key', 'id'];
      const by = sql.raw(keys.map((k) => `i.${k}${k === 'id' ? '' : ' collate "C"'} ${order}`).join(', '));
      // Every word typed, each as 0037 tests it.
      const { rows } = (await h.db.owner.execute(sql`select i.id from library_items i
        where i.company_id = 1 and (${kind}::text is null or i.kind = ${kind})
          and (${familyId}::int is null or i.family_id = ${familyId})
          and not exists (select from (select bo_fold(w) as g from unnest(string_to_array(${q}, ' ')) w) x
            where not case
              when length(x.g) < 3 and x.g ~ '^[a-z][a-z0-9]?$' then i.search_key ~ ('(^|' || ${marks} || '|[0-9])' || x.g)
              when length(x.g) < 3 and x.g ~ '^[0-9][a-z0-9]?$' then i.search_key ~ ('(^|' || ${marks} || '|[a-z])' || x.g)
              else strpos(i.search_key, x.g) > 0 end)
        order by ${by}`)) as unknown as { rows: { id: number }[] };
      return rows.map((row) => row.id);
    };
    let compared = 0;
    for (const q of [
      'vrombe',
      'VROMBÉ',
      'vrombi',
      'vromb',
      'rombe',
      'vrb-007',
      'vr',
      '0',
      'zinc',
      'introuvable',
      'zinc vrombe',
      '2 vromb',
    ]) {
      for (const [kind, familyId] of [
        [null, null],
        ['labour', null],
        [null, families[1]!],
      ] as const) {
        for (const [sort, order] of [
          ['designation', 'asc'],
          ['designation', 'desc'],
          ['code', 'asc'],
          ['code', 'desc'],
        ] as const) {
          const all = await expected(q, kind, familyId, sort, order);
          for (const [limit, offset] of [
            [200, 0],
            [7, 14],
            [5, all.length - 2],
            [5, all.length + 3],
          ] as const) {
            const params = new URLSearchParams({
              q,
              sort,
              order,
              limit: String(limit),
              offset: String(Math.max(offset, 0)),
            });
            if (kind) params.set('kind', kind);
            if (familyId) params.set('familyId', String(familyId));
            const { body } = await api('GET', `/library/items?${params}`);
            const where = `${params}`;
            expect(body.info.hits, where).toBe(all.length);
            expect(
              body.data.map((i: Json) => i.id),
              where,
            ).toEqual(all.slice(Math.max(offset, 0), Math.max(offset, 0) + limit));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(12 * 3 * 4 * 4);
    // Every way was compared: « vrombe », « vrombi », « zinc » and a code stand for one word of the
    // index (read in its order); « vromb » (two words), « rombe » (inside one), « vr » and « 0 » do
    // not (without a kind or a family, held by many of the company's items: its items read in order,
    // counted for « vr » and « 0 » by the starts of words kept by 0053; with one, their entries
    // deduplicated and sorted).
    const oneWord = (q: string) =>
      h.db.owner.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.company_id', '1', true)`);
        const { rows } = (await tx.execute(
          sql`select case when inside is null and first_word = last_word then first_word end as w
          from bo_library_match(array[${q}]::text[])`,
        )) as unknown as {
          rows: { w: string | null }[];
        };
        return rows[0]!.w;
      });
    expect(await Promise.all(['VROMBÉ', 'vrombi', 'zinc', 'vrb-007'].map(oneWord))).toEqual([
      'vrombe',
      'vrombissant',
      'zinc',
      'vrb-007',
    ]);
    expect(await Promise.all(['vromb', 'rombe', 'vr', '0', 'introuvable'].map(oneWord))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect((await expected('vrombe', null, null, 'designation', 'asc')).length).toBeGreaterThan(50);
    // A rename moves the item in the word's order (its entries replaced under the new sort key).
    const { body: listed } = await api('GET', '/library/items?q=vrombe&kind=supply&limit=1');
    const moved = listed.data[0] as Json;
    expect(
      (await edit(moved.id, { designation: 'Zz vrombe', unitCostCents: 100 }, moved.version)).status,
    ).toBe(200);
    const after = await api('GET', '/library/items?q=vrombe&kind=supply&limit=200');
    expect(after.body.data.at(-1).id).toBe(moved.id);
    expect(after.body.data.map((i: Json) => i.id)).toEqual(
      await expected('vrombe', 'supply', null, 'designation', 'asc'),
    );
    expect(await drift()).toBe(0);
    expect((await api('POST', `/library/items/${moved.id}/delete`)).status).toBe(200);
    expect(await drift()).toBe(0);
    // 576 pages compared one after the other: 4 s on PGlite, several times that on a loaded box.
  }, 120_000);

  it('keeps no word of marks only (migration 0050); such a word typed is still found, inside words too', async () => {
    await create({
      kind: 'supply',
      code: 'MKQ-1',
      designation: 'Tube PER - 16 mm « qualité pro »',
      unitCostCents: 100,
    });
    await create({ kind: 'supply', code: 'MKQ-2', designation: 'Tube PER 20 mm', unitCostCents: 100 });
    const kept = (await h.db.owner.execute(
      sql`select count(*)::int as n from library_word_items where word !~ '[a-z0-9]'`,
    )) as unknown as { rows: { n: number }[] };
    expect(kept.rows[0]!.n).toBe(0);
    expect(await drift()).toBe(0);
    // « - » alone, and inside the codes « mkq-1 », « mkq-2 »; « « » alone; with a word beside it.
    expect((await search('q=mkq')).hits).toBe(2);
    // What 0037 answered: the items whose folded code and designation hold the marks typed.
    const holding = async (marks: string) =>
      (
        (await h.db.owner.execute(
          sql`select count(*)::int as n from library_items where company_id = 1 and search_key like ${`%${marks}%`}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect((await search(`q=${encodeURIComponent('-')}`)).hits).toBe(await holding('-'));
    expect(await holding('-')).toBeGreaterThanOrEqual(2);
    const quote = await search(`q=${encodeURIComponent('«')}`);
    expect(quote.hits).toBe(await holding('<<'));
    expect(quote.designations).toContain('Tube PER - 16 mm « qualité pro »');
    expect((await search(`q=${encodeURIComponent('« qualite')}`)).designations).toContain(
      'Tube PER - 16 mm « qualité pro »',
    );
  });
});
