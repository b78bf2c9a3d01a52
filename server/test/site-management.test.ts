/**
 * « Gestion chantier » (issue 24): only for a company with the scope (403 scope_required for every
 * operation without it), another company's job or user out of reach (404), a week of hours at the
 * hourly cost of the moment, purchases typed or read from a supplier's Factur-X PDF, CII or UBL
 * file (kept as received), the budget against actual moving by exactly what is entered, chapter
 * progress, and an activity event for each change written in the change's transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';
import { activityEvents, purchases, quotes, timeEntries, users } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let user: string;
let otherAdmin: string;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  user = await h.tokenFor('user@demo.fr');
  otherAdmin = await h.tokenFor('admin@autre-demo.fr');
});
afterAll(() => h.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = Record<string, any>;
const api = async (method: string, url: string, json?: unknown, token = user) => {
  const response = await h.request(method, url, { token, ...(json !== undefined ? { json } : {}) });
  return { status: response.status, body: (await response.json()) as Json };
};
const job = (id: number, part: string, company = 1) => `/v2/companies/${company}/business-jobs/${id}/${part}`;
const sample = (file: string) => fs.readFileSync(path.join(repoRoot, 'demo/samples/purchases', file));
const upload = async (
  jobId: number,
  bytes: Uint8Array | string,
  name: string,
  preview = false,
  token = user,
) => {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  const response = await h.request(
    'POST',
    `${job(jobId, 'purchases/import')}${preview ? '?preview=true' : ''}`,
    {
      token,
      body: form,
    },
  );
  return { status: response.status, body: (await response.json()) as Json };
};
const eventsOf = (kind: string) =>
  h.db.owner
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.companyId, 1), eq(activityEvents.kind, kind)));
const budget = async (jobId: number) => (await api('GET', job(jobId, 'budget'))).body.data;

// Company 1 (Martin Rénovation) holds the scope; company 2's job 9 and user 5 are foreign to it.
const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];

describe('without the scope gestion-de-chantier', () => {
  it('every operation answers 403 scope_required, even on its own job, and writes nothing', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', job(9, 'planning', 2)],
      ['POST', job(9, 'planning', 2), { startDate: null, endDate: null, teamUserIds: [], version: 0 }],
      ['GET', job(9, 'time-entries', 2)],
      ['POST', job(9, 'time-entries', 2), { entries: [{ userId: 5, day: week[0], minutes: 60 }] }],
      ['GET', job(9, 'purchases', 2)],
      ['GET', job(9, 'budget', 2)],
      ['GET', job(9, 'progress', 2)],
      [
        'POST',
        job(9, 'progress', 2),
        { day: week[0], version: 0, chapters: [{ chapter: 'x', percentBasisPoints: 10 }] },
      ],
      ['GET', job(9, 'purchases/1/file', 2)],
      ['GET', '/v2/companies/2/hourly-costs'],
      ['POST', '/v2/companies/2/users/6/hourly-cost', { hourlyCostCents: 4000 }],
    ];
    for (const [method, url, json] of calls) {
      const { status, body } = await api(method, url, json, otherAdmin);
      expect([url, status, body]).toEqual([url, 403, { error: { key: 'scope_required' } }]);
    }
    const form = new FormData();
    form.append('file', new File([sample('facture-fournisseur-cii.xml')], 'f.xml'));
    const response = await h.request('POST', job(9, 'purchases/import', 2), {
      token: otherAdmin,
      body: form,
    });
    expect(response.status).toBe(403);
    expect(await h.db.owner.select().from(timeEntries).where(eq(timeEntries.companyId, 2))).toEqual([]);
  });
});

describe("the demo's jobs", () => {
  it("are budgeted: their accepted quotes carry each line's déboursé sec (55 to 70 % of its price)", async () => {
    for (const id of [2, 3, 4, 5, 6, 7]) {
      const b = await budget(id);
      expect(b.acceptedQuotes.length, `job ${id}`).toBe(1);
      expect(b.linesWithoutCost, `job ${id}`).toBe(0);
      const share = b.budgetCostCents / b.saleExclTaxCents;
      expect(share, `job ${id}`).toBeGreaterThanOrEqual(0.545);
      expect(share, `job ${id}`).toBeLessThanOrEqual(0.705);
      expect(b.budgetMarginCents).toBe(b.saleExclTaxCents - b.budgetCostCents);
    }
  });
});

describe("another company's job or person", () => {
  it('is 404 not_found on every operation, as a job that does not exist', async () => {
    for (const part of ['planning', 'time-entries', 'purchases', 'budget', 'progress']) {
      expect((await api('GET', job(9, part))).status).toBe(404);
      expect((await api('GET', job(999_999, part))).status).toBe(404);
    }
    expect(
      (await api('POST', job(9, 'time-entries'), { entries: [{ userId: 2, day: week[0], minutes: 60 }] }))
        .status,
    ).toBe(404);
    expect((await upload(9, sample('facture-fournisseur-cii.xml'), 'f.xml')).status).toBe(404);
    // A person of the other company in the team or the timesheet of one's own job.
    expect(
      (
        await api('POST', job(1, 'planning'), {
          startDate: null,
          endDate: null,
          teamUserIds: [2, 6],
          version: 0,
        })
      ).body,
    ).toEqual({ error: { key: 'not_found' } });
    expect(
      (await api('POST', job(1, 'time-entries'), { entries: [{ userId: 6, day: week[0], minutes: 60 }] }))
        .status,
    ).toBe(404);
    expect(
      (await api('POST', '/v2/companies/1/users/6/hourly-cost', { hourlyCostCents: 1 }, admin)).status,
    ).toBe(404);
    expect(await h.db.owner.select().from(timeEntries).where(eq(timeEntries.userId, 6))).toEqual([]);
  });
});

describe('planning', () => {
  it('keeps the dates and the team, from the version read (a stale save is 409)', async () => {
    const first = await api('GET', job(2, 'planning'));
    expect(first.body.data).toEqual({
      businessJobId: 2,
      startDate: null,
      endDate: null,
      team: [],
      version: 0,
    });
    const saved = await api('POST', job(2, 'planning'), {
      startDate: '2026-11-16',
      endDate: '2026-12-18',
      teamUserIds: [3, 2],
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ startDate: '2026-11-16', endDate: '2026-12-18', version: 1 });
    expect(saved.body.data.team.map((m: Json) => m.userId).sort()).toEqual([2, 3]);
    const stale = await api('POST', job(2, 'planning'), {
      startDate: null,
      endDate: null,
      teamUserIds: [],
      version: 0,
    });
    expect(stale.body).toEqual({ error: { key: 'stale_version' } });
    const backwards = await api('POST', job(2, 'planning'), {
      startDate: '2026-12-18',
      endDate: '2026-11-16',
      teamUserIds: [],
      version: 1,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.fields).toEqual({ endDate: 'invalid' });
    expect((await eventsOf('planning.updated')).map((e) => e.objectId)).toEqual([2]);
  });
});

describe('a week of hours', () => {
  it("is entered at once, each at the person's hourly cost of that moment, and moves the margin by its cost", async () => {
    await h.db.owner.update(users).set({ hourlyCostCents: 3_500 }).where(eq(users.id, 2));
    await h.db.owner.update(users).set({ hourlyCostCents: null }).where(eq(users.id, 3));
    const before = await budget(3);
    const entries = week.flatMap((day) => [
      { userId: 2, day, minutes: 450 },
      { userId: 3, day, minutes: 420 },
    ]);
    const { status, body } = await api('POST', job(3, 'time-entries'), { entries });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    const own = body.data.filter((e: Json) => e.userId === 2);
    expect(own.map((e: Json) => [e.day, e.minutes, e.hourlyCostCents, e.costCents])).toEqual(
      week.map((day) => [day, 450, 3_500, 26_250]),
    );
    // No cost of her own: the company's « main-d'œuvre chargée » (Coûts et prix), the same each day.
    const companyHourly = body.data.find((e: Json) => e.userId === 3).hourlyCostCents;
    expect(
      body.data.filter((e: Json) => e.userId === 3).every((e: Json) => e.hourlyCostCents === companyHourly),
    ).toBe(true);

    const after = await budget(3);
    const labour = 5 * 26_250 + 5 * Math.round((420 * companyHourly) / 60);
    expect(after.labourCostCents - before.labourCostCents).toBe(labour);
    expect(before.marginCents - after.marginCents).toBe(labour);
    expect(after.minutes - before.minutes).toBe(5 * 870);

    // A later change of the person's cost does not move the past; a day entered again replaces it.
    await api('POST', '/v2/companies/1/users/2/hourly-cost', { hourlyCostCents: 5_000 }, admin);
    const again = await api('POST', job(3, 'time-entries'), {
      entries: [
        { userId: 2, day: week[0], minutes: 60 },
        { userId: 3, day: week[4], minutes: 0 },
      ],
    });
    // The answer: the job's entries over the days sent (the week), the new one at the new cost.
    const mine = again.body.data.filter((e: Json) => e.userId === 2);
    expect(mine.map((e: Json) => [e.day, e.minutes, e.hourlyCostCents])).toEqual([
      [week[0], 60, 5_000],
      ...week.slice(1).map((day) => [day, 450, 3_500]),
    ]);
    expect(again.body.data.some((e: Json) => e.userId === 3 && e.day === week[4])).toBe(false);
    const listed = await api('GET', `${job(3, 'time-entries')}?from=${week[0]}&to=${week[4]}`);
    expect(listed.body.data).toHaveLength(9);
    expect((await eventsOf('time_entry.recorded')).map((e) => [e.objectId, e.details])).toEqual([
      [3, { from: week[0], to: week[4], minutes: 5 * 870, entries: 10 }],
      [3, { from: week[0], to: week[4], minutes: 60, entries: 2 }],
    ]);
  });

  it("lists each person's hourly cost for an admin (the company's for those without); cents only", async () => {
    const listed = await api('GET', '/v2/companies/1/hourly-costs', undefined, admin);
    expect(listed.status).toBe(200);
    const { companyHourlyCostCents, people } = listed.body.data;
    expect(Number.isInteger(companyHourlyCostCents)).toBe(true);
    expect(people.find((p: Json) => p.userId === 2)).toMatchObject({ hourlyCostCents: 5_000, locked: false });
    expect(people.every((p: Json) => p.userId !== 6)).toBe(true);
    await api('POST', '/v2/companies/1/users/3/hourly-cost', { hourlyCostCents: 4_250 }, admin);
    const after = await api('GET', '/v2/companies/1/hourly-costs', undefined, admin);
    expect(after.body.data.people.find((p: Json) => p.userId === 3).hourlyCostCents).toBe(4_250);
    for (const bad of [42.5, -1, '4250', 100_000_001])
      expect(
        (await api('POST', '/v2/companies/1/users/3/hourly-cost', { hourlyCostCents: bad }, admin)).status,
      ).toBe(422);
    await api('POST', '/v2/companies/1/users/3/hourly-cost', { hourlyCostCents: null }, admin);
    await api('POST', '/v2/companies/1/users/3/hourly-cost', { hourlyCostCents: null }, admin);
    // One event per change (the refused ones and the unchanged one write none), by the admin.
    const costEvents = (await eventsOf('user.hourly_cost_set')).filter((e) => e.objectId === 3);
    expect(costEvents.map((e) => [e.objectType, e.details])).toEqual([
      ['user', { previousHourlyCostCents: null, hourlyCostCents: 4_250 }],
      ['user', { previousHourlyCostCents: 4_250, hourlyCostCents: null }],
    ]);
    expect(costEvents[0]!.label).toMatch(/^Coût horaire de .+ : 42,50 € de l'heure$/);
    expect(costEvents[1]!.label).toMatch(/main-d'œuvre chargée/);
    expect((await api('GET', '/v2/companies/1/hourly-costs')).body).toEqual({
      error: { key: 'admin_required' },
    });
    expect((await api('GET', '/v2/companies/2/hourly-costs', undefined, otherAdmin)).body).toEqual({
      error: { key: 'scope_required' },
    });
  });

  it('refuses a day over 24 h, the same person twice on a day, a bad day; only an admin sets a cost', async () => {
    const refused = async (entries: unknown) =>
      (await api('POST', job(3, 'time-entries'), { entries })).status;
    expect(await refused([{ userId: 2, day: week[0], minutes: 1441 }])).toBe(422);
    expect(await refused([{ userId: 2, day: '2026-02-30', minutes: 60 }])).toBe(422);
    expect(
      await refused([
        { userId: 2, day: week[0], minutes: 60 },
        { userId: 2, day: week[0], minutes: 30 },
      ]),
    ).toBe(422);
    expect(
      (await api('POST', '/v2/companies/1/users/2/hourly-cost', { hourlyCostCents: 1 }, user)).body,
    ).toEqual({
      error: { key: 'admin_required' },
    });
  });
});

describe('purchases', () => {
  it('typed: HT + TVA must equal TTC; the same supplier number twice is refused; the margin moves by the HT', async () => {
    const before = await budget(4);
    const purchase = {
      supplierName: 'Point P',
      supplierId: '552 100 554 00013',
      invoiceNumber: 'PP-1187',
      invoiceDate: '2026-11-17',
      exclTaxCents: 84_000,
      vatCents: 16_800,
      inclTaxCents: 100_800,
    };
    const wrong = await api('POST', job(4, 'purchases'), { ...purchase, inclTaxCents: 100_000 });
    expect(wrong.body.error).toMatchObject({ key: 'validation', fields: { inclTaxCents: 'invalid' } });
    const saved = await api('POST', job(4, 'purchases'), purchase);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ supplierId: '55210055400013', source: 'typed', fileName: null });
    expect((await api('POST', job(4, 'purchases'), purchase)).body).toEqual({
      error: { key: 'purchase_already_recorded' },
    });
    const after = await budget(4);
    expect(after.purchasesCents - before.purchasesCents).toBe(84_000);
    expect(before.marginCents - after.marginCents).toBe(84_000);
    expect((await api('GET', job(4, 'purchases'))).body.data.map((p: Json) => p.invoiceNumber)).toEqual([
      'PP-1187',
    ]);
  });

  it('a CII file: previewed (nothing stored), then recorded with the file kept as received', async () => {
    const bytes = sample('facture-fournisseur-cii.xml');
    const read = {
      source: 'cii',
      supplierName: 'Matériaux Durand SAS',
      supplierId: '73282932000074',
      invoiceNumber: 'FD-2026-04518',
      invoiceDate: '2026-11-16',
      exclTaxCents: 119_400,
      vatCents: 23_880,
      inclTaxCents: 143_280,
      typeCode: '380',
      attachmentName: null,
    };
    const preview = await upload(5, bytes, 'durand.xml', true);
    expect(preview.body).toEqual({ data: { read, purchase: null } });
    expect(await h.db.owner.select().from(purchases).where(eq(purchases.businessJobId, 5))).toEqual([]);
    const before = await budget(5);
    const saved = await upload(5, bytes, 'durand.xml');
    expect(saved.status).toBe(200);
    expect(saved.body.data.purchase).toMatchObject({
      source: 'cii',
      fileName: 'durand.xml',
      exclTaxCents: 119_400,
    });
    const [row] = await h.db.owner
      .select()
      .from(purchases)
      .where(eq(purchases.id, saved.body.data.purchase.id));
    expect(Buffer.from(row!.file!).equals(bytes)).toBe(true);
    expect(before.marginCents - (await budget(5)).marginCents).toBe(119_400);
    // The same invoice sent again, as a Factur-X PDF this time: the same supplier's number.
    expect((await upload(5, sample('facture-fournisseur-facturx.pdf'), 'durand.pdf')).body).toEqual({
      error: { key: 'purchase_already_recorded' },
    });
  });

  it('a Factur-X PDF (its factur-x.xml) and a UBL file are read the same way', async () => {
    const pdf = await upload(6, sample('facture-fournisseur-facturx.pdf'), 'durand.pdf', true);
    expect(pdf.body.data.read).toMatchObject({
      source: 'facturx',
      attachmentName: 'factur-x.xml',
      invoiceNumber: 'FD-2026-04518',
      inclTaxCents: 143_280,
    });
    const ubl = await upload(6, sample('facture-fournisseur-ubl.xml'), 'loca.xml');
    expect(ubl.body.data.purchase).toMatchObject({
      source: 'ubl',
      supplierName: 'Loca-Chantier SARL',
      supplierId: '44306184100047',
      invoiceNumber: 'LOC-26-00931',
      invoiceDate: '2026-11-18',
      exclTaxCents: 46_500,
      vatCents: 9_300,
      inclTaxCents: 55_800,
    });
    expect((await eventsOf('purchase.recorded')).length).toBeGreaterThanOrEqual(3);
  });

  it("downloads an import's file as received, named as it came; a typed one or another company's has none", async () => {
    // The supplier's next invoice (the samples' number is recorded above).
    const bytes = Buffer.from(
      sample('facture-fournisseur-cii.xml').toString('utf8').replaceAll('FD-2026-04518', 'FD-2026-04519'),
    );
    const saved = await upload(1, bytes, "Facture d'achat Durand n°4519.xml");
    expect(saved.status).toBe(200);
    const id = saved.body.data.purchase.id as number;
    const response = await h.request('GET', job(1, `purchases/${id}/file`), { token: user });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Facture d'achat Durand n_4519.xml"; filename*=UTF-8''Facture%20d%27achat%20Durand%20n%C2%B04519.xml`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    const typed = await api('POST', job(1, 'purchases'), {
      supplierName: 'Quincaillerie Leroy',
      supplierId: '',
      invoiceNumber: 'Q-77',
      invoiceDate: '2026-11-18',
      exclTaxCents: 1_000,
      vatCents: 200,
      inclTaxCents: 1_200,
    });
    const status = async (url: string, token = user) => (await h.request('GET', url, { token })).status;
    expect(await status(job(1, `purchases/${typed.body.data.id}/file`))).toBe(404);
    // The purchase through another job of the company, or another company's token: nothing.
    expect(await status(job(4, `purchases/${id}/file`))).toBe(404);
    expect(await status(job(1, `purchases/${id}/file`, 2), otherAdmin)).toBe(403);
    expect(await status(job(1, `purchases/${id}/file`).replace('/companies/1/', '/companies/2/'))).toBe(403);
    expect(await status(job(1, `purchases/${id}/file`), '')).toBe(401);
  });

  it('refuses what is no invoice with a clear key, and a file over 10 Mo before reading it', async () => {
    const key = async (bytes: Uint8Array | string, name = 'x.xml') =>
      (await upload(6, bytes, name, true)).body.error?.key;
    expect(await key('not an invoice', 'x.pdf')).toBe('purchase_file_unreadable');
    expect(await key('%PDF-1.7\n%garbage')).toBe('purchase_file_unreadable');
    expect(await key('<?xml version="1.0"?><html/>')).toBe('purchase_file_unreadable');
    expect(await key('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toBe('purchase_file_unreadable');
    const cii = sample('facture-fournisseur-cii.xml').toString('utf8');
    expect(await key(cii.replace('<ram:InvoiceCurrencyCode>EUR', '<ram:InvoiceCurrencyCode>USD'))).toBe(
      'purchase_file_currency',
    );
    expect(await key(cii.replace('<ram:GrandTotalAmount>1432.80', '<ram:GrandTotalAmount>1432.81'))).toBe(
      'purchase_file_incomplete',
    );
    const big = await upload(6, new Uint8Array(10 * 1024 * 1024 + 1), 'big.pdf', true);
    expect([big.status, big.body.error.key]).toEqual([413, 'purchase_file_too_large']);
    const none = await h.request('POST', job(6, 'purchases/import'), { token: user, body: new FormData() });
    expect(none.status).toBe(422);
  });
});

describe('chapter progress and the budget of the accepted quote', () => {
  it("reads the accepted quote's chapters, records progress per chapter (append-only, who and when)", async () => {
    const empty = await api('GET', job(7, 'progress'));
    expect(empty.body.data.quote).toMatchObject({ number: expect.stringMatching(/^DE-/) });
    const chapters = empty.body.data.chapters as Json[];
    expect(chapters.length).toBeGreaterThanOrEqual(1);
    expect(chapters.every((c) => c.percentBasisPoints === null)).toBe(true);
    expect(empty.body.data.version).toBe(0);
    const saved = await api('POST', job(7, 'progress'), {
      day: '2026-11-20',
      version: 0,
      chapters: [{ chapter: chapters[0]!.chapter, percentBasisPoints: 4_000 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.version).toBe(1);
    expect(saved.body.data.chapters[0]).toMatchObject({
      percentBasisPoints: 4_000,
      day: '2026-11-20',
      userName: expect.any(String),
    });
    const unknown = await api('POST', job(7, 'progress'), {
      day: '2026-11-20',
      version: 1,
      chapters: [{ chapter: 'Pas un chapitre', percentBasisPoints: 1 }],
    });
    expect(unknown.body.error).toMatchObject({
      key: 'validation',
      fields: { 'chapters.0.chapter': 'unknown' },
    });
    // A second person saving from what they read before the first save: 409, nothing written.
    const stale = await api('POST', job(7, 'progress'), {
      day: '2026-11-21',
      version: 0,
      chapters: [{ chapter: chapters[0]!.chapter, percentBasisPoints: 9_000 }],
    });
    expect([stale.status, stale.body]).toEqual([409, { error: { key: 'stale_version' } }]);
    const kept = (await api('GET', job(7, 'progress'))).body.data;
    expect([kept.version, kept.chapters[0].percentBasisPoints]).toEqual([1, 4_000]);
    expect((await eventsOf('progress.recorded')).map((e) => e.objectId)).toEqual([7]);
    // The next progress statement proposes it: the quote's chapters carry it for the invoicing form.
    const quote = await api('GET', `/v2/companies/1/quotes/${saved.body.data.quote.id}`);
    expect(quote.body.data.chapters.map((c: Json) => [c.title, c.siteProgressBasisPoints])).toEqual(
      chapters.map((c, i) => [c.chapter, i === 0 ? 4_000 : null]),
    );
  });

  it("budgets the accepted quote's déboursé sec (its lines' costs) and says the margin as it stands", async () => {
    // The seeded accepted quote of job 8 gets costs from the library: 60 % of each unit price.
    const [quote] = await h.db.owner
      .select()
      .from(quotes)
      .where(and(eq(quotes.businessJobId, 8), eq(quotes.status, 'accepted')));
    const withCosts = (items: Json[]): Json[] =>
      items.map((item) =>
        item.kind === 'chapter'
          ? { ...item, items: withCosts(item.items) }
          : item.kind === 'priced'
            ? { ...item, costCents: Math.round(item.unitPriceCents * 0.6) }
            : item,
      );
    await h.db.owner
      .update(quotes)
      .set({ items: withCosts(quote!.items as Json[]) })
      .where(eq(quotes.id, quote!.id));
    const b = await budget(8);
    expect(b.acceptedQuotes.map((q: Json) => q.id)).toEqual([quote!.id]);
    expect(b.budgetCostCents).toBeGreaterThan(0);
    expect(Math.abs(b.budgetCostCents - b.saleExclTaxCents * 0.6)).toBeLessThan(b.saleExclTaxCents * 0.05);
    expect(b).toMatchObject({ actualCostCents: 0, marginCents: b.saleExclTaxCents, consumedBasisPoints: 0 });
    await api('POST', job(8, 'time-entries'), { entries: [{ userId: 2, day: week[0], minutes: 60 }] });
    const after = await budget(8);
    expect(after.actualCostCents).toBe(after.labourCostCents);
    expect(after.marginCents).toBe(after.saleExclTaxCents - after.actualCostCents);
    expect(after.remainingBudgetCents).toBe(after.budgetCostCents - after.actualCostCents);
  });
});
