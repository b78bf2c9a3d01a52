/**
 * The quote editor's edit lock (issue 21, as invoices have): a draft opened by one session is
 * read-only for another (its detail says so; its saves, revisions and answers are refused with
 * resource_locked) until the first session closes the editor (unlock) or its lock lapses after 15
 * minutes without activity; sending it from another session is refused too. Another company's quote
 * ids answer 404. Runs on PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLocks } from '../src/db/schema.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let sessionA: string;
let sessionB: string;
let otherToken: string;
const api = companyApi(
  () => h,
  () => sessionA,
);
let quote: Json;

beforeAll(async () => {
  h = await bootHarness();
  sessionA = await h.tokenFor('admin@demo.fr');
  // The same user signed in elsewhere: another session.
  sessionB = await h.tokenFor('admin@demo.fr');
  otherToken = await h.tokenFor('admin@autre-demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as Json[];
  const customer = await api('POST', '/customers', { type: 'private', lastName: 'Verrou' });
  const job = await api('POST', '/business-jobs', { name: 'Verrou', customerId: customer.body.data.id });
  quote = (
    await api('POST', '/quotes', {
      businessJobId: job.body.data.id,
      title: 'Cuisine',
      items: [
        {
          kind: 'priced',
          designation: 'Pose',
          unit: 'u',
          quantityMilli: 1000,
          unitPriceCents: 10_000,
          vatRateId: rates[0].id,
        },
      ],
    })
  ).body.data;
});

afterAll(async () => {
  await h?.close();
});

describe('the quote editor’s edit lock', () => {
  it('one session edits; another reads it locked until the editor is closed', async () => {
    const opened = await api('POST', `/quotes/${quote.id}/lock`);
    expect(opened).toMatchObject({ status: 200, body: { data: { lockedByAnotherSession: false } } });
    const seen = (await api('GET', `/quotes/${quote.id}`, undefined, sessionB)).body.data;
    expect(seen.lock.lockedByAnotherSession).toBe(true);
    expect(Date.parse(seen.lock.expiresAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
    // The session holding it sees its own lock as no obstacle.
    expect((await api('GET', `/quotes/${quote.id}`)).body.data.lock.lockedByAnotherSession).toBe(false);
    for (const [action, body] of [
      ['edit', { id: quote.id, version: quote.version, title: 'B' }],
      ['revise', { version: quote.version }],
      ['answer', { version: quote.version, decision: 'accepted' }],
      ['send', { to: 'claire.verrou@example.fr' }],
      ['lock', undefined],
    ] as const) {
      const refused = await api('POST', `/quotes/${quote.id}/${action}`, body, sessionB);
      expect(refused, action).toMatchObject({ status: 409, body: { error: { key: 'resource_locked' } } });
    }
    // Nothing was sent nor answered behind A's editor.
    expect((await api('GET', `/quotes/${quote.id}`)).body.data).toMatchObject({
      status: 'draft',
      sentAt: null,
    });
    // B's unlock does not free A's lock.
    await api('POST', `/quotes/${quote.id}/unlock`, undefined, sessionB);
    expect(
      (await api('GET', `/quotes/${quote.id}`, undefined, sessionB)).body.data.lock.lockedByAnotherSession,
    ).toBe(true);
    // A saves (the lock is renewed), then closes the editor: B may edit.
    const saved = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      title: 'A',
    });
    expect(saved.status).toBe(200);
    await api('POST', `/quotes/${quote.id}/unlock`);
    const b = await api(
      'POST',
      `/quotes/${quote.id}/edit`,
      { id: quote.id, version: saved.body.data.version, title: 'B' },
      sessionB,
    );
    expect(b.status).toBe(200);
    quote = b.body.data;
  });

  it('a lock left without activity for 15 minutes lapses', async () => {
    // B holds it since its save; A is refused, then, 16 minutes later, may save.
    const refused = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      title: 'A',
    });
    expect(refused.body.error.key).toBe('resource_locked');
    await h.db.owner
      .update(editLocks)
      .set({ lastActivityAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(editLocks.resource, 'quote'), eq(editLocks.resourceId, quote.id)));
    expect((await api('GET', `/quotes/${quote.id}`)).body.data.lock.lockedByAnotherSession).toBe(false);
    const saved = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      title: 'A',
    });
    expect(saved.body.data).toMatchObject({ title: 'A', version: quote.version + 1 });
  });

  it('a stale save of a quote locked by another session says it is locked', async () => {
    const stale = await api(
      'POST',
      `/quotes/${quote.id}/edit`,
      { id: quote.id, version: 1, title: 'C' },
      sessionB,
    );
    expect(stale.body.error.key).toBe('resource_locked');
  });

  it('another company’s session cannot lock, unlock or read the quote', async () => {
    for (const action of ['lock', 'unlock'])
      expect((await api('POST', `/quotes/${quote.id}/${action}`, undefined, otherToken, 2)).status).toBe(404);
    expect((await api('GET', `/quotes/${quote.id}`, undefined, otherToken, 2)).status).toBe(404);
  });
});
