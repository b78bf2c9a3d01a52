/**
 * The demo's quotes (server/src/db/seed-quotes.ts): besides the accepted ones, each company has a
 * draft written from the price library, a sent quote whose demo link opens the public page, a
 * refused and an expired one — with chapters, an option, a discount and composed lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAcceptanceToken } from '../src/db/seed-quotes.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
const api = companyApi(
  () => h,
  () => token,
);

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
});

afterAll(async () => {
  await h?.close();
});

describe('the demo quotes', () => {
  it('are in every state, with chapters, options, a discount and library lines', async () => {
    const byStatus = new Map<string, Json[]>();
    for (const status of ['draft', 'sent', 'accepted', 'refused', 'expired']) {
      const list = await api('GET', `/quotes?status=${status}&limit=100`);
      expect(list.status).toBe(200);
      expect(list.body.data.length, status).toBeGreaterThan(0);
      byStatus.set(status, list.body.data);
    }
    const draft = (await api('GET', `/quotes/${byStatus.get('draft')![0].id}`)).body.data;
    expect(draft.discountBasisPoints).toBe(500);
    expect(draft.amounts.optionsHt).toBeGreaterThan(0);
    const chapters = draft.items.filter((i: Json) => i.kind === 'chapter');
    expect(chapters.length).toBeGreaterThan(1);
    const composed = chapters.flatMap((c: Json) => c.items).filter((i: Json) => i.composition);
    expect(composed.length).toBeGreaterThan(0);
    expect(composed[0].costCents).toBeGreaterThanOrEqual(0);
    expect(composed[0].composition.components.length).toBeGreaterThan(1);
    const refused = (await api('GET', `/quotes/${byStatus.get('refused')![0].id}`)).body.data;
    expect(refused.answer).toMatchObject({ decision: 'refused', channel: 'recorded' });
  });

  it('the sent quote’s demo link opens its public page', async () => {
    const sent = (await api('GET', '/quotes?status=sent&limit=100')).body.data as Json[];
    const page = await h.request('GET', `/devis/${demoAcceptanceToken(1)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(sent.some((q) => html.includes(q.number))).toBe(true);
  });
});
