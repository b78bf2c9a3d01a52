/**
 * « Mes applications » (issue 23), the user's side: applications (connect, key shown once and kept
 * hashed, regenerate, disconnect, admin only), measure groups (list, one, create, edit with its
 * version, events newest first), a file imported (all or nothing, an event either way), and another
 * company's groups, jobs and events out of reach.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRules } from '../../src/contract/measures.js';
import { repoRoot } from '../src/config.js';
import {
  applicationKeys,
  businessJobs,
  measureGroupEvents,
  measureGroups,
  measures,
  notifications,
  quotes,
} from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let user: string;
let otherAdmin: string;
let job1: { id: number; name: string };
let job2: number;
let group2: number;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  user = await h.tokenFor('user@demo.fr');
  otherAdmin = await h.tokenFor('admin@autre-demo.fr');
  const jobs = await h.db.owner
    .select({ id: businessJobs.id, name: businessJobs.name, companyId: businessJobs.companyId })
    .from(businessJobs)
    .orderBy(businessJobs.id);
  job1 = jobs.find((j) => j.companyId === 1)!;
  job2 = jobs.find((j) => j.companyId === 2)!.id;
  group2 = (await h.db.owner.select().from(measureGroups).where(eq(measureGroups.companyId, 2)))[0]!.id;
});
afterAll(() => h.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = Record<string, any>;
const api = async (method: string, url: string, json?: unknown, token = admin) => {
  const response = await h.request(method, url, { token, ...(json !== undefined ? { json } : {}) });
  return { status: response.status, body: (await response.json()) as Json };
};
const base = '/v2/companies/1';
const sample = (file: string) => fs.readFileSync(path.join(repoRoot, 'demo/samples/measures', file));
const importFile = async (groupId: number, bytes: Uint8Array | string, fileName: string, token = user) => {
  const response = await h.request('POST', `${base}/measure-groups/${groupId}/import`, {
    token,
    body: new Blob([bytes]),
    headers: { 'x-file-name': encodeURIComponent(fileName), 'content-type': 'application/octet-stream' },
  });
  return { status: response.status, body: (await response.json()) as Json };
};
const eventsOf = async (groupId: number) =>
  (await api('GET', `${base}/measure-groups/${groupId}/events`)).body;

describe('applications', () => {
  it('lists Pix4D and SEMA, connected in the demo, with their groups', async () => {
    const { status, body } = await api('GET', `${base}/applications`, undefined, user);
    expect(status).toBe(200);
    expect(body.data.map((a: Json) => [a.type, a.label, a.connected])).toEqual([
      ['pix4d', 'Pix4D', true],
      ['sema', 'SEMA', true],
    ]);
    expect(body.data[0].groupCount).toBeGreaterThanOrEqual(2);
    expect(body.data[0].lastDataAt).not.toBeNull();
    expect(body.data[0].keys[0]).toMatchObject({ revokedAt: null });
    expect(JSON.stringify(body)).not.toMatch(/key_hash|keyHash/);
  });

  it('connect answers the key once; only its hash is stored; connecting again revokes the previous key', async () => {
    const first = await api('POST', `${base}/applications/sema/connect`);
    expect(first.status).toBe(200);
    const key: string = first.body.data.apiKey;
    expect(key).toMatch(/^bo_sema_[A-Za-z0-9_-]{43}$/);
    const rows = await h.db.owner.select().from(applicationKeys).where(eq(applicationKeys.companyId, 1));
    expect(JSON.stringify(rows)).not.toContain(key);
    const stored = rows.find((r) => r.keyHash === createHash('sha256').update(key).digest('hex'))!;
    expect(stored).toMatchObject({ type: 'sema', revokedAt: null });
    expect(key.startsWith(stored.prefix)).toBe(true);
    // Nothing shows the key again.
    expect(JSON.stringify((await api('GET', `${base}/applications`)).body)).not.toContain(key);

    const again = await api('POST', `${base}/applications/sema/connect`);
    expect(again.body.data.apiKey).not.toBe(key);
    const [old] = await h.db.owner.select().from(applicationKeys).where(eq(applicationKeys.id, stored.id));
    expect(old!.revokedAt).not.toBeNull();
    const live = again.body.data.application.keys.filter((k: Json) => k.revokedAt === null);
    expect(live).toHaveLength(1);
  });

  it('disconnect revokes every key and keeps the groups', async () => {
    await api('POST', `${base}/applications/sema/connect`);
    const before = (await api('GET', `${base}/measure-groups?application=sema`)).body.info.hits;
    const { status, body } = await api('POST', `${base}/applications/sema/disconnect`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ type: 'sema', connected: false, connectedAt: null });
    expect(body.data.keys.every((k: Json) => k.revokedAt !== null)).toBe(true);
    expect((await api('GET', `${base}/measure-groups?application=sema`)).body.info.hits).toBe(before);
    await api('POST', `${base}/applications/sema/connect`);
  });

  it('a non-admin may read but not connect or disconnect; an unknown application is 404', async () => {
    for (const action of ['connect', 'disconnect']) {
      const { status, body } = await api('POST', `${base}/applications/pix4d/${action}`, undefined, user);
      expect(status).toBe(403);
      expect(body.error.key).toBe('admin_required');
    }
    expect((await api('POST', `${base}/applications/autocad/connect`)).status).toBe(404);
  });
});

describe('measure groups', () => {
  it('the list: application, job, words of the name, date sort, paging, totals', async () => {
    const all = (await api('GET', `${base}/measure-groups`, undefined, user)).body;
    expect(all.info.hits).toBeGreaterThanOrEqual(3);
    const pix4d = (await api('GET', `${base}/measure-groups?application=pix4d`)).body;
    expect(pix4d.data.every((g: Json) => g.application === 'pix4d')).toBe(true);
    const roof = pix4d.data.find((g: Json) => g.name.startsWith('Relevé drone toiture'));
    expect(roof.measureCount).toBeGreaterThan(0);
    expect(roof.totals.area).toBeGreaterThan(0);
    expect(roof.businessJob).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    const byJob = (await api('GET', `${base}/measure-groups?businessJobId=${roof.businessJob.id}`)).body;
    expect(byJob.data.map((g: Json) => g.id)).toContain(roof.id);
    const searched = (await api('GET', `${base}/measure-groups?q=RELEVE%20toiture`)).body;
    expect(searched.data.map((g: Json) => g.id)).toEqual([roof.id]);
    const oldest = (await api('GET', `${base}/measure-groups?sort=date&limit=1`)).body;
    const newest = (await api('GET', `${base}/measure-groups?sort=-date&limit=1`)).body;
    expect(oldest.data).toHaveLength(1);
    expect(oldest.data[0].id).not.toBe(newest.data[0].id);
    expect((await api('GET', `${base}/measure-groups?limit=1&offset=1`)).body.data[0].id).toBe(
      all.data[1].id,
    );
  });

  it('the seeded notifications lead to the real groups', async () => {
    const links = (await h.db.owner.select().from(notifications).where(eq(notifications.companyId, 1)))
      .map((n) => (n.metadata as Json)?.link?.href as string | undefined)
      .filter((href) => href?.startsWith('/applications/'));
    expect(links.length).toBeGreaterThan(0);
    for (const href of new Set(links)) {
      const [, type, id] = /^\/applications\/(pix4d|sema)\/groupes-mesures\/(\d+)$/.exec(href!)!;
      const group = (await api('GET', `${base}/measure-groups/${id}`)).body.data;
      expect(group.application).toBe(type);
    }
  });

  it('create, read, rename and tie to a job: versioned, each change an event', async () => {
    const created = await api(
      'POST',
      `${base}/measure-groups`,
      { application: 'pix4d', name: 'Relevé façade', businessJobId: null },
      user,
    );
    expect(created.status).toBe(200);
    const group = created.body.data;
    expect(group).toMatchObject({
      name: 'Relevé façade',
      businessJob: null,
      version: 1,
      measures: [],
      quotes: [],
    });
    const edited = await api('POST', `${base}/measure-groups/${group.id}/edit`, {
      version: 1,
      name: 'Relevé façade nord',
      businessJobId: job1.id,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Relevé façade nord',
      version: 2,
      businessJob: { id: job1.id },
    });
    const stale = await api('POST', `${base}/measure-groups/${group.id}/edit`, {
      version: 1,
      name: 'X',
      businessJobId: null,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.key).toBe('stale_version');
    const events = await eventsOf(group.id);
    expect(events.data.map((e: Json) => e.kind)).toEqual(['linked_to_job', 'renamed', 'created']);
    expect(events.data[1]).toMatchObject({
      source: 'user',
      user: { name: expect.any(String) },
      detail: { before: 'Relevé façade', after: 'Relevé façade nord' },
    });
    expect(events.data[0].detail).toEqual({ before: null, after: { id: job1.id, name: job1.name } });
  });

  it("another company's group, job and events are out of reach (404), and nothing changes", async () => {
    const before = await h.db.owner
      .select()
      .from(measureGroupEvents)
      .where(eq(measureGroupEvents.companyId, 2));
    for (const [method, url, json] of [
      ['GET', `${base}/measure-groups/${group2}`],
      ['GET', `${base}/measure-groups/${group2}/events`],
      ['POST', `${base}/measure-groups/${group2}/edit`, { version: 1, name: 'Pirate', businessJobId: null }],
    ] as const) {
      const { status, body } = await api(method, url, json);
      expect(status, url).toBe(404);
      expect(body.error.key).toBe('not_found');
    }
    expect((await importFile(group2, sample('pix4d-annotations.csv'), 'a.csv')).status).toBe(404);
    const mine = (
      await api('POST', `${base}/measure-groups`, { application: 'sema', name: 'Z', businessJobId: null })
    ).body.data;
    const withTheirJob = await api('POST', `${base}/measure-groups`, {
      application: 'sema',
      name: 'Y',
      businessJobId: job2,
    });
    expect(withTheirJob.status).toBe(404);
    const edit = await api('POST', `${base}/measure-groups/${mine.id}/edit`, {
      version: 1,
      name: 'Z',
      businessJobId: job2,
    });
    expect(edit.status).toBe(404);
    expect((await api('GET', `${base}/measure-groups?businessJobId=${job2}`)).body).toEqual({
      data: [],
      info: { hits: 0 },
    });
    const list = await api('GET', `${base}/measure-groups?limit=200`);
    expect(list.body.data.map((g: Json) => g.id)).not.toContain(group2);
    // Company 2 sees its own group, and none of company 1's.
    const theirs = await api('GET', '/v2/companies/2/measure-groups?limit=200', undefined, otherAdmin);
    expect(theirs.body.data.map((g: Json) => g.id)).toContain(group2);
    expect(theirs.body.data.map((g: Json) => g.id)).not.toContain(mine.id);
    const after = await h.db.owner
      .select()
      .from(measureGroupEvents)
      .where(eq(measureGroupEvents.companyId, 2));
    expect(after).toEqual(before);
  });

  it('events are append-only for the application role', async () => {
    const attempt = (statement: string) =>
      h.db
        .withTenant(1, (tx) => tx.execute(statement as never))
        .then(
          () => 'done',
          () => 'refused',
        );
    expect(await attempt('update measure_group_events set kind = kind')).toBe('refused');
    expect(await attempt('delete from measure_group_events')).toBe('refused');
  });
});

describe('file import', () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = (
      await api(
        'POST',
        `${base}/measure-groups`,
        { application: 'pix4d', name: 'Import toiture', businessJobId: job1.id },
        user,
      )
    ).body.data.id;
  });

  it('imports a Pix4D export: what was read, the measures, an « imported » event; again: nothing added', async () => {
    const bytes = sample('pix4d-toiture-terrasse.geojson');
    const { status, body } = await importFile(groupId, bytes, 'toiture terrasse.geojson');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ format: 'pix4d-geojson', changed: 0 });
    expect(body.data.read).toBeGreaterThan(0);
    expect(body.data.added).toBe(body.data.read);
    expect(body.data.group.measures).toHaveLength(body.data.read);
    expect(body.data.group.lastDataAt).not.toBeNull();
    const [event] = (await eventsOf(groupId)).data;
    expect(event).toMatchObject({
      kind: 'imported',
      source: 'import',
      user: { id: await h.userId('user@demo.fr') },
      detail: {
        fileName: 'toiture terrasse.geojson',
        size: bytes.byteLength,
        format: 'pix4d-geojson',
        count: body.data.read,
      },
    });
    const again = await importFile(groupId, bytes, 'toiture terrasse.geojson');
    expect(again.body.data).toMatchObject({ added: 0, changed: 0 });
    expect(again.body.data.group.measures).toHaveLength(body.data.read);
  });

  const refusedCases: [string, () => Uint8Array | string, string, RegExp][] = [
    [
      'a truncated GeoJSON',
      () => sample('pix4d-toiture-terrasse.geojson').subarray(0, 500),
      'cut.geojson',
      /tronqu/,
    ],
    ['a SEMA list into a Pix4D group', () => sample('sema-liste-materiaux-ossature.csv'), 'sema.csv', /SEMA/],
    ['an empty file', () => '', 'vide.csv', /./],
  ];
  for (const [label, bytes, fileName, reason] of refusedCases) {
    it(`refuses ${label}: 422 with French reasons, nothing stored, an « import_refused » event`, async () => {
      const before = await h.db.owner.select().from(measures).where(eq(measures.groupId, groupId));
      const { status, body } = await importFile(groupId, bytes(), fileName);
      expect(status).toBe(422);
      expect(body.error.key).toBe('measure_import_refused');
      expect(body.error.message).toMatch(/rien n'a été enregistré/);
      expect(body.error.reasons.join(' ')).toMatch(reason);
      expect(await h.db.owner.select().from(measures).where(eq(measures.groupId, groupId))).toEqual(before);
      const [event] = (await eventsOf(groupId)).data;
      expect(event).toMatchObject({
        kind: 'import_refused',
        detail: { fileName, reasons: body.error.reasons },
      });
    });
  }

  it('an unknown unit and a negative quantity are named with their line', async () => {
    const sema = await api('POST', `${base}/measure-groups`, {
      application: 'sema',
      name: 'SEMA',
      businessJobId: null,
    });
    const semaCsv =
      'Repère;Désignation;Section (mm);Quantité;Unité;Remarque\nA1;Chevron;63x175;12,5;pieds;\nA2;Panneau;;-4;m²;\n';
    const refused = await importFile(sema.body.data.id, semaCsv, 'liste.csv');
    expect(refused.status).toBe(422);
    const reasons = refused.body.error.reasons.join(' ');
    expect(reasons).toMatch(/[Ll]igne 2/);
    expect(reasons).toMatch(/[Ll]igne 3/);
    expect(await h.db.owner.select().from(measures).where(eq(measures.groupId, sema.body.data.id))).toEqual(
      [],
    );
  });

  it('refuses 10 000 measures and a 10 MB file, with an event', async () => {
    const lines = ['Repère;Désignation;Section (mm);Quantité;Unité;Remarque'];
    for (let i = 0; i < 10_000; i++) lines.push(`R${i};Chevron ${i};63x175;2,5;m;`);
    const sema = (
      await api('POST', `${base}/measure-groups`, { application: 'sema', name: 'Trop', businessJobId: null })
    ).body.data;
    const many = await importFile(sema.id, lines.join('\n'), 'trop.csv');
    expect(many.status).toBe(422);
    expect(many.body.error.reasons.join(' ')).toMatch(/5\s000/);
    const big = new Uint8Array(10 * 1024 * 1024).fill(0x20);
    // Announced by its length (as a browser sends a file): refused before it is read.
    const response = await h.request('POST', `${base}/measure-groups/${sema.id}/import`, {
      token: user,
      body: new Blob([big]),
      headers: { 'x-file-name': 'enorme.csv', 'content-length': String(big.byteLength) },
    });
    const tooLarge = { status: response.status, body: (await response.json()) as Json };
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatchObject({
      key: 'measure_file_too_large',
      reasons: [expect.stringMatching(/Mo/)],
    });
    // Streamed without a length: read up to the limit, then refused all the same.
    const streamed = await importFile(sema.id, big, 'flux.csv');
    expect(streamed.status).toBe(413);
    const events = (await eventsOf(sema.id)).data;
    expect(events.slice(0, 3).map((e: Json) => e.kind)).toEqual([
      'import_refused',
      'import_refused',
      'import_refused',
    ]);
    expect(events[1].detail).toMatchObject({ fileName: 'enorme.csv', size: big.byteLength });
    expect(events[0].detail).toMatchObject({ fileName: 'flux.csv' });
    expect(await h.db.owner.select().from(measures).where(eq(measures.groupId, sema.id))).toEqual([]);
  });

  it(`a ${measureRules.maxFileBytes / 1024 / 1024} Mo file is read off the event loop`, async () => {
    const head = 'Repère;Désignation;Section (mm);Quantité;Unité;Remarque\n';
    const lines = [head];
    let size = head.length;
    for (let i = 0; size < measureRules.maxFileBytes - 2000; i++) {
      const line = `R${i};Chevron ${i};63x175;2,5;m;${'x'.repeat(900)}\n`;
      lines.push(line);
      size += line.length;
    }
    const text = lines.join('');
    const sema = (
      await api('POST', `${base}/measure-groups`, { application: 'sema', name: 'Gros', businessJobId: null })
    ).body.data;
    // The parse's worker started (its start is not what is measured).
    await importFile(sema.id, 'vide', 'vide.csv');
    // How busy the event loop was while the file was read: the share of that time it spent running
    // code rather than waiting. Read on the event loop, the parse (over a second of CPU here) would
    // keep it busy nearly the whole time; read in a worker, the loop mostly waits for its answer.
    // A share, not a duration: a busy machine slows both alike.
    const before = performance.eventLoopUtilization();
    const { status, body } = await importFile(sema.id, text, 'gros.csv');
    const { utilization } = performance.eventLoopUtilization(before);
    expect(status).toBe(422);
    expect(body.error.reasons.join(' ')).toMatch(/5\s000 mesures/);
    expect(utilization).toBeLessThan(0.5);
  });
});

describe('measures of a group', () => {
  it('the group names the quotes whose lines take their quantity from it, at any depth', async () => {
    const group = (
      await api('POST', `${base}/measure-groups`, {
        application: 'pix4d',
        name: 'Devis',
        businessJobId: null,
      })
    ).body.data;
    const [quote] = await h.db.owner.select().from(quotes).where(eq(quotes.companyId, 1)).limit(1);
    const line = {
      kind: 'priced',
      designation: 'Toiture',
      measure: { groupId: group.id, measureIds: [1], valueMilli: 1000 },
    };
    await h.db.owner
      .update(quotes)
      .set({ items: [...(quote!.items as unknown[]), { kind: 'chapter', title: 'Lot', items: [line] }] })
      .where(eq(quotes.id, quote!.id));
    const detail = (await api('GET', `${base}/measure-groups/${group.id}`)).body.data;
    expect(detail.quotes).toEqual([{ id: quote!.id, number: quote!.number, status: quote!.status }]);
  });

  it('currentMeasureValues: the values of the company only', async () => {
    const { currentMeasureValues } = await import('../src/measures/usage.js');
    const [mine] = await h.db.owner.select().from(measures).where(eq(measures.companyId, 1)).limit(1);
    const [theirs] = await h.db.owner.select().from(measures).where(eq(measures.companyId, 2)).limit(1);
    const values = await h.db.withTenant(1, (tx) =>
      currentMeasureValues(tx, 1, [mine!.id, theirs!.id, 999_999]),
    );
    expect([...values.keys()]).toEqual([mine!.id]);
    expect(values.get(mine!.id)).toMatchObject({
      groupId: mine!.groupId,
      valueMilli: mine!.valueMilli,
      kind: mine!.kind,
    });
    const [group] = await h.db.owner
      .select()
      .from(measureGroups)
      .where(and(eq(measureGroups.id, mine!.groupId)));
    expect(values.get(mine!.id)!.groupName).toBe(group!.name);
  });
});
