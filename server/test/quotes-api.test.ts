/**
 * The quotes API of the quote editor (issue 21, /work/notes/QUOTES-API.md): create a draft with its
 * tree and defaults, edit it with its version, field errors by path, the lifecycle (answer recorded
 * by the company, revisions, duplicate, expired computed), invoicing only an accepted quote, and
 * another company's ids on every endpoint. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSettings, numberingCounters, quoteLines, quotes } from '../src/db/schema.js';
import { markQuoteSent } from '../src/invoicing/quotes.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { addDays, companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
let otherToken: string;
const api = companyApi(
  () => h,
  () => token,
);
const today = todayInFrance();
const year = today.slice(0, 4);
const rate = { twenty: 0, ten: 0, otherCompany: 0 };
let customerId: number;
let jobId: number;
let otherJobId: number;

const priced = (
  designation: string,
  quantityMilli: number,
  unitPriceCents: number,
  vatRateId = rate.twenty,
) => ({
  kind: 'priced',
  designation,
  unit: 'm²',
  quantityMilli,
  unitPriceCents,
  vatRateId,
});

/** Two chapters, a sub-chapter, an option and a text line: what the editor writes. */
const tree = () => [
  {
    kind: 'chapter',
    title: 'Gros œuvre',
    items: [
      priced('Fondations', 10_000, 10_000),
      {
        kind: 'chapter',
        title: 'Murs',
        items: [priced('Parpaings', 20_000, 5_000), { kind: 'text', text: 'Enduit compris' }],
      },
    ],
  },
  {
    kind: 'chapter',
    title: 'Menuiseries',
    items: [
      priced('Fenêtre', 2_000, 45_000, rate.ten),
      { ...priced('Volet roulant', 2_000, 30_000), kind: 'option' },
    ],
  },
];

async function newDraft(body: Record<string, unknown> = {}) {
  const created = await api('POST', '/quotes', {
    businessJobId: jobId,
    title: 'Extension',
    items: tree(),
    ...body,
  });
  expect(created.status).toBe(200);
  return created.body.data as Json;
}

async function accept(quote: Json) {
  const answer = await api('POST', `/quotes/${quote.id}/answer`, {
    version: quote.version,
    decision: 'accepted',
  });
  expect(answer.status).toBe(200);
  return answer.body.data as Json;
}

/** Sent by mail (H2's route does it through the same operation). */
async function send(quote: Json) {
  const outcome = await h.db.withTenant(1, (tx) =>
    markQuoteSent(tx, 1, quote.id, { today, now: new Date() }),
  );
  expect(outcome.ok).toBe(true);
  return (await api('GET', `/quotes/${quote.id}`)).body.data as Json;
}

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  otherToken = await h.tokenFor('admin@autre-demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as Json[];
  rate.twenty = rates.find((r) => r.basisPoints === 2000).id;
  rate.ten = rates.find((r) => r.basisPoints === 1000).id;
  const otherRates = (await api('GET', '/vat-rates', undefined, otherToken, 2)).body.data as Json[];
  rate.otherCompany = otherRates[0].id;
  const customer = await api('POST', '/customers', {
    type: 'private',
    lastName: 'Devis',
    firstName: 'Claire',
    paymentDeadline: { rule: 'days', value: 45 },
    paymentModes: ['transfer', 'check'],
  });
  customerId = customer.body.data.id;
  jobId = (await api('POST', '/business-jobs', { name: 'Extension Devis', customerId })).body.data.id;
  const otherCustomer = await api(
    'POST',
    '/customers',
    { type: 'private', lastName: 'Autre' },
    otherToken,
    2,
  );
  otherJobId = (
    await api(
      'POST',
      '/business-jobs',
      { name: 'Ailleurs', customerId: otherCustomer.body.data.id },
      otherToken,
      2,
    )
  ).body.data.id;
});

afterAll(async () => {
  await h?.close();
});

describe('create', () => {
  it("a draft numbered DE-yyyy-nnnnn, dated today, valid for the settings' days, with the customer's terms", async () => {
    await h.db.owner
      .update(documentSettings)
      .set({ quoteValidityDays: 45 })
      .where(eq(documentSettings.companyId, 1));
    const quote = await newDraft();
    await h.db.owner
      .update(documentSettings)
      .set({ quoteValidityDays: 30 })
      .where(eq(documentSettings.companyId, 1));
    expect(quote).toMatchObject({
      status: 'draft',
      date: today,
      validUntil: addDays(today, 45),
      revisionIndex: 0,
      latest: true,
      sentAt: null,
      paymentTerms: 'Règlement à 45 jours, par virement, chèque.',
      discountBasisPoints: 0,
      feeCents: 0,
      answer: null,
    });
    expect(quote.number).toMatch(new RegExp(`^DE-${year}-\\d{5}$`));
    expect(quote.baseNumber).toBe(quote.number);
    expect(quote.revisions).toEqual([{ id: quote.id, number: quote.number, status: 'draft', date: today }]);
    // The tree as stored, each line with the company's percentage of its rate.
    expect(quote.items[0].items[1].items[0]).toMatchObject({ designation: 'Parpaings', vatRate: 2000 });
    expect(quote.items[1].items[0]).toMatchObject({ designation: 'Fenêtre', vatRate: 1000 });
    // 1000 + 1000 € (20 %) + 900 € (10 %); the option (600 €) is in no total.
    expect(quote).toMatchObject({
      totalExclTaxCents: 290_000,
      totalVatCents: 40_000 + 9_000,
      totalInclTaxCents: 339_000,
      optionsExclTaxCents: 60_000,
    });
    expect(quote.amounts).toMatchObject({ grossHt: 290_000, ht: 290_000, optionsHt: 60_000 });
    expect(quote.amounts.chapters.map((c: Json) => [c.path, c.title, c.ht, c.optionsHt])).toEqual([
      [[0], 'Gros œuvre', 200_000, 0],
      [[0, 1], 'Murs', 100_000, 0],
      [[1], 'Menuiseries', 90_000, 60_000],
    ]);
    // What invoicing bills: the priced lines only, chapters named « Chapitre › Sous-chapitre ».
    expect(quote.chapters.map((c: Json) => [c.title, c.lines.map((l: Json) => l.label)])).toEqual([
      ['Gros œuvre', ['Fondations']],
      ['Gros œuvre › Murs', ['Parpaings']],
      ['Menuiseries', ['Fenêtre']],
    ]);
    expect(quote.allowed).toEqual({
      edit: true,
      revise: false,
      send: true,
      answer: true,
      invoice: false,
      duplicate: true,
    });
  });

  it('a global discount is split over the rates and the lines; the totals and quote_lines follow', async () => {
    const quote = await newDraft({ discountBasisPoints: 1000, depositBasisPoints: 3000 });
    // 10 % of 2900 €: 200 € on the 20 % lines, 90 € on the 10 % one.
    expect(quote.amounts.byRate).toEqual([
      { vatRate: 2000, grossHt: 200_000, discount: 20_000, ht: 180_000, vat: 36_000 },
      { vatRate: 1000, grossHt: 90_000, discount: 9_000, ht: 81_000, vat: 8_100 },
    ]);
    expect(quote).toMatchObject({
      totalExclTaxCents: 261_000,
      totalVatCents: 44_100,
      totalInclTaxCents: 305_100,
    });
    expect(quote.amounts.deposit).toEqual({ rate: 3000, ht: 78_300, vat: 13_230, ttc: 91_530 });
    const lines = await h.db.owner
      .select({
        label: quoteLines.label,
        total: quoteLines.totalExclTaxCents,
        discount: quoteLines.discountCents,
      })
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quote.id))
      .orderBy(quoteLines.position);
    expect(lines).toEqual([
      { label: 'Fondations', total: 100_000, discount: 10_000 },
      { label: 'Parpaings', total: 100_000, discount: 10_000 },
      { label: 'Fenêtre', total: 90_000, discount: 9_000 },
    ]);
  });

  it("bodies the editor never sends are refused with the field's path, and nothing is numbered", async () => {
    const counter = async () =>
      (
        await h.db.owner
          .select({ n: numberingCounters.lastNumber })
          .from(numberingCounters)
          .where(and(eq(numberingCounters.companyId, 1), eq(numberingCounters.sequence, 'quote')))
      )[0]?.n;
    const before = await counter();
    const refused = async (body: Record<string, unknown>, fields: Record<string, string>) => {
      const answer = await api('POST', '/quotes', { businessJobId: jobId, title: 'Refusé', ...body });
      expect(answer.status).toBe(422);
      expect(answer.body.error.key).toBe('validation');
      expect(answer.body.error.fields).toMatchObject(fields);
    };
    await refused({ status: 'accepted' }, { status: 'unknown' });
    await refused({ lines: [] }, { lines: 'unknown' });
    await refused({ title: '' }, { title: 'required' });
    const deep = [
      {
        kind: 'chapter',
        title: 'A',
        items: [{ kind: 'chapter', title: 'B', items: [{ kind: 'chapter', title: 'C', items: [] }] }],
      },
    ];
    const depth = await api('POST', '/quotes', { businessJobId: jobId, title: 'Trop profond', items: deep });
    expect(depth.status).toBe(422);
    expect(Object.keys(depth.body.error.fields)[0]).toMatch(/^items\.0\.items\.0\.items\.0/);
    const many = Array.from({ length: 2001 }, (_, i) => priced(`Ligne ${i}`, 1000, 100));
    await refused({ items: many }, { items: 'too_long' });
    // 2001 items in all, though no one list is longer than 2000.
    const spread = [{ kind: 'chapter', title: 'A', items: many.slice(0, 2000) }];
    await refused({ items: spread }, { items: 'too_long' });
    await refused(
      { items: [{ kind: 'chapter', title: 'A', items: [priced('x'.repeat(501), 1000, 100)] }] },
      { 'items.0.items.0.designation': 'too_long' },
    );
    await refused(
      { items: [priced('Ligne', 1000, 100, rate.otherCompany)] },
      { 'items.0.vatRateId': 'invalid' },
    );
    await refused({ items: [{ kind: 'photo' }] }, { 'items.0.kind': 'invalid' });
    await refused(
      { items: [{ ...priced('Ligne', 1000, 100), unit: 'u'.repeat(21) }] },
      { 'items.0.unit': 'too_long' },
    );
    await refused({ discountBasisPoints: 10_001 }, { discountBasisPoints: 'number' });
    await refused({ date: '2026-03-10', validUntil: '2026-03-09' }, { validUntil: 'invalid' });
    await refused({ durationDays: 0 }, { durationDays: 'number' });
    await refused({ feeCents: -1 }, { feeCents: 'number' });
    expect(await counter()).toBe(before);
  });
});

describe('edit', () => {
  it('changes a draft with the version read; a stale version is 409; errors name the path', async () => {
    const quote = await newDraft();
    const edited = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      title: 'Extension (variante)',
      items: [priced('Dalle', 30_000, 4_000)],
      startDate: '2027-01-04',
      durationDays: 20,
      feeCents: 5_000,
      paymentTerms: 'À réception.',
      date: '2026-12-01',
      validUntil: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      version: quote.version + 1,
      title: 'Extension (variante)',
      totalExclTaxCents: 120_000,
      optionsExclTaxCents: 0,
      startDate: '2027-01-04',
      durationDays: 20,
      feeCents: 5_000,
      paymentTerms: 'À réception.',
      // null: the default validity, from the new date.
      date: '2026-12-01',
      validUntil: '2026-12-31',
    });
    expect(edited.body.data.chapters).toEqual([expect.objectContaining({ title: '' })]);
    const stale = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      title: 'B',
    });
    expect(stale).toMatchObject({ status: 409, body: { error: { key: 'stale_version' } } });
    const bad = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version + 1,
      items: [
        {
          kind: 'chapter',
          title: 'A',
          items: [priced('B', 1000, 100), { ...priced('C', 1000, 100), unit: 'x'.repeat(21) }],
        },
      ],
    });
    expect(bad).toMatchObject({
      status: 422,
      body: { error: { fields: { 'items.0.items.1.unit': 'too_long' } } },
    });
    const unchanged = (await api('GET', `/quotes/${quote.id}`)).body.data;
    expect(unchanged).toMatchObject({ version: quote.version + 1, totalExclTaxCents: 120_000 });
  });

  it("a line's déboursé sec (costCents, from the price library) is kept and answered; a negative one is 422", async () => {
    const quote = await newDraft();
    const edited = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      items: [
        {
          kind: 'chapter',
          title: 'Plâtrerie',
          items: [{ ...priced('Plaque BA13', 12_500, 2_450), costCents: 1_130 }],
        },
        priced('Sans coût', 1_000, 1_000),
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.items[0].items[0]).toMatchObject({
      designation: 'Plaque BA13',
      costCents: 1_130,
    });
    expect(edited.body.data.items[1]).not.toHaveProperty('costCents');
    const read = (await api('GET', `/quotes/${quote.id}`)).body.data;
    expect(read.items[0].items[0].costCents).toBe(1_130);
    // A revision or a copy keeps it (a quote line copies its figures).
    const copy = await api('POST', `/quotes/${quote.id}/duplicate`);
    expect(copy.body.data.items[0].items[0].costCents).toBe(1_130);
    const bad = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: edited.body.data.version,
      items: [{ kind: 'chapter', title: 'A', items: [{ ...priced('B', 1_000, 100), costCents: -1 }] }],
    });
    expect(bad).toMatchObject({
      status: 422,
      body: { error: { key: 'validation', fields: { 'items.0.items.0.costCents': 'number' } } },
    });
  });

  it('an accepted quote is frozen: 409 quote_not_editable, on edit and on revise', async () => {
    const quote = await accept(await newDraft());
    expect(quote).toMatchObject({
      status: 'accepted',
      answer: { decision: 'accepted', channel: 'recorded' },
    });
    expect(quote.sentAt).not.toBeNull();
    expect(quote.allowed).toMatchObject({
      edit: false,
      revise: false,
      send: false,
      answer: false,
      invoice: true,
    });
    const edit = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      title: 'X',
    });
    expect(edit).toMatchObject({ status: 409, body: { error: { key: 'quote_not_editable' } } });
    const revise = await api('POST', `/quotes/${quote.id}/revise`, { version: quote.version });
    expect(revise).toMatchObject({ status: 409, body: { error: { key: 'quote_not_editable' } } });
    const again = await api('POST', `/quotes/${quote.id}/answer`, {
      version: quote.version,
      decision: 'refused',
    });
    expect(again).toMatchObject({ status: 409, body: { error: { key: 'quote_already_answered' } } });
  });
});

describe('revisions, duplicate, expiry', () => {
  it('« Modifier » on a sent quote makes revision -B; the earlier one stays readable and is no longer acted on', async () => {
    const sent = await send(await newDraft());
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent.allowed).toMatchObject({ edit: false, revise: true, answer: true, send: true });
    const edit = await api('POST', `/quotes/${sent.id}/edit`, {
      id: sent.id,
      version: sent.version,
      title: 'X',
    });
    expect(edit).toMatchObject({ status: 409, body: { error: { key: 'quote_not_editable' } } });
    const revised = await api('POST', `/quotes/${sent.id}/revise`, { version: sent.version });
    expect(revised.status).toBe(200);
    const b = revised.body.data;
    expect(b).toMatchObject({
      number: `${sent.number}-B`,
      baseNumber: sent.number,
      revisionIndex: 1,
      status: 'draft',
      latest: true,
      date: today,
      totalExclTaxCents: sent.totalExclTaxCents,
      items: sent.items,
    });
    expect(b.id).not.toBe(sent.id);
    expect(b.revisions.map((r: Json) => [r.number, r.status])).toEqual([
      [sent.number, 'sent'],
      [`${sent.number}-B`, 'draft'],
    ]);
    const old = (await api('GET', `/quotes/${sent.id}`)).body.data;
    expect(old).toMatchObject({ status: 'sent', latest: false });
    expect(old.allowed).toMatchObject({
      edit: false,
      revise: false,
      answer: false,
      invoice: false,
      duplicate: true,
    });
    const superseded = await api('POST', `/quotes/${sent.id}/answer`, {
      version: old.version,
      decision: 'accepted',
    });
    expect(superseded).toMatchObject({ status: 409, body: { error: { key: 'quote_revision_superseded' } } });
    const invoiceOld = await api('POST', '/invoices', {
      kind: 'deposit',
      quoteId: sent.id,
      depositBasisPoints: 1000,
    });
    expect(invoiceOld).toMatchObject({ status: 409, body: { error: { key: 'quote_revision_superseded' } } });
    // The list shows the latest revision only.
    const list = (await api('GET', `/quotes?businessJobId=${jobId}&limit=200`)).body.data as Json[];
    expect(list.some((q) => q.id === sent.id)).toBe(false);
    expect(list.find((q) => q.id === b.id)).toMatchObject({ number: `${sent.number}-B`, latest: true });
    // The new revision is a draft like any other: edited, then its -C after it is refused.
    const refused = (
      await api('POST', `/quotes/${b.id}/answer`, {
        version: b.version,
        decision: 'refused',
        reason: 'Trop cher',
      })
    ).body.data;
    expect(refused).toMatchObject({
      status: 'refused',
      answer: { decision: 'refused', reason: 'Trop cher' },
    });
    const c = (await api('POST', `/quotes/${b.id}/revise`, { version: refused.version })).body.data;
    expect(c.number).toBe(`${sent.number}-C`);
  });

  it('revise on a draft answers the draft itself', async () => {
    const draft = await newDraft();
    const same = await api('POST', `/quotes/${draft.id}/revise`, { version: draft.version });
    expect(same).toMatchObject({
      status: 200,
      body: { data: { id: draft.id, number: draft.number, version: draft.version } },
    });
  });

  it('« Dupliquer » copies any quote into a new draft with a new number, dated today', async () => {
    const accepted = await accept(
      await newDraft({ date: addDays(today, -10), discountBasisPoints: 500, startDate: '2027-02-01' }),
    );
    const copy = await api('POST', `/quotes/${accepted.id}/duplicate`);
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({
      status: 'draft',
      date: today,
      validUntil: addDays(today, 30),
      startDate: null,
      discountBasisPoints: 500,
      businessJobId: jobId,
      revisionIndex: 0,
      answer: null,
      items: accepted.items,
      totalInclTaxCents: accepted.totalInclTaxCents,
    });
    expect(copy.body.data.number).not.toBe(accepted.number);
    expect(copy.body.data.baseNumber).toBe(copy.body.data.number);
  });

  it('a sent quote past its validity date is expired: computed in lists, filters and answers', async () => {
    const sent = await send(await newDraft({ title: 'Devis périmé' }));
    await h.db.owner
      .update(quotes)
      .set({ validUntil: addDays(today, -1) })
      .where(eq(quotes.id, sent.id));
    const detail = (await api('GET', `/quotes/${sent.id}`)).body.data;
    expect(detail).toMatchObject({ status: 'expired' });
    expect(detail.allowed).toMatchObject({ revise: true, answer: false, send: false });
    const expired = (await api('GET', `/quotes?status=expired&businessJobId=${jobId}`)).body.data as Json[];
    expect(expired.map((q) => q.id)).toContain(sent.id);
    const stillSent = (await api('GET', `/quotes?status=sent&businessJobId=${jobId}`)).body.data as Json[];
    expect(stillSent.map((q) => q.id)).not.toContain(sent.id);
    const late = await api('POST', `/quotes/${sent.id}/answer`, {
      version: detail.version,
      decision: 'accepted',
    });
    expect(late).toMatchObject({ status: 409, body: { error: { key: 'quote_expired' } } });
    const revised = (await api('POST', `/quotes/${sent.id}/revise`, { version: detail.version })).body.data;
    expect(revised).toMatchObject({ status: 'draft', validUntil: addDays(today, 30) });
  });

  it('a draft whose validity date has passed cannot be answered (it cannot be sent)', async () => {
    const draft = await newDraft({ date: '2026-01-05', validUntil: '2026-01-20' });
    const answer = await api('POST', `/quotes/${draft.id}/answer`, {
      version: draft.version,
      decision: 'accepted',
    });
    expect(answer).toMatchObject({ status: 409, body: { error: { key: 'quote_expired' } } });
  });
});

describe('invoicing from a quote', () => {
  it('only an accepted quote: a draft is 409 quote_not_accepted, a fully invoiced one 409 quote_fully_invoiced', async () => {
    const draft = await newDraft();
    const early = await api('POST', '/invoices', {
      kind: 'deposit',
      quoteId: draft.id,
      depositBasisPoints: 3000,
    });
    expect(early).toMatchObject({ status: 409, body: { error: { key: 'quote_not_accepted' } } });
    const sent = await send(draft);
    const notYet = await api('POST', '/invoices', { kind: 'final', quoteId: sent.id });
    expect(notYet).toMatchObject({ status: 409, body: { error: { key: 'quote_not_accepted' } } });
    const accepted = await accept(sent);
    const final = await api('POST', '/invoices', { kind: 'final', quoteId: accepted.id });
    expect(final.status).toBe(200);
    // Options are not billed: the final invoice is the quote's total.
    expect(final.body.data.totalExclTaxCents).toBe(accepted.totalExclTaxCents);
    const validated = await api('POST', `/invoices/${final.body.data.id}/validate`, {
      version: final.body.data.version,
    });
    expect(validated.status).toBe(200);
    const more = await api('POST', '/invoices', {
      kind: 'deposit',
      quoteId: accepted.id,
      depositBasisPoints: 1000,
    });
    expect(more).toMatchObject({
      status: 409,
      body: { error: { key: 'quote_fully_invoiced' } },
    });
    expect((await api('GET', `/quotes/${accepted.id}`)).body.data.allowed.invoice).toBe(false);
  });
});

describe('another company', () => {
  it('its ids on every endpoint answer 404 and leak nothing; its job and VAT rates cannot be used', async () => {
    const quote = await newDraft({ title: 'Secret de la maison' });
    const other = (method: 'GET' | 'POST', path: string, json?: unknown) =>
      api(method, path, json, otherToken, 2);
    const answers = [
      await other('GET', `/quotes/${quote.id}`),
      await other('POST', `/quotes/${quote.id}/edit`, {
        id: quote.id,
        version: quote.version,
        title: 'Piraté',
      }),
      await other('POST', `/quotes/${quote.id}/revise`, { version: quote.version }),
      await other('POST', `/quotes/${quote.id}/duplicate`),
      await other('POST', `/quotes/${quote.id}/answer`, { version: quote.version, decision: 'accepted' }),
      await other('POST', '/invoices', { kind: 'final', quoteId: quote.id }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Secret');
    }
    const list = (await other('GET', `/quotes?q=Secret`)).body;
    expect(list).toMatchObject({ data: [], info: { hits: 0 } });
    // Company 1 naming company 2's job.
    const foreignJob = await api('POST', '/quotes', { businessJobId: otherJobId, title: 'X' });
    expect(foreignJob.status).toBe(404);
    const unchanged = (await api('GET', `/quotes/${quote.id}`)).body.data;
    expect(unchanged).toMatchObject({
      version: quote.version,
      title: 'Secret de la maison',
      status: 'draft',
    });
    const rows = await h.db.owner
      .select()
      .from(quotes)
      .where(and(eq(quotes.companyId, 2), eq(quotes.title, 'Secret de la maison')));
    expect(rows).toEqual([]);
  });
});
