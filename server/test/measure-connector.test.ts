/**
 * The connector API of « Mes applications » (issue 23): X-Api-Key only (a user token refused, a
 * revoked or unknown key refused, the key opening nothing else), a company's key never reaching
 * another company's groups or jobs, idempotent by externalId (two identical calls at once: one
 * group, on PostgreSQL too), measures upserted with their events, bad input refused whole.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationKeys,
  businessJobs,
  measureGroupEvents,
  measureGroups,
  measures,
} from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let otherAdmin: string;
let pix4dKey: string;
let semaKey: string;
let otherKey: string;
let job1: number;
let job2: number;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  otherAdmin = await h.tokenFor('admin@autre-demo.fr');
  const connect = async (company: number, type: string, token: string) =>
    (
      (await (
        await h.request('POST', `/v2/companies/${company}/applications/${type}/connect`, { token })
      ).json()) as Json
    ).data.apiKey as string;
  pix4dKey = await connect(1, 'pix4d', admin);
  semaKey = await connect(1, 'sema', admin);
  otherKey = await connect(2, 'pix4d', otherAdmin);
  const jobs = await h.db.owner.select().from(businessJobs).orderBy(businessJobs.id);
  job1 = jobs.find((j) => j.companyId === 1)!.id;
  job2 = jobs.find((j) => j.companyId === 2)!.id;
});
afterAll(() => h.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = Record<string, any>;
const push = async (
  path: string,
  json: unknown,
  headers: Record<string, string> = { 'x-api-key': pix4dKey },
) => {
  const response = await h.request('POST', path, { json, headers });
  return { status: response.status, body: (await response.json()) as Json };
};
const groupsPath = '/v2/applications/pix4d/measure-groups';
const measuresPath = (externalId: string, type = 'pix4d') =>
  `/v2/applications/${type}/measure-groups/${encodeURIComponent(externalId)}/measures`;
const m = (externalId: string, name: string, valueMilli: number, kind = 'area', unit = 'm²') => ({
  externalId,
  name,
  kind,
  unit,
  valueMilli,
});
const eventsOf = async (groupId: number) =>
  (
    (await (
      await h.request('GET', `/v2/companies/1/measure-groups/${groupId}/events`, { token: admin })
    ).json()) as Json
  ).data as Json[];

describe('who may call', () => {
  it("a user's token is refused: api_key_required", async () => {
    const response = await h.request('POST', groupsPath, {
      token: admin,
      json: { externalId: 'x', name: 'X' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { key: 'api_key_required' } });
  });

  it("an unknown or revoked key: api_key_invalid; the other application's key: 403", async () => {
    const unknown = await push(
      groupsPath,
      { externalId: 'x', name: 'X' },
      { 'x-api-key': `bo_pix4d_${'A'.repeat(43)}` },
    );
    expect(unknown).toEqual({ status: 401, body: { error: { key: 'api_key_invalid' } } });
    const wrong = await push(groupsPath, { externalId: 'x', name: 'X' }, { 'x-api-key': semaKey });
    expect(wrong).toEqual({ status: 403, body: { error: { key: 'api_key_wrong_application' } } });
    // Regenerated: the old key stops at once.
    const oldKey = semaKey;
    const regenerated = await h.request('POST', '/v2/companies/1/applications/sema/connect', {
      token: admin,
    });
    semaKey = ((await regenerated.json()) as Json).data.apiKey;
    const revoked = await push(
      '/v2/applications/sema/measure-groups',
      { externalId: 'x', name: 'X' },
      { 'x-api-key': oldKey },
    );
    expect(revoked).toEqual({ status: 401, body: { error: { key: 'api_key_invalid' } } });
    const fresh = await push(
      '/v2/applications/sema/measure-groups',
      { externalId: 'sema-1', name: 'Ossature' },
      { 'x-api-key': semaKey },
    );
    expect(fresh.status).toBe(201);
  });

  it("a disconnected application's key is refused", async () => {
    const before = await push(groupsPath, { externalId: 'x', name: 'X' }, { 'x-api-key': otherKey });
    expect(before.status).toBe(201);
    await h.request('POST', '/v2/companies/2/applications/pix4d/disconnect', { token: otherAdmin });
    const after = await push(groupsPath, { externalId: 'x', name: 'X' }, { 'x-api-key': otherKey });
    expect(after.status).toBe(401);
    otherKey = (
      (await (
        await h.request('POST', '/v2/companies/2/applications/pix4d/connect', { token: otherAdmin })
      ).json()) as Json
    ).data.apiKey;
  });

  it('the key opens nothing else', async () => {
    const ways: Record<string, string>[] = [
      { 'x-api-key': pix4dKey },
      { authorization: `Bearer ${pix4dKey}` },
    ];
    for (const headers of ways) {
      for (const path of [
        '/v2/companies/1/measure-groups',
        '/v2/companies/1/applications',
        '/v2/notifications',
      ]) {
        const response = await h.request('GET', path, { headers });
        expect(response.status, path).toBe(401);
      }
    }
  });
});

describe('groups and measures', () => {
  it('makes a group once per externalId: 201, then 200 with the same group', async () => {
    const first = await push(groupsPath, {
      externalId: 'site-42',
      name: 'Maison Martin',
      businessJobId: job1,
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      externalId: 'site-42',
      name: 'Maison Martin',
      businessJob: { id: job1 },
      measureCount: 0,
    });
    const again = await push(groupsPath, {
      externalId: 'site-42',
      name: 'Maison Martin',
      businessJobId: job1,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const events = await eventsOf(first.body.data.id);
    expect(events.map((e) => [e.kind, e.source, e.user])).toEqual([
      ['linked_to_job', 'connector', null],
      ['created', 'connector', null],
    ]);
  });

  it('the same externalId pushed twice at once makes one group', async () => {
    const body = { externalId: 'site-concurrent', name: 'Deux fois' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => push(groupsPath, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const rows = await h.db.owner
      .select()
      .from(measureGroups)
      .where(and(eq(measureGroups.companyId, 1), eq(measureGroups.externalId, 'site-concurrent')));
    expect(rows).toHaveLength(1);
    const created = (await eventsOf(rows[0]!.id)).filter((e) => e.kind === 'created');
    expect(created).toHaveLength(1);
  });

  it('upserts measures by externalId, removes the listed ones, writes before/after events, marks the key used', async () => {
    const group = (await push(groupsPath, { externalId: 'site-7', name: 'Hangar' })).body.data;
    const first = await push(measuresPath('site-7'), {
      measures: [m('roof', 'Toiture', 250_000), m('ridge', 'Faîtage', 14_200, 'length', 'm')],
    });
    expect(first.status).toBe(200);
    expect(first.body.data.measures.map((x: Json) => [x.externalId, x.valueMilli])).toEqual([
      ['roof', 250_000],
      ['ridge', 14_200],
    ]);
    expect(first.body.data.totals).toEqual({ length: 14_200, area: 250_000, volume: 0, count: 0 });
    const second = await push(measuresPath('site-7'), {
      measures: [m('roof', 'Toiture', 262_500), m('pile', 'Déblais', 31_000, 'volume', 'm³')],
      removedExternalIds: ['ridge'],
    });
    expect(second.body.data.measures.map((x: Json) => [x.externalId, x.valueMilli])).toEqual([
      ['roof', 262_500],
      ['pile', 31_000],
    ]);
    expect(second.body.data.version).toBeGreaterThan(first.body.data.version);
    const events = await eventsOf(group.id);
    expect(
      events
        .slice(0, 3)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['measures_added', 'measures_changed', 'measures_removed']);
    expect(events.find((e) => e.kind === 'measures_changed')!.detail).toEqual({
      measures: [{ name: 'Toiture', kind: 'area', unit: 'm²', before: 250_000, after: 262_500 }],
    });
    expect(events.find((e) => e.kind === 'measures_removed')!.detail.measures[0]).toMatchObject({
      name: 'Faîtage',
      before: 14_200,
    });
    const [key] = await h.db.owner
      .select()
      .from(applicationKeys)
      .where(eq(applicationKeys.prefix, pix4dKey.slice(0, 15)));
    expect(key!.lastUsedAt).not.toBeNull();
    const [row] = await h.db.owner.select().from(measureGroups).where(eq(measureGroups.id, group.id));
    expect(row!.lastDataAt).not.toBeNull();
  });

  it("a company's key never reaches another company's groups or jobs", async () => {
    // Company 2 has a group of the same externalId: company 1's key writes only its own.
    await push(groupsPath, { externalId: 'shared-id', name: 'Autre' }, { 'x-api-key': otherKey });
    const mine = await push(groupsPath, { externalId: 'shared-id', name: 'Mien' });
    expect(mine.status).toBe(201);
    await push(measuresPath('shared-id'), { measures: [m('a', 'Dalle', 1000)] });
    const theirs = await h.db.owner
      .select()
      .from(measureGroups)
      .where(and(eq(measureGroups.companyId, 2), eq(measureGroups.externalId, 'shared-id')));
    expect(theirs[0]!.name).toBe('Autre');
    expect(await h.db.owner.select().from(measures).where(eq(measures.groupId, theirs[0]!.id))).toEqual([]);
    // A group only company 2 has: not found for company 1's key.
    await push(groupsPath, { externalId: 'only-2', name: 'Leur' }, { 'x-api-key': otherKey });
    const before = await h.db.owner
      .select()
      .from(measureGroupEvents)
      .where(eq(measureGroupEvents.companyId, 2));
    const aimed = await push(measuresPath('only-2'), { measures: [m('a', 'Dalle', 1000)] });
    expect(aimed).toEqual({ status: 404, body: { error: { key: 'not_found' } } });
    // Company 2's job: not found, no group made.
    const withTheirJob = await push(groupsPath, { externalId: 'job-2', name: 'X', businessJobId: job2 });
    expect(withTheirJob).toEqual({ status: 404, body: { error: { key: 'not_found' } } });
    expect(
      await h.db.owner
        .select()
        .from(measureGroups)
        .where(and(eq(measureGroups.companyId, 1), eq(measureGroups.externalId, 'job-2'))),
    ).toEqual([]);
    expect(
      await h.db.owner.select().from(measureGroupEvents).where(eq(measureGroupEvents.companyId, 2)),
    ).toEqual(before);
  });
});

describe('bad input: refused whole, an event says why', () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = (await push(groupsPath, { externalId: 'site-bad', name: 'Refus' })).body.data.id;
    await push(measuresPath('site-bad'), { measures: [m('keep', 'Existante', 5000)] });
  });
  const stored = () => h.db.owner.select().from(measures).where(eq(measures.groupId, groupId));

  const cases: [string, () => unknown, RegExp][] = [
    ['an unknown unit', () => ({ measures: [m('a', 'Mur', 1000, 'length', 'pieds')] }), /Mesure 1, unit/],
    [
      'a negative area',
      () => ({ measures: [m('ok', 'Bonne', 1), m('b', 'Sol', -5000)] }),
      /Mesure 2, valueMilli/,
    ],
    ['a unit not of its kind', () => ({ measures: [m('c', 'Sol', 5000, 'area', 'm')] }), /Mesure 1, unit/],
    [
      '10 000 measures',
      () => ({ measures: Array.from({ length: 10_000 }, (_, i) => m(`x${i}`, `Mesure ${i}`, 1000)) }),
      /5 000 mesures/,
    ],
  ];
  for (const [label, body, reason] of cases) {
    it(label, async () => {
      const before = await stored();
      const { status, body: answer } = await push(measuresPath('site-bad'), body());
      expect(status).toBe(422);
      expect(answer.error.key).toBe('validation');
      expect(await stored()).toEqual(before);
      const [event] = await eventsOf(groupId);
      expect(event).toMatchObject({ kind: 'import_refused', source: 'connector' });
      expect(event!.detail.reasons.join(' ')).toMatch(reason);
    });
  }

  it('an oversized body: 413, nothing stored', async () => {
    const before = await stored();
    const huge = 'x'.repeat(9 * 1024 * 1024);
    const response = await h.request('POST', measuresPath('site-bad'), {
      body: JSON.stringify({ measures: [{ ...m('h', 'Grosse', 1), note: huge }] }),
      headers: {
        'x-api-key': pix4dKey,
        'content-type': 'application/json',
        'content-length': String(huge.length + 100),
      },
    });
    expect(response.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('a group that would pass 5 000 measures: measure_group_full, nothing stored', async () => {
    const big = (await push(groupsPath, { externalId: 'site-full', name: 'Plein' })).body.data;
    const half = (from: number) =>
      Array.from({ length: 3000 }, (_, i) => m(`p${from + i}`, `Pan ${from + i}`, 1000));
    expect((await push(measuresPath('site-full'), { measures: half(0) })).status).toBe(200);
    const refused = await push(measuresPath('site-full'), { measures: half(3000) });
    expect(refused).toEqual({ status: 422, body: { error: { key: 'measure_group_full' } } });
    expect(await h.db.owner.select().from(measures).where(eq(measures.groupId, big.id))).toHaveLength(3000);
    expect((await eventsOf(big.id))[0]).toMatchObject({ kind: 'import_refused', source: 'connector' });
  });
});
