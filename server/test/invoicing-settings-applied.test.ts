/**
 * What the invoices take from their settings and their flags (issue 9's last gaps): the document
 * settings' precisions applied to the lines as entered, reverse charge (autoliquidation) from the
 * quote to its invoices and on a simple invoice's draft, the payment terms of a draft, and the list's
 * totals asked once per filter. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSettings } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';
import { acceptedQuote, asItems } from './support/quotes.js';

let h: Harness;
let token: string;
let rate20: number;
let rate10: number;
let customerId: number;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

async function api(method: 'GET' | 'POST', path: string, json?: unknown) {
  const response = await h.request(method, `/v2/companies/1${path}`, {
    token,
    ...(json !== undefined ? { json } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function setPrecisions(quantityPrecision: number, unitPricePrecision: number) {
  await h.db.owner
    .update(documentSettings)
    .set({ quantityPrecision, unitPricePrecision })
    .where(eq(documentSettings.companyId, 1));
}

const simpleLine = (quantityMilli: number, unitPriceCents: number, vatRateId = rate20) => ({
  label: 'Pose',
  unit: 'm²',
  quantityMilli,
  unitPriceCents,
  vatRateId,
});

async function newJob() {
  const job = await api('POST', '/business-jobs', { name: `Sous-traitance ${Math.random()}`, customerId });
  expect(job.status).toBe(200);
  return job.body.data as Json;
}

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  rate20 = rates.find((r) => r.basisPoints === 2000)!.id;
  rate10 = rates.find((r) => r.basisPoints === 1000)!.id;
  const customer = await api('POST', '/customers', {
    type: 'professional',
    companyName: 'Entreprise Générale Martin',
    // A business buyer in France is named by its SIREN (issue 18: validation asks it).
    siret: '44455566600023',
    paymentDeadline: { rule: 'days', value: 45 },
    paymentModes: ['transfer'],
  });
  customerId = customer.body.data.id;
});
afterAll(() => h.close());

describe('document settings: quantity and unit price precisions', () => {
  it('round the quantity and unit price of each line as entered; changing a setting changes the invoice', async () => {
    await setPrecisions(2, 2);
    // 1,555 m² at 2 decimals is kept as 1,56 m²: 1,56 × 10,00 € = 15,60 €.
    const atTwo = await api('POST', '/invoices', {
      kind: 'simple',
      customerId,
      lines: [simpleLine(1_555, 1_000)],
    });
    expect(atTwo.status).toBe(200);
    expect(atTwo.body.data.lines[0]).toMatchObject({ quantityMilli: 1_560, totalExclTaxCents: 1_560 });
    expect(atTwo.body.data.totalExclTaxCents).toBe(1_560);

    await setPrecisions(0, 0);
    // The same line with whole quantities and whole euros: 2 m² × 10 € = 20 €; 12,34 € → 12 €.
    const atZero = await api('POST', '/invoices', {
      kind: 'simple',
      customerId,
      lines: [simpleLine(1_555, 1_000), simpleLine(1_000, 1_234)],
    });
    expect(
      atZero.body.data.lines.map((l: Json) => [l.quantityMilli, l.unitPriceCents, l.totalExclTaxCents]),
    ).toEqual([
      [2_000, 1_000, 2_000],
      [1_000, 1_200, 1_200],
    ]);
    expect(atZero.body.data).toMatchObject({ totalExclTaxCents: 3_200, totalVatCents: 640 });

    // An edit of the draft is rounded the same way.
    const edited = await api('POST', `/invoices/${atZero.body.data.id}/edit`, {
      id: atZero.body.data.id,
      version: atZero.body.data.version,
      lines: [simpleLine(2_499, 999)],
    });
    expect(edited.body.data.lines[0]).toMatchObject({ quantityMilli: 2_000, unitPriceCents: 1_000 });
    await setPrecisions(2, 2);
  });

  it('the quantity keeps up to its unit (thousandths) with a finer setting; quotes are rounded too', async () => {
    await setPrecisions(3, 4);
    const fine = await api('POST', '/invoices', {
      kind: 'simple',
      customerId,
      lines: [simpleLine(1_555, 1_001)],
    });
    expect(fine.body.data.lines[0]).toMatchObject({ quantityMilli: 1_555, unitPriceCents: 1_001 });

    await setPrecisions(1, 0);
    const job = await newJob();
    const quote = await api('POST', '/quotes', {
      businessJobId: job.id,
      title: 'Cloisons',
      date: '2026-02-01',
      items: asItems([{ label: 'Plaque', quantityMilli: 12_345, unitPriceCents: 2_350, vatRateId: rate20 }]),
    });
    // 12,345 → 12,3 (one decimal); 23,50 € → 24 € (half away from zero): 12,3 × 24 = 295,20 €.
    expect(quote.body.data.chapters[0].lines[0]).toMatchObject({
      quantityMilli: 12_300,
      unitPriceCents: 2_400,
      totalExclTaxCents: 29_520,
    });
    expect(quote.body.data.totalExclTaxCents).toBe(29_520);
    await setPrecisions(2, 2);
  });
});

describe('reverse charge (autoliquidation)', () => {
  it('a reverse-charge quote has no VAT, and its invoices carry the flag: VAT 0, TTC = HT', async () => {
    const job = await newJob();
    const quote = await acceptedQuote(
      async (method, path, json) => (await api(method, path, json)).body.data,
      {
        businessJobId: job.id,
        title: 'Lot plâtrerie (sous-traitance)',
        date: '2026-02-01',
        reverseCharge: true,
        lines: [
          { label: 'Cloisons', quantityMilli: 10_000, unitPriceCents: 5_000, vatRateId: rate20 },
          { label: 'Enduits', quantityMilli: 1_000, unitPriceCents: 20_000, vatRateId: rate10 },
        ],
      },
    );
    expect(quote).toMatchObject({
      reverseCharge: true,
      totalExclTaxCents: 70_000,
      totalVatCents: 0,
      totalInclTaxCents: 70_000,
    });
    // Reverse charge is 0 % (category AE) in the API as in the XML and PDF: one line, not 20 % and 10 %.
    expect(quote.vatTotals.map((v: Json) => [v.basisPoints, v.baseCents, v.vatCents])).toEqual([
      [0, 70_000, 0],
    ]);

    const refused = await api('POST', '/invoices', {
      kind: 'deposit',
      quoteId: quote.id,
      depositBasisPoints: 3000,
      reverseCharge: false,
    });
    expect(refused).toMatchObject({ status: 422, body: { error: { fields: { reverseCharge: 'invalid' } } } });

    const deposit = (
      await api('POST', '/invoices', { kind: 'deposit', quoteId: quote.id, depositBasisPoints: 3000 })
    ).body.data;
    expect(deposit).toMatchObject({
      reverseCharge: true,
      totalExclTaxCents: 21_000,
      totalVatCents: 0,
      totalInclTaxCents: 21_000,
    });
    expect(deposit.vatTotals.every((v: Json) => v.vatCents === 0)).toBe(true);
    // An invoice of a quote keeps the quote's flag.
    const change = await api('POST', `/invoices/${deposit.id}/edit`, {
      id: deposit.id,
      version: deposit.version,
      reverseCharge: false,
    });
    expect(change).toMatchObject({ status: 422, body: { error: { fields: { reverseCharge: 'invalid' } } } });
    // Nor can the quote drop it: accepted, it is frozen.
    const quoteChange = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      reverseCharge: false,
    });
    expect(quoteChange).toMatchObject({ status: 409, body: { error: { key: 'quote_not_editable' } } });

    const validated = await api('POST', `/invoices/${deposit.id}/validate`, { version: deposit.version });
    expect(validated.status).toBe(200);
    const final = (await api('POST', '/invoices', { kind: 'final', quoteId: quote.id })).body.data;
    expect(final).toMatchObject({ reverseCharge: true, totalVatCents: 0, totalExclTaxCents: 49_000 });
    const finalValidated = await api('POST', `/invoices/${final.id}/validate`, { version: final.version });
    expect(finalValidated.status).toBe(200);
    const cancelled = await api('POST', `/invoices/${final.id}/cancel`, {
      version: finalValidated.body.data.version,
    });
    const creditNote = (await api('GET', `/invoices/${cancelled.body.data.creditNoteId}`)).body.data;
    expect(creditNote).toMatchObject({ kind: 'credit_note', reverseCharge: true, totalVatCents: 0 });
  });

  it('a quote without invoices may take or drop the flag: its totals follow', async () => {
    const job = await newJob();
    const quote = (
      await api('POST', '/quotes', {
        businessJobId: job.id,
        title: 'Carrelage',
        date: '2026-02-01',
        items: asItems([
          { label: 'Carrelage', quantityMilli: 1_000, unitPriceCents: 10_000, vatRateId: rate20 },
        ]),
      })
    ).body.data;
    expect(quote).toMatchObject({ reverseCharge: false, totalVatCents: 2_000 });
    const edited = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version,
      reverseCharge: true,
    });
    expect(edited.body.data).toMatchObject({
      reverseCharge: true,
      totalVatCents: 0,
      totalInclTaxCents: 10_000,
    });
  });

  it("a simple invoice's draft sets it: VAT 0 while set, back when cleared, kept on validation", async () => {
    const simple = (
      await api('POST', '/invoices', { kind: 'simple', customerId, lines: [simpleLine(2_000, 15_000)] })
    ).body.data;
    expect(simple).toMatchObject({ reverseCharge: false, totalExclTaxCents: 30_000, totalVatCents: 6_000 });
    const on = await api('POST', `/invoices/${simple.id}/edit`, {
      id: simple.id,
      version: simple.version,
      reverseCharge: true,
    });
    expect(on.body.data).toMatchObject({
      reverseCharge: true,
      totalExclTaxCents: 30_000,
      totalVatCents: 0,
      totalInclTaxCents: 30_000,
    });
    expect(on.body.data.lines).toHaveLength(1);
    const off = await api('POST', `/invoices/${simple.id}/edit`, {
      id: simple.id,
      version: on.body.data.version,
      reverseCharge: false,
    });
    expect(off.body.data).toMatchObject({ reverseCharge: false, totalVatCents: 6_000 });
    const again = await api('POST', `/invoices/${simple.id}/edit`, {
      id: simple.id,
      version: off.body.data.version,
      reverseCharge: true,
    });
    const validated = await api('POST', `/invoices/${simple.id}/validate`, {
      version: again.body.data.version,
    });
    expect(validated.body.data).toMatchObject({ status: 'VALIDATED', reverseCharge: true, totalVatCents: 0 });
  });
});

describe('payment terms of a draft', () => {
  it('start from the customer, change on the draft with the due date, and are checked like the customer form', async () => {
    const simple = (
      await api('POST', '/invoices', {
        kind: 'simple',
        customerId,
        date: '2026-03-10',
        lines: [simpleLine(1_000, 10_000)],
      })
    ).body.data;
    expect(simple).toMatchObject({
      paymentDeadline: { rule: 'days', value: 45 },
      paymentModes: ['transfer'],
      dueDate: '2026-04-24',
    });
    const edited = await api('POST', `/invoices/${simple.id}/edit`, {
      id: simple.id,
      version: simple.version,
      paymentDeadline: { rule: 'dayOfMonth', value: 5 },
      paymentModes: ['check', 'sepa'],
    });
    expect(edited.body.data).toMatchObject({
      paymentDeadline: { rule: 'dayOfMonth', value: 5 },
      paymentModes: ['check', 'sepa'],
      dueDate: '2026-04-05',
    });
    const wrong = await api('POST', `/invoices/${simple.id}/edit`, {
      id: simple.id,
      version: edited.body.data.version,
      paymentDeadline: { rule: 'dayOfMonth', value: 40 },
      paymentModes: [],
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.error.fields).sort()).toEqual(['paymentDeadline.value', 'paymentModes']);
  });
});

describe('the invoice list: totals asked once per filter', () => {
  it('totals=false answers the page alone; totals=only the count and sums alone, equal to the full answer', async () => {
    for (let i = 0; i < 3; i += 1)
      await api('POST', '/invoices', {
        kind: 'simple',
        customerId,
        lines: [simpleLine(1_000, 1_000 * (i + 1))],
      });
    const full = await api('GET', `/invoices?customerId=${customerId}&limit=2`);
    expect(full.body.info.hits).toBeGreaterThan(2);
    const pageOnly = await api('GET', `/invoices?customerId=${customerId}&limit=2&totals=false`);
    expect(pageOnly.body).toEqual({ data: full.body.data, info: {} });
    const totalsOnly = await api('GET', `/invoices?customerId=${customerId}&limit=2&offset=2&totals=only`);
    expect(totalsOnly.body).toEqual({ data: [], info: full.body.info });
    // A first page that holds the whole set still gives its count and sums, for free.
    const short = await api('GET', `/invoices?customerId=${customerId}&limit=200&totals=false`);
    expect(short.body.info).toEqual(full.body.info);
    const wrong = await api('GET', '/invoices?totals=maybe');
    expect(wrong).toMatchObject({ status: 422, body: { error: { fields: { totals: 'invalid' } } } });
  });
});
