/**
 * Invoicing through the API (issue 9): jobs, quotes, invoices of every kind, the lifecycle rules with
 * their error keys, versions, edit locks, numbering, rate snapshots and payment defaults. Runs on
 * PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLocks, numberingCounters, vatRates } from '../src/db/schema.js';
import { recordPayment } from '../src/invoicing/invoices.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { bootHarness, type Harness } from './support/harness.js';
import { asItems } from './support/quotes.js';

let h: Harness;
/** Two editing sessions of the same user (each token's `sid` names its server-side session). */
let sessionA: string;
let sessionB: string;
const rate = { twenty: 0, ten: 0, fiveFive: 0 };
let customerId: number;
let plainCustomerId: number;
const today = todayInFrance();
const year = today.slice(0, 4);

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

async function api(method: 'GET' | 'POST', path: string, json?: unknown, token = sessionA) {
  const response = await h.request(method, `/v2/companies/1${path}`, {
    token,
    ...(json !== undefined ? { json } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function counter(sequence: 'invoice' | 'creditNote') {
  const [row] = await h.db.owner
    .select({ n: numberingCounters.lastNumber })
    .from(numberingCounters)
    .where(
      and(
        eq(numberingCounters.companyId, 1),
        eq(numberingCounters.sequence, sequence),
        eq(numberingCounters.period, year),
      ),
    );
  return row?.n ?? 0;
}

const invoiceNumber = (n: number) => `FA-${year}-${String(n).padStart(5, '0')}`;

/** A job and an accepted quote with two chapters and the three VAT rates. */
async function jobWithQuote(retainageBasisPoints = 0) {
  const job = await api('POST', '/business-jobs', {
    name: `Chantier test ${Math.random()}`,
    customerId,
    siteAddress: '3 rue des Tests, 69003 Lyon',
    retainageBasisPoints,
  });
  expect(job.status).toBe(200);
  const created = await api('POST', '/quotes', {
    businessJobId: job.body.data.id,
    title: 'Rénovation complète',
    date: '2026-01-10',
    // Sent on paper and signed: valid through the day it is accepted in this test.
    validUntil: '2099-12-31',
    items: asItems([
      {
        chapter: 'Démolition',
        label: 'Dépose carrelage',
        unit: 'm²',
        quantityMilli: 12_500,
        unitPriceCents: 2_333,
        vatRateId: rate.ten,
      },
      {
        chapter: 'Démolition',
        label: 'Évacuation gravats',
        unit: 'forfait',
        quantityMilli: 1_000,
        unitPriceCents: 45_000,
        vatRateId: rate.twenty,
      },
      {
        chapter: 'Isolation',
        label: 'Isolant laine de bois',
        unit: 'm²',
        quantityMilli: 40_000,
        unitPriceCents: 3_175,
        vatRateId: rate.fiveFive,
      },
    ]),
  });
  expect(created.status).toBe(200);
  // The customer's signed copy, recorded by the company: only an accepted quote is invoiced.
  const quote = await api('POST', `/quotes/${created.body.data.id}/answer`, {
    version: created.body.data.version,
    decision: 'accepted',
  });
  expect(quote.status).toBe(200);
  return { job: job.body.data as Json, quote: quote.body.data as Json };
}

beforeAll(async () => {
  h = await bootHarness();
  // Each sign-in opens its own server-side session: two tabs signed in twice.
  sessionA = await h.tokenFor('admin@demo.fr');
  sessionB = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  rate.twenty = rates.find((r) => r.basisPoints === 2000)!.id;
  rate.ten = rates.find((r) => r.basisPoints === 1000)!.id;
  rate.fiveFive = rates.find((r) => r.basisPoints === 550)!.id;
  const customer = await h.request('POST', '/v2/companies/1/customers', {
    token: sessionA,
    json: {
      type: 'private',
      lastName: 'Testeur',
      firstName: 'Paul',
      paymentDeadline: { rule: 'days', value: 45 },
      paymentModes: ['card', 'transfer'],
    },
  });
  customerId = ((await customer.json()) as Json).data.id;
  const plain = await h.request('POST', '/v2/companies/1/customers', {
    token: sessionA,
    json: { type: 'private', lastName: 'Sansréglage' },
  });
  plainCustomerId = ((await plain.json()) as Json).data.id;
});
afterAll(() => h.close());

describe('settings the invoices read', () => {
  it('VAT rates carry every field of the spec, percentages in basis points', async () => {
    const { status, body } = await api('GET', '/vat-rates');
    expect(status).toBe(200);
    expect(body.data.map((r: Json) => r.basisPoints)).toEqual([2000, 1000, 550, 0]);
    expect(body.data[0]).toMatchObject({
      internalName: 'TVA normale',
      pdfName: 'TVA 20 %',
      isDefault: true,
      showInSummary: true,
      vatAccountCode: '445712',
      productAccountCode: '706100',
    });
    expect(body.data[1].regulatoryText).toContain('279-0 bis');
    expect(body.data[1].customerCertificateText).toContain('Attestation');
  });

  it('document settings: precisions, documents per page, numbering (FA-2026-00001 by default)', async () => {
    const { status, body } = await api('GET', '/document-settings');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      quantityPrecision: 2,
      unitPricePrecision: 2,
      invoiceNumberFormat: 'FA-{AAAA}-{NNNNN}',
      creditNoteNumberFormat: 'AV-{AAAA}-{NNNNN}',
      creditNoteOwnSequence: true,
    });
  });
});

describe('business jobs', () => {
  it('create, read, edit with its version, list and search', async () => {
    const missing = await api('POST', '/business-jobs', { customerId });
    expect(missing).toMatchObject({
      status: 422,
      body: { error: { key: 'validation', fields: { name: 'required' } } },
    });
    const created = await api('POST', '/business-jobs', { name: 'Véranda Testeur', customerId });
    expect(created.status).toBe(200);
    const job = created.body.data;
    expect(job).toMatchObject({
      name: 'Véranda Testeur',
      customerName: 'Paul Testeur',
      version: 1,
      deliveryDate: null,
      quotes: [],
      invoices: [],
      amounts: { invoicedInclTaxCents: 0, paidCents: 0, retainageCents: 0 },
      lock: { lockedByAnotherSession: false },
    });
    const stale = await api('POST', `/business-jobs/${job.id}/edit`, { id: job.id, version: 7, name: 'X' });
    expect(stale).toMatchObject({ status: 409, body: { error: { key: 'stale_version' } } });
    const edited = await api('POST', `/business-jobs/${job.id}/edit`, {
      id: job.id,
      version: 1,
      name: 'Véranda et terrasse Testeur',
      deliveryDate: '2026-03-01',
    });
    expect(edited.body.data).toMatchObject({
      version: 2,
      name: 'Véranda et terrasse Testeur',
      deliveryDate: '2026-03-01',
    });
    const found = await api('GET', '/business-jobs?q=terrasse%20testeur');
    expect(found.body.data.map((j: Json) => j.id)).toEqual([job.id]);
    expect(found.body.info.hits).toBe(1);
  });

  it("a job for another company's customer: 404", async () => {
    const [other] = (
      (await h.db.owner.execute(sql`select id from customers where company_id = 2 limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const { status } = await api('POST', '/business-jobs', { name: 'Intrus', customerId: other!.id });
    expect(status).toBe(404);
  });
});

describe('quotes', () => {
  it('lines in chapters, each line rounded, VAT per rate on the sum of its lines', async () => {
    const { quote } = await jobWithQuote();
    expect(quote.number).toMatch(/^DE-2026-\d{5}$/);
    expect(quote.chapters.map((c: Json) => [c.title, c.lines.length])).toEqual([
      ['Démolition', 2],
      ['Isolation', 1],
    ]);
    // 12,5 m² × 23,33 € = 291,625 € → 291,63 €; 45 €... 450 €; 40 m² × 31,75 € = 1 270 €.
    expect(quote.chapters[0].lines[0].totalExclTaxCents).toBe(29_163);
    expect(quote.vatTotals).toEqual([
      { vatRateId: rate.twenty, basisPoints: 2000, baseCents: 45_000, vatCents: 9_000 },
      { vatRateId: rate.ten, basisPoints: 1000, baseCents: 29_163, vatCents: 2_916 },
      { vatRateId: rate.fiveFive, basisPoints: 550, baseCents: 127_000, vatCents: 6_985 },
    ]);
    expect(quote).toMatchObject({
      totalExclTaxCents: 201_163,
      totalVatCents: 18_901,
      totalInclTaxCents: 220_064,
      invoicedExclTaxCents: 0,
      provisionalInvoiceId: null,
    });
  });

  it('a line naming an unknown VAT rate is refused on its field', async () => {
    const { job } = await jobWithQuote();
    const { status, body } = await api('POST', '/quotes', {
      businessJobId: job.id,
      title: 'X',
      date: '2026-01-01',
      items: asItems([{ label: 'Y', quantityMilli: 1000, unitPriceCents: 100, vatRateId: 999_999 }]),
    });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual({ 'items.0.vatRateId': 'invalid' });
  });
});

describe('invoice lifecycle on a quote', () => {
  let quote: Json;
  let job: Json;
  let deposit: Json;
  let progress: Json;

  beforeAll(async () => {
    ({ quote, job } = await jobWithQuote());
  });

  it('a deposit is created PROVISOIRE, without number, with amounts from the server and the customer’s terms', async () => {
    const body0 = { kind: 'deposit', quoteId: quote.id, depositBasisPoints: 3000, date: today };
    // Not part of the body: totals are the server's; sent, they are refused by name, nothing created.
    const forged = await api('POST', '/invoices', { ...body0, totalInclTaxCents: 1 });
    expect([forged.status, forged.body]).toEqual([
      422,
      { error: { key: 'validation', fields: { totalInclTaxCents: 'unknown' } } },
    ]);
    const { status, body } = await api('POST', '/invoices', body0);
    expect(status).toBe(200);
    deposit = body.data;
    expect(deposit).toMatchObject({
      kind: 'deposit',
      type: 'factureAcompte',
      status: 'PROVISOIRE',
      number: null,
      cancelled: false,
      date: today,
      dueDate: new Date(Date.parse(`${today}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10),
      paymentDeadline: { rule: 'days', value: 45 },
      paymentModes: ['card', 'transfer'],
      depositBasisPoints: 3000,
      quoteNumber: quote.number,
      customerName: 'Paul Testeur',
    });
    // 30 % of each rate's base: 13 500, 8 749 (8 748,9), 38 100.
    expect(deposit.vatTotals.map((v: Json) => [v.basisPoints, v.baseCents])).toEqual([
      [2000, 13_500],
      [1000, 8_749],
      [550, 38_100],
    ]);
    expect(deposit.totalExclTaxCents).toBe(60_349);
    expect(deposit.totalInclTaxCents).toBe(deposit.totalExclTaxCents + deposit.totalVatCents);
    expect(deposit.lines).toHaveLength(3);
  });

  it('only one PROVISOIRE invoice per quote', async () => {
    const { status, body } = await api('POST', '/invoices', { kind: 'final', quoteId: quote.id });
    expect(status).toBe(409);
    expect(body).toEqual({ error: { key: 'quote_has_provisional_invoice' } });
  });

  it('validation checks the version, then gives the next number of the sequence', async () => {
    const stale = await api('POST', `/invoices/${deposit.id}/validate`, { version: 99 });
    expect(stale).toMatchObject({ status: 409, body: { error: { key: 'stale_version' } } });
    const before = await counter('invoice');
    const { status, body } = await api('POST', `/invoices/${deposit.id}/validate`, {
      version: deposit.version,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'VALIDATED', number: invoiceNumber(before + 1), version: 2 });
    expect(await counter('invoice')).toBe(before + 1);
    deposit = body.data;
  });

  it('no deposit once the quote has invoices', async () => {
    const { status, body } = await api('POST', '/invoices', {
      kind: 'deposit',
      quoteId: quote.id,
      depositBasisPoints: 1000,
    });
    expect(status).toBe(409);
    expect(body.error.key).toBe('deposit_invoice_with_existing_invoices');
  });

  it('a progress statement bills the cumulative progress and deducts the deposit in proportion', async () => {
    const lineIds = quote.chapters.flatMap((c: Json) => c.lines.map((l: Json) => l.id));
    const { status, body } = await api('POST', '/invoices', {
      kind: 'progress',
      quoteId: quote.id,
      date: today,
      progress: lineIds.map((quoteLineId: number) => ({ quoteLineId, progressBasisPoints: 5000 })),
    });
    expect(status).toBe(200);
    progress = body.data;
    expect(progress.kind).toBe('progress');
    // Half of each line, less half of the deposit at each rate.
    expect(progress.vatTotals.map((v: Json) => [v.basisPoints, v.baseCents])).toEqual([
      [2000, 22_500 - 6_750],
      [1000, 14_582 - 4_375],
      [550, 63_500 - 19_050],
    ]);
    expect(
      progress.lines.filter((l: Json) => l.quoteLineId !== null).map((l: Json) => l.progressBasisPoints),
    ).toEqual([5000, 5000, 5000]);
    const validated = await api('POST', `/invoices/${progress.id}/validate`, { version: progress.version });
    expect(validated.status).toBe(200);
    progress = validated.body.data;
    const detail = (await api('GET', `/quotes/${quote.id}`)).body.data;
    expect(detail.chapters[0].lines[0]).toMatchObject({
      invoicedBasisPoints: 5000,
      invoicedExclTaxCents: 14_582,
    });
  });

  it('revert and cancel apply to the last part only', async () => {
    const revert = await api('POST', `/invoices/${deposit.id}/revert`, {
      version: deposit.version,
      reason: 'Erreur de saisie',
    });
    expect(revert).toMatchObject({
      status: 409,
      body: { error: { key: 'invoice_not_last_validated_part' } },
    });
    const cancel = await api('POST', `/invoices/${deposit.id}/cancel`, { version: deposit.version });
    expect(cancel).toMatchObject({ status: 409, body: { error: { key: 'cancel_not_last_invoice' } } });
  });

  it('a validated invoice is never deleted', async () => {
    const { status, body } = await api('POST', `/invoices/${progress.id}/delete`, {
      version: progress.version,
    });
    expect(status).toBe(409);
    expect(body.error.key).toBe('validated_invoice_not_deletable');
  });

  it('revert keeps the number, which the next validation takes again (no gap)', async () => {
    const before = await counter('invoice');
    const reverted = await api('POST', `/invoices/${progress.id}/revert`, {
      version: progress.version,
      reason: 'Erreur de saisie',
    });
    expect(reverted.status).toBe(200);
    expect(reverted.body.data).toMatchObject({
      status: 'PROVISOIRE',
      number: progress.number,
      validatedAt: null,
    });
    // Reverted, it holds a number: deleting it would leave a hole.
    const remove = await api('POST', `/invoices/${progress.id}/delete`, {
      version: reverted.body.data.version,
    });
    expect(remove).toMatchObject({ status: 409, body: { error: { key: 'numbered_invoice_not_deletable' } } });
    const again = await api('POST', `/invoices/${progress.id}/validate`, {
      version: reverted.body.data.version,
    });
    expect(again.body.data).toMatchObject({ status: 'VALIDATED', number: progress.number });
    expect(await counter('invoice')).toBe(before);
    progress = again.body.data;
  });

  it('the works-reception date forbids reverting', async () => {
    const jobNow = (await api('GET', `/business-jobs/${job.id}`)).body.data;
    await api('POST', `/business-jobs/${job.id}/edit`, {
      id: job.id,
      version: jobNow.version,
      deliveryDate: today,
    });
    const { status, body } = await api('POST', `/invoices/${progress.id}/revert`, {
      version: progress.version,
      reason: 'Erreur de saisie',
    });
    expect(status).toBe(409);
    expect(body.error.key).toBe('business_has_delivery_date');
    const jobThen = (await api('GET', `/business-jobs/${job.id}`)).body.data;
    await api('POST', `/business-jobs/${job.id}/edit`, {
      id: job.id,
      version: jobThen.version,
      deliveryDate: null,
    });
  });

  it('cancelling the last validated invoice issues a validated credit note that negates it', async () => {
    const before = await counter('creditNote');
    const { status, body } = await api('POST', `/invoices/${progress.id}/cancel`, {
      version: progress.version,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: progress.id, cancelled: true, status: 'VALIDATED' });
    const creditNote = (await api('GET', `/invoices/${body.data.creditNoteId}`)).body.data;
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      type: 'factureAvoir',
      status: 'VALIDATED',
      number: `AV-${year}-${String(before + 1).padStart(5, '0')}`,
      creditedInvoiceId: progress.id,
      totalExclTaxCents: -progress.totalExclTaxCents,
      totalVatCents: -progress.totalVatCents,
      totalInclTaxCents: -progress.totalInclTaxCents,
    });
    const again = await api('POST', `/invoices/${progress.id}/cancel`, { version: body.data.version });
    expect(again.body.error.key).toBe('invoice_already_cancelled');
    const ofCredit = await api('POST', `/invoices/${creditNote.id}/cancel`, { version: creditNote.version });
    expect(ofCredit.body.error.key).toBe('credit_note_not_cancellable');
  });

  it('the final invoice bills what is left: the standing invoices add up to the quote', async () => {
    const { status, body } = await api('POST', '/invoices', {
      kind: 'final',
      quoteId: quote.id,
      date: today,
    });
    expect(status).toBe(200);
    const final = body.data;
    expect(final.kind).toBe('final');
    expect(deposit.totalExclTaxCents + final.totalExclTaxCents).toBe(quote.totalExclTaxCents);
    expect(deposit.totalVatCents + final.totalVatCents).toBe(quote.totalVatCents);
    const validated = await api('POST', `/invoices/${final.id}/validate`, { version: final.version });
    expect(validated.status).toBe(200);
    const detail = (await api('GET', `/quotes/${quote.id}`)).body.data;
    expect(detail.remainingByRate.map((r: Json) => r.remainingCents)).toEqual([0, 0, 0]);
    const jobDetail = (await api('GET', `/business-jobs/${job.id}`)).body.data;
    expect(jobDetail.amounts.invoicedExclTaxCents).toBe(quote.totalExclTaxCents);
    expect(jobDetail.invoices).toHaveLength(4);
  });

  it('an accepted (and invoiced) quote is frozen: neither its lines nor its title change', async () => {
    const current = (await api('GET', `/quotes/${quote.id}`)).body.data;
    const { status, body } = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: current.version,
      items: asItems([{ label: 'Autre', quantityMilli: 1000, unitPriceCents: 100, vatRateId: rate.twenty }]),
    });
    expect(status).toBe(409);
    expect(body.error.key).toBe('quote_not_editable');
    const retitled = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: current.version,
      title: 'Rénovation complète (signé)',
    });
    expect(retitled).toMatchObject({ status: 409, body: { error: { key: 'quote_not_editable' } } });
  });
});

describe('PROVISOIRE invoices: edit, cancel, delete', () => {
  it('edit recomputes the amounts; fields of another kind are refused; a validated one cannot change', async () => {
    const { quote } = await jobWithQuote();
    const lineIds = quote.chapters.flatMap((c: Json) => c.lines.map((l: Json) => l.id));
    const created = (
      await api('POST', '/invoices', {
        kind: 'progress',
        quoteId: quote.id,
        progress: [{ quoteLineId: lineIds[1], progressBasisPoints: 10_000 }],
      })
    ).body.data;
    expect(created.totalExclTaxCents).toBe(45_000);
    const wrong = await api('POST', `/invoices/${created.id}/edit`, {
      id: created.id,
      version: created.version,
      lines: [{ label: 'x', quantityMilli: 1, unitPriceCents: 1, vatRateId: rate.twenty }],
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { error: { key: 'validation', fields: { lines: 'invalid' } } },
    });
    const edited = await api('POST', `/invoices/${created.id}/edit`, {
      id: created.id,
      version: created.version,
      comment: 'Situation n° 1',
      progress: [
        { quoteLineId: lineIds[1], progressBasisPoints: 10_000 },
        { quoteLineId: lineIds[2], progressBasisPoints: 2_000 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      comment: 'Situation n° 1',
      totalExclTaxCents: 45_000 + 25_400,
      version: 2,
    });
    const mismatch = await api('POST', `/invoices/${created.id}/edit`, { id: created.id + 1, version: 2 });
    expect(mismatch.body.error.key).toBe('id_mismatch');
    await api('POST', `/invoices/${created.id}/validate`, { version: 2 });
    const locked = await api('POST', `/invoices/${created.id}/edit`, {
      id: created.id,
      version: 3,
      comment: 'x',
    });
    expect(locked).toMatchObject({ status: 409, body: { error: { key: 'invoice_already_validated' } } });
  });

  it('cancelling a PROVISOIRE invoice deletes it; delete removes a PROVISOIRE one', async () => {
    const { quote } = await jobWithQuote();
    const first = (await api('POST', '/invoices', { kind: 'final', quoteId: quote.id })).body.data;
    const cancelled = await api('POST', `/invoices/${first.id}/cancel`, { version: first.version });
    expect(cancelled.body).toEqual({ data: { id: first.id, deleted: true } });
    expect((await api('GET', `/invoices/${first.id}`)).status).toBe(404);
    const second = (await api('POST', '/invoices', { kind: 'final', quoteId: quote.id })).body.data;
    const removed = await api('POST', `/invoices/${second.id}/delete`, { version: second.version });
    expect(removed.body).toEqual({ data: { id: second.id, deleted: true } });
    expect((await api('GET', `/invoices/${second.id}`)).status).toBe(404);
  });
});

describe('retainage', () => {
  it('is withheld on each invoice; once paid, no revert and the reception date stays', async () => {
    const { quote, job } = await jobWithQuote(500);
    const final = (await api('POST', '/invoices', { kind: 'final', quoteId: quote.id, date: today })).body
      .data;
    expect(final.retainageCents).toBe(Math.round(final.totalInclTaxCents * 0.05));
    expect(final.balanceCents).toBe(final.totalInclTaxCents - final.retainageCents);
    const validated = (await api('POST', `/invoices/${final.id}/validate`, { version: final.version })).body
      .data;
    const jobNow = (await api('GET', `/business-jobs/${job.id}`)).body.data;
    await api('POST', `/business-jobs/${job.id}/edit`, {
      id: job.id,
      version: jobNow.version,
      deliveryDate: today,
    });
    await h.db.withTenant(1, (tx) =>
      recordPayment(tx, 1, {
        invoiceId: final.id,
        amountCents: final.retainageCents,
        paidOn: today,
        mode: 'transfer',
        isRetainage: true,
      }),
    );
    const jobPaid = (await api('GET', `/business-jobs/${job.id}`)).body.data;
    expect(jobPaid.amounts).toMatchObject({
      retainageCents: final.retainageCents,
      retainagePaidCents: final.retainageCents,
    });
    const clear = await api('POST', `/business-jobs/${job.id}/edit`, {
      id: job.id,
      version: jobPaid.version,
      deliveryDate: null,
    });
    expect(clear).toMatchObject({ status: 409, body: { error: { key: 'retainage_already_paid' } } });
    // Without the reception date in the way (set directly), the paid retainage still forbids reverting.
    await h.db.owner.execute(sql`update business_jobs set delivery_date = null where id = ${job.id}`);
    const revert = await api('POST', `/invoices/${final.id}/revert`, {
      version: validated.version,
      reason: 'Erreur de saisie',
    });
    expect(revert).toMatchObject({ status: 409, body: { error: { key: 'retainage_already_paid' } } });
  });
});

describe('validation refusals consume no number', () => {
  it('a date before the last validation: 422, and the counter does not move', async () => {
    const before = await counter('invoice');
    const simple = (
      await api('POST', '/invoices', {
        kind: 'simple',
        customerId: plainCustomerId,
        date: `${year}-01-01`,
        lines: [
          {
            label: 'Petit dépannage',
            unit: 'h',
            quantityMilli: 1000,
            unitPriceCents: 6000,
            vatRateId: rate.twenty,
          },
        ],
      })
    ).body.data;
    // The company's general terms: the customer has none of its own.
    expect(simple).toMatchObject({
      paymentDeadline: { rule: 'days', value: 30 },
      paymentModes: ['transfer', 'check'],
    });
    expect(simple).toMatchObject({ totalExclTaxCents: 6000, totalVatCents: 1200, totalInclTaxCents: 7200 });
    const { status, body } = await api('POST', `/invoices/${simple.id}/validate`, {
      version: simple.version,
    });
    expect(status).toBe(422);
    expect(body.error.key).toBe('invoice_date_before_last_validation');
    expect(await counter('invoice')).toBe(before);
    expect((await api('GET', `/invoices/${simple.id}`)).body.data).toMatchObject({
      status: 'PROVISOIRE',
      number: null,
    });
  });

  it('more than the quote leaves at a VAT rate: 422 amount_higher_than_vat', async () => {
    const { quote } = await jobWithQuote();
    const created = (await api('POST', '/invoices', { kind: 'final', quoteId: quote.id, date: today })).body
      .data;
    // The quote shrank after the invoice was drawn up (written directly: the API refuses it).
    await h.db.owner.execute(
      sql`update quote_lines set quantity_milli = 1000, total_excl_tax_cents = 2333 where quote_id = ${quote.id} and position = 0`,
    );
    const before = await counter('invoice');
    const { status, body } = await api('POST', `/invoices/${created.id}/validate`, {
      version: created.version,
    });
    expect(status).toBe(422);
    expect(body.error.key).toBe('amount_higher_than_vat');
    expect(await counter('invoice')).toBe(before);
  });
});

describe('edit locks (one editing session at a time)', () => {
  it('another session reads but cannot save until the lock is released or lapses', async () => {
    const simple = (
      await api('POST', '/invoices', {
        kind: 'simple',
        customerId,
        lines: [{ label: 'Réglage', quantityMilli: 1000, unitPriceCents: 5000, vatRateId: rate.twenty }],
      })
    ).body.data;
    const mine = await api('POST', `/invoices/${simple.id}/lock`);
    expect(mine.body.data).toEqual({ lockedByAnotherSession: false, expiresAt: null });
    const seen = await api('GET', `/invoices/${simple.id}`, undefined, sessionB);
    expect(seen.status).toBe(200);
    expect(seen.body.data.lock.lockedByAnotherSession).toBe(true);
    expect(Date.parse(seen.body.data.lock.expiresAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
    for (const [action, json] of [
      ['edit', { id: simple.id, version: simple.version, comment: 'B' }],
      ['validate', { version: simple.version }],
      ['delete', { version: simple.version }],
    ] as const) {
      const refused = await api('POST', `/invoices/${simple.id}/${action}`, json, sessionB);
      expect(refused).toMatchObject({ status: 409, body: { error: { key: 'resource_locked' } } });
    }
    expect((await api('POST', `/invoices/${simple.id}/lock`, undefined, sessionB)).status).toBe(409);
    await api('POST', `/invoices/${simple.id}/unlock`);
    const saved = await api(
      'POST',
      `/invoices/${simple.id}/edit`,
      { id: simple.id, version: 1, comment: 'B' },
      sessionB,
    );
    expect(saved.status).toBe(200);
    // B now holds it; 15 minutes of inactivity later, A may save again.
    expect(
      (await api('POST', `/invoices/${simple.id}/edit`, { id: simple.id, version: 2, comment: 'A' })).status,
    ).toBe(409);
    await h.db.owner
      .update(editLocks)
      .set({ lastActivityAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(editLocks.resource, 'invoice'), eq(editLocks.resourceId, simple.id)));
    const after = await api('POST', `/invoices/${simple.id}/edit`, {
      id: simple.id,
      version: 2,
      comment: 'A',
    });
    expect(after.body.data).toMatchObject({ comment: 'A', version: 3 });
  });

  it('jobs and quotes are locked the same way', async () => {
    const { quote, job } = await jobWithQuote();
    await api('POST', `/quotes/${quote.id}/lock`);
    await api('POST', `/business-jobs/${job.id}/lock`);
    const q = await api(
      'POST',
      `/quotes/${quote.id}/edit`,
      { id: quote.id, version: 1, title: 'B' },
      sessionB,
    );
    const j = await api(
      'POST',
      `/business-jobs/${job.id}/edit`,
      { id: job.id, version: 1, name: 'B' },
      sessionB,
    );
    expect([q.body.error.key, j.body.error.key]).toEqual(['resource_locked', 'resource_locked']);
    expect(
      (await api('GET', `/quotes/${quote.id}`, undefined, sessionB)).body.data.lock.lockedByAnotherSession,
    ).toBe(true);
  });
});

describe('a later change of a VAT rate', () => {
  it('does not move a validated invoice: its lines keep the percentage they were written with', async () => {
    const simple = (
      await api('POST', '/invoices', {
        kind: 'simple',
        customerId,
        date: today,
        lines: [{ label: 'Fourniture', quantityMilli: 2000, unitPriceCents: 10_000, vatRateId: rate.ten }],
      })
    ).body.data;
    const validated = (await api('POST', `/invoices/${simple.id}/validate`, { version: 1 })).body.data;
    await h.db.owner.update(vatRates).set({ rateBasisPoints: 1200 }).where(eq(vatRates.id, rate.ten));
    try {
      const later = (await api('GET', `/invoices/${simple.id}`)).body.data;
      expect(later.lines[0].vatBasisPoints).toBe(1000);
      expect(later.vatTotals).toEqual(validated.vatTotals);
      expect(later.totalVatCents).toBe(2000);
    } finally {
      await h.db.owner.update(vatRates).set({ rateBasisPoints: 1000 }).where(eq(vatRates.id, rate.ten));
    }
  });
});

describe('the quote preparation page', () => {
  it('mounts <bo-quotes-list> (the quotes come from the API, « Facturer » from the quote editor)', async () => {
    const { quote } = await jobWithQuote();
    const response = await h.request('GET', '/app/prive/', {
      headers: { cookie: `appAccessToken=${await h.tokenFor('admin@demo.fr')}` },
    });
    const html = await response.text();
    expect(html).toContain('<bo-quotes-list></bo-quotes-list>');
    expect(html).toContain('<div id="quote-editor-view" hidden>');
    // No server-rendered copy of the list any more.
    expect(html).not.toContain(quote.number);
  });
});
