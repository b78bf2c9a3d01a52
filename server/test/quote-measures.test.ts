/**
 * A quote line's quantity from measures (issue 23) and a library work's composition copied into a
 * quote (issue 22), through the quotes API: what is stored, `measureSources` as the group changes,
 * the group's « used_in_quote » event, the composed line's figures by the library's rule, and the
 * refusals by field path (another company's group or measure, limits). Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compositionPrice, type QuoteComposition } from '../../src/contract/quotes.js';
import { measureGroupEvents, measureGroups, measures } from '../src/db/schema.js';
import { ratesFor, transactionReader } from '../src/library/prices.js';
import { companyApi, type Json } from './support/company-api.js';
import { pdfText } from './support/factur-x-validators.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
let otherToken: string;
const api = companyApi(
  () => h,
  () => token,
);
let vatRateId: number;
let jobId: number;
/** Company 1's groups A (two measures) and B (one), company 2's group with one measure. */
const ids = { groupA: 0, groupB: 0, a1: 0, a2: 0, b1: 0, otherGroup: 0, other1: 0 };

const measured = (designation: string, groupId: number, measureIds: number[], valueMilli: number) => ({
  kind: 'priced',
  designation,
  unit: 'm²',
  quantityMilli: valueMilli,
  unitPriceCents: 2_500,
  vatRateId,
  measure: { groupId, measureIds, valueMilli },
});

async function newGroup(companyId: number, name: string, values: number[]) {
  const [group] = await h.db.owner
    .insert(measureGroups)
    .values({ companyId, application: 'pix4d', name })
    .returning({ id: measureGroups.id });
  const rows = await h.db.owner
    .insert(measures)
    .values(
      values.map((valueMilli, position) => ({
        companyId,
        groupId: group!.id,
        position,
        name: `Surface ${position + 1}`,
        kind: 'area' as const,
        unit: 'm²' as const,
        valueMilli,
      })),
    )
    .returning({ id: measures.id });
  return { groupId: group!.id, measureIds: rows.map((r) => r.id) };
}

const eventsOf = (groupId: number) =>
  h.db.owner
    .select()
    .from(measureGroupEvents)
    .where(and(eq(measureGroupEvents.groupId, groupId), eq(measureGroupEvents.kind, 'used_in_quote')));

async function create(items: unknown[]) {
  return api('POST', '/quotes', { businessJobId: jobId, title: 'Toiture', items });
}

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  otherToken = await h.tokenFor('admin@autre-demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as Json[];
  vatRateId = rates.find((r) => r.basisPoints === 2000).id;
  const customer = await api('POST', '/customers', { type: 'private', lastName: 'Métré' });
  jobId = (await api('POST', '/business-jobs', { name: 'Toiture', customerId: customer.body.data.id })).body
    .data.id;
  const a = await newGroup(1, 'Toiture nord', [120_500, 80_250]);
  const b = await newGroup(1, 'Façade', [45_000]);
  const other = await newGroup(2, 'Autre société', [10_000]);
  Object.assign(ids, {
    groupA: a.groupId,
    a1: a.measureIds[0],
    a2: a.measureIds[1],
    groupB: b.groupId,
    b1: b.measureIds[0],
    otherGroup: other.groupId,
    other1: other.measureIds[0],
  });
});

afterAll(async () => {
  await h?.close();
});

describe('a line measured from a group (issue 23)', () => {
  it('keeps its source, says the measures are unchanged and records the use once per group', async () => {
    const created = await create([
      {
        kind: 'chapter',
        title: 'Couverture',
        items: [measured('Tuiles', ids.groupA, [ids.a1, ids.a2], 200_750)],
      },
    ]);
    expect(created.status).toBe(200);
    const quote = created.body.data;
    expect(quote.items[0].items[0].measure).toEqual({
      groupId: ids.groupA,
      measureIds: [ids.a1, ids.a2],
      valueMilli: 200_750,
    });
    expect(quote.measureSources).toEqual([
      {
        path: [0, 0],
        groupId: ids.groupA,
        groupName: 'Toiture nord',
        application: 'pix4d',
        measureIds: [ids.a1, ids.a2],
        storedValueMilli: 200_750,
        currentValueMilli: 200_750,
        changed: false,
      },
    ]);
    const events = await eventsOf(ids.groupA);
    expect(events.map((e) => e.detail)).toContainEqual({
      quoteId: quote.id,
      quoteNumber: quote.number,
      lines: ['Tuiles'],
    });
    const before = events.length;
    // Saved again with a second group: one event for the new group, none more for the first.
    const edited = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      items: [...quote.items, measured('Enduit', ids.groupB, [ids.b1], 45_000)],
    });
    expect(edited.status).toBe(200);
    expect(await eventsOf(ids.groupA)).toHaveLength(before);
    expect((await eventsOf(ids.groupB)).map((e) => e.detail)).toContainEqual({
      quoteId: quote.id,
      quoteNumber: quote.number,
      lines: ['Enduit'],
    });
    expect(edited.body.data.measureSources.map((s: Json) => s.path)).toEqual([[0, 0], [1]]);
  });

  it('marks the line whose measures changed or were removed, and the draft still saves', async () => {
    const { groupId, measureIds } = await newGroup(1, 'Dalle', [10_000, 5_000]);
    const quote = (await create([measured('Chape', groupId, measureIds, 15_000)])).body.data;
    await h.db.owner.update(measures).set({ valueMilli: 12_000 }).where(eq(measures.id, measureIds[0]!));
    const changed = (await api('GET', `/quotes/${quote.id}`)).body.data;
    expect(changed.measureSources[0]).toMatchObject({
      storedValueMilli: 15_000,
      currentValueMilli: 17_000,
      changed: true,
    });
    // The quantity the line keeps is the one inserted: nothing changes a quote by itself.
    expect(changed.items[0].quantityMilli).toBe(15_000);
    await h.db.owner.delete(measures).where(eq(measures.id, measureIds[1]!));
    const removed = (await api('GET', `/quotes/${quote.id}`)).body.data;
    expect(removed.measureSources[0]).toMatchObject({ currentValueMilli: null, changed: true });
    const saved = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: removed.version,
      items: removed.items,
      title: 'Chape (revue)',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.items[0].measure.measureIds).toEqual(measureIds);
  });

  it('refuses another company’s group or measure, another group’s measure and bad sources, by path', async () => {
    const eventsBefore = (await eventsOf(ids.otherGroup)).length;
    const cases: [unknown, Record<string, string>][] = [
      [measured('Autre', ids.otherGroup, [ids.other1], 10_000), { 'items.0.measure.measureIds': 'invalid' }],
      [measured('Mélange', ids.groupA, [ids.other1], 10_000), { 'items.0.measure.measureIds': 'invalid' }],
      [
        measured('Mauvais groupe', ids.groupB, [ids.a1], 120_500),
        { 'items.0.measure.measureIds': 'invalid' },
      ],
      [
        { ...measured('Quantité tapée', ids.groupA, [ids.a1], 120_500), quantityMilli: 100_000 },
        { 'items.0.measure.valueMilli': 'invalid' },
      ],
      [
        measured('Deux fois', ids.groupA, [ids.a1, ids.a1], 241_000),
        { 'items.0.measure.measureIds': 'invalid' },
      ],
      [measured('Aucune', ids.groupA, [], 0), { 'items.0.measure.measureIds': 'required' }],
      [
        measured(
          'Trop',
          ids.groupA,
          Array.from({ length: 101 }, (_, i) => i + 1),
          1,
        ),
        { 'items.0.measure.measureIds': 'too_long' },
      ],
      [measured('Fraction', ids.groupA, [1.5], 1), { 'items.0.measure.measureIds.0': 'number' }],
    ];
    for (const [line, fields] of cases) {
      const refused = await create([line]);
      expect(refused.status, JSON.stringify(line)).toBe(422);
      expect(refused.body.error.key).toBe('validation');
      expect(refused.body.error.fields).toMatchObject(fields);
    }
    expect(await eventsOf(ids.otherGroup)).toHaveLength(eventsBefore);
    // The other company cannot use company 1's measures either.
    const otherRates = (await api('GET', '/vat-rates', undefined, otherToken, 2)).body.data as Json[];
    const otherCustomer = await api('POST', '/customers', { type: 'private', lastName: 'X' }, otherToken, 2);
    const otherJob = await api(
      'POST',
      '/business-jobs',
      { name: 'X', customerId: otherCustomer.body.data.id },
      otherToken,
      2,
    );
    const refused = await api(
      'POST',
      '/quotes',
      {
        businessJobId: otherJob.body.data.id,
        title: 'X',
        items: [{ ...measured('Vol', ids.groupA, [ids.a1], 120_500), vatRateId: otherRates[0].id }],
      },
      otherToken,
      2,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toMatchObject({ 'items.0.measure.measureIds': 'invalid' });
  });
});

describe('a library work’s composition in a quote (issue 22)', () => {
  const composition = (extra: Partial<QuoteComposition> = {}): QuoteComposition => ({
    libraryItemId: null,
    components: [
      {
        itemId: null,
        kind: 'supply',
        designation: 'Plaque de plâtre BA13',
        unit: 'm²',
        quantityMilli: 1_050,
        unitCostCents: 389,
        unitSaleCents: 525,
      },
      {
        itemId: null,
        kind: 'labour',
        designation: 'Plaquiste',
        unit: 'h',
        quantityMilli: 450,
        unitCostCents: 3_200,
      },
      {
        itemId: null,
        kind: 'equipment',
        designation: 'Échafaudage',
        unit: 'j',
        quantityMilli: 20,
        unitCostCents: 9_000,
      },
    ],
    ...extra,
  });
  const composed = (c: QuoteComposition, unitPriceCents = 1) => ({
    kind: 'priced',
    designation: 'Cloison BA13',
    unit: 'm²',
    quantityMilli: 12_000,
    unitPriceCents,
    vatRateId,
    composition: c,
  });

  it('prices the line from its composition by the library’s rule, unless the price was typed', async () => {
    const rates = await h.db.withTenant(1, (tx) => ratesFor(transactionReader(tx), 1));
    const expected = compositionPrice(composition(), rates);
    const quote = (await create([composed(composition())])).body.data;
    expect(quote.items[0]).toMatchObject({
      unitPriceCents: expected.salePriceCents,
      costCents: expected.costCents,
      composition: composition(),
    });
    // The supply's own sale price counts as it is; the others by the company's rule.
    expect(expected.costCents).toBe(Math.round((1_050 * 389 + 450 * 3_200 + 20 * 9_000) / 1000));
    // A typed price stays; the cost still follows the composition.
    const typed = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      items: [composed(composition({ priceTyped: true }), 7_777)],
    });
    expect(typed.body.data.items[0]).toMatchObject({ unitPriceCents: 7_777, costCents: expected.costCents });
    expect(typed.body.data.amounts.ht).toBe(Math.round((12_000 * 7_777) / 1000));
    // The firm's composition is never printed: the customer's PDF names the line, not its parts.
    const pdf = await h.request('GET', `/v2/companies/1/quotes/${quote.id}/pdf`, { token });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Cloison BA13');
    for (const hidden of ['Plaquiste', 'Échafaudage', 'Plaque de plâtre']) expect(text).not.toContain(hidden);
  });

  it('refuses compositions out of bounds by path', async () => {
    const base = composition();
    const tooMany = {
      ...base,
      components: Array.from({ length: 201 }, () => base.components[0]!),
    };
    const work = {
      ...base,
      components: [
        {
          itemId: 3,
          kind: 'work',
          designation: 'Sous-ouvrage',
          unit: 'u',
          quantityMilli: 1000,
          unitCostCents: 10,
        },
      ],
    };
    const cases: [unknown, Record<string, string>][] = [
      [tooMany, { 'items.0.composition.components': 'too_long' }],
      [{ ...base, components: [] }, { 'items.0.composition.components': 'required' }],
      [work, { 'items.0.composition.components.0.unitSaleCents': 'required' }],
      [
        { ...base, components: [{ ...base.components[0]!, quantityMilli: -1 }] },
        { 'items.0.composition.components.0.quantityMilli': 'number' },
      ],
      [
        { ...base, components: [{ ...base.components[0]!, kind: 'robot' }] },
        { 'items.0.composition.components.0.kind': 'invalid' },
      ],
    ];
    for (const [c, fields] of cases) {
      const refused = await create([composed(c as QuoteComposition)]);
      expect(refused.status, JSON.stringify(fields)).toBe(422);
      expect(refused.body.error.fields).toMatchObject(fields);
    }
  });
});
