/**
 * Quote numbers stay gapless (issue 21): 30 creations and duplicates at once get distinct,
 * consecutive DE numbers from the one locked counter; revisions take no new number, and of several
 * « Modifier » at once on one sent quote exactly one makes revision -B. On PostgreSQL
 * (DATABASE_URL) the requests really run in parallel on the pool; PGlite has one connection and
 * runs them one after the other, which still checks the numbering but proves nothing about
 * concurrency.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberingCounters } from '../src/db/schema.js';
import { markQuoteSent } from '../src/invoicing/quotes.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
const api = companyApi(
  () => h,
  () => token,
);
const today = todayInFrance();
const year = today.slice(0, 4);
const N = 30;
let jobId: number;
let vatRateId: number;

async function lastNumber(): Promise<number> {
  const [row] = await h.db.owner
    .select({ n: numberingCounters.lastNumber })
    .from(numberingCounters)
    .where(
      and(
        eq(numberingCounters.companyId, 1),
        eq(numberingCounters.sequence, 'quote'),
        eq(numberingCounters.period, year),
      ),
    );
  return row?.n ?? 0;
}

const pad = (n: number) => `DE-${year}-${String(n).padStart(5, '0')}`;

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as Json[];
  vatRateId = rates.find((r) => r.basisPoints === 2000).id;
  const customer = await api('POST', '/customers', { type: 'private', lastName: 'Numéros' });
  jobId = (await api('POST', '/business-jobs', { name: 'Numérotation', customerId: customer.body.data.id }))
    .body.data.id;
});

afterAll(async () => {
  await h?.close();
});

const body = () => ({
  title: 'Devis concurrent',
  items: [
    {
      kind: 'chapter',
      title: 'Lot 1',
      items: [
        {
          kind: 'priced',
          designation: 'Pose',
          unit: 'u',
          quantityMilli: 1000,
          unitPriceCents: 10_000,
          vatRateId,
        },
      ],
    },
  ],
});

describe(`quote numbers (${process.env.DATABASE_URL ? 'PostgreSQL, concurrent' : 'PGlite, serialised'})`, () => {
  it('30 creations and duplicates at once get distinct, consecutive numbers', async () => {
    const source = (await api('POST', '/quotes', { ...body(), businessJobId: jobId })).body.data;
    const before = await lastNumber();
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 3 === 0
          ? api('POST', `/quotes/${source.id}/duplicate`)
          : api('POST', '/quotes', { ...body(), businessJobId: jobId }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const numbers = answers.map((a) => a.body.data.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: N }, (_, i) => pad(before + 1 + i)));
    expect(await lastNumber()).toBe(before + N);
  }, 240_000);

  it('« Modifier » 5 times at once on one sent quote: one revision -B, no new number', async () => {
    const draft = (await api('POST', '/quotes', { ...body(), businessJobId: jobId })).body.data;
    const sent = await h.db.withTenant(1, (tx) => markQuoteSent(tx, 1, draft.id, { today, now: new Date() }));
    expect(sent.ok).toBe(true);
    const { version } = (await api('GET', `/quotes/${draft.id}`)).body.data;
    const before = await lastNumber();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', `/quotes/${draft.id}/revise`, { version })),
    );
    const made = answers.filter((a) => a.status === 200);
    expect(made).toHaveLength(1);
    expect(made[0]!.body.data.number).toBe(`${draft.number}-B`);
    // The others read a version that the first one changed.
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(['stale_version', 'quote_revision_superseded']).toContain(refused.body.error.key);
    }
    expect(await lastNumber()).toBe(before);
    const revisions = (await api('GET', `/quotes/${draft.id}`)).body.data.revisions as Json[];
    expect(revisions.map((r) => r.number)).toEqual([draft.number, `${draft.number}-B`]);
  }, 240_000);
});
