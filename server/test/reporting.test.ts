/**
 * Reporting (issue 24): every figure equals the list or export it summarises, on the seed (deposits,
 * progress statements, a credit note, retainage) plus a reverse-charge invoice, a partial credit
 * note and their payments made here:
 * invoiced net of credit notes = « Mes factures »' totals; received = « Règlements reçus »' total;
 * outstanding and overdue = « Règlements en attente »' totals; collected VAT = the export's column.
 * The series split the same figures; another company's token sees only its own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agedBucketOf, previousPeriod } from '../../src/contract/reporting.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { companyApi, hoursInvoice, type Json } from './support/company-api.js';
import { bootHarness, companyOneFingerprints, expectNoLeak, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let other: string;
const api = companyApi(
  () => h,
  () => admin,
);
const today = todayInFrance();
/** The seed's whole history (its first and last dates), as one period. */
let period: { from: string; to: string };
let query: string;

const rowsOf = async <T>(statement: ReturnType<typeof sql>) =>
  ((await h.db.owner.execute(statement)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  other = await h.tokenFor('user@autre-demo.fr');
  // A reverse-charge invoice (autoliquidation), part paid, and a partial credit note on it.
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  const vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
  const customerId = (await api('GET', '/customers?limit=1')).body.data[0].id as number;
  const created = await api('POST', '/invoices', {
    ...hoursInvoice({ customerId, units: 3, vatRateId, date: today }),
    reverseCharge: true,
  });
  expect(created.status).toBe(200);
  const invoice = (
    await api('POST', `/invoices/${created.body.data.id}/validate`, { version: created.body.data.version })
  ).body.data;
  expect(invoice.totalVatCents).toBe(0);
  const paid = await api('POST', '/payments/batch-pay', {
    payments: [
      { invoiceId: invoice.id, isRetainage: false, amountCents: 10_000, paidOn: today, mode: 'transfer' },
    ],
  });
  expect(paid.body.data.paid).toHaveLength(1);
  const gesture = await api('POST', `/invoices/${invoice.id}/credit-notes`, {
    lines: [{ label: 'Geste commercial', quantityMilli: 1000, unitPriceCents: 5_000, vatRateId }],
  });
  expect(gesture.status).toBe(200);

  const [bounds] = await rowsOf<{ from: string; to: string }>(sql`select
      to_char(least(min(i.date), (select min(paid_on) from payments where company_id = 1),
        (select min(date) from quotes where company_id = 1)), 'YYYY-MM-DD') as "from",
      to_char(greatest(max(i.date), (select max(paid_on) from payments where company_id = 1),
        (select max(date) from quotes where company_id = 1), ${today}::date), 'YYYY-MM-DD') as "to"
    from invoices i where i.company_id = 1`);
  period = { from: bounds!.from, to: bounds!.to };
  query = `from=${period.from}&to=${period.to}`;
});
afterAll(() => h.close());

const summary = async (q = query, token = admin) => {
  const { status, body } = await api('GET', `/reporting/summary?${q}`, undefined, token);
  expect(status).toBe(200);
  return body.data as Json;
};

/** A French CSV amount (« 1234,56 ») in cents. */
const csvCents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

describe('reporting: each figure is its list or export', () => {
  it('the data has what the figures must handle: credit notes, deposits, retainage, reverse charge', async () => {
    const [kinds] = await rowsOf<Record<string, number>>(sql`select
        count(*) filter (where kind = 'credit_note')::int as "creditNotes",
        count(*) filter (where kind = 'deposit')::int as deposits,
        count(*) filter (where retainage_cents > 0)::int as retainages,
        count(*) filter (where reverse_charge)::int as "reverseCharge",
        count(*) filter (where credit_note_id is not null)::int as cancelled
      from invoices where company_id = 1 and status = 'VALIDATED'`);
    for (const [name, count] of Object.entries(kinds!)) expect(count, name).toBeGreaterThan(0);
  });

  it('invoiced (credit notes deducted) = the totals of Mes factures, validated, over the period', async () => {
    const data = await summary();
    const { body } = await api('GET', `/invoices?status=VALIDATED&${query}&totals=only`);
    expect({
      excl: data.invoicedExclTaxCents,
      vat: data.invoicedVatCents,
      incl: data.invoicedInclTaxCents,
      count: data.invoiceCount,
    }).toEqual({
      excl: body.info.totals.totalExclTaxCents,
      vat: body.info.totals.totalVatCents,
      incl: body.info.totals.totalInclTaxCents,
      count: body.info.hits,
    });
    // The credit notes are deducted: their (negative) amounts are in, and the rows add up to it.
    const [sums] = await rowsOf<{ incl: number; credits: number }>(sql`select
        sum(total_incl_tax_cents)::int as incl,
        sum(total_incl_tax_cents) filter (where kind = 'credit_note')::int as credits
      from invoices where company_id = 1 and status = 'VALIDATED'`);
    expect(data.creditNotesInclTaxCents).toBe(sums!.credits);
    expect(data.creditNotesInclTaxCents).toBeLessThan(0);
    expect(data.invoicedInclTaxCents).toBe(sums!.incl);
  });

  it('received = the total of Règlements reçus over the period', async () => {
    const data = await summary();
    const { body } = await api('GET', `/payments/received?${query}&totals=only`);
    expect(data.receivedCents).toBe(body.info.totalCents);
    expect(data.receivedCents).toBeGreaterThan(0);
  });

  it('outstanding and overdue = the totals of Règlements en attente (all lines, overdue lines)', async () => {
    const data = await summary();
    const all = (await api('GET', `/payments/outstanding?${query}&totals=only`)).body.info;
    const overdue = (await api('GET', `/payments/outstanding?${query}&overdue=true&totals=only`)).body.info;
    expect(data.outstandingCents).toBe(all.totalCents);
    expect(data.overdueCents).toBe(overdue.totalCents);
    expect(data.outstandingCents).toBeGreaterThan(0);
  });

  it('collected VAT = the TVA collectée column of the collected VAT export', async () => {
    const { status, body } = await api('GET', `/reporting/vat?${query}`);
    expect(status).toBe(200);
    const csv = await (
      await h.request('GET', `/v2/companies/1/exports/collected-vat?${query}`, { token: admin })
    ).text();
    const lines = csv.trim().split(/\r?\n/).slice(1);
    expect(lines.length).toBeGreaterThan(0);
    // The reverse-charge line is there, at 0 % without VAT.
    expect(lines.some((line) => line.includes('Autoliquidation'))).toBe(true);
    const column = lines.reduce((sum, line) => sum + csvCents(line.split(';')[4]!.replaceAll('"', '')), 0);
    expect(body.data.collectedVatCents).toBe(column);
    expect(body.data.collectedVatCents).toBeGreaterThan(0);
    expect(body.data.previous.period).toEqual(previousPeriod(period));
  });

  it('collected VAT = the export, with an invoice taxed on its issue and with the debits option', async () => {
    // An invoice paid in part whose frozen document says « TVA sur les débits »: its VAT counts on
    // its issue, its payment none (the sum read from each payment's stored VAT, migration 0045).
    const vatOf = async () =>
      (await api('GET', `/reporting/vat?${query}`)).body.data.collectedVatCents as number;
    const exported = async () => {
      const csv = await (
        await h.request('GET', `/v2/companies/1/exports/collected-vat?${query}`, { token: admin })
      ).text();
      return csv
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .reduce((sum, line) => sum + csvCents(line.split(';')[4]!.replaceAll('"', '')), 0);
    };
    const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
    const vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
    const customerId = (await api('GET', '/customers?limit=1')).body.data[0].id as number;
    const created = await api(
      'POST',
      '/invoices',
      hoursInvoice({ customerId, units: 7, vatRateId, date: today }),
    );
    const invoice = (
      await api('POST', `/invoices/${created.body.data.id}/validate`, { version: created.body.data.version })
    ).body.data;
    await api('POST', '/payments/batch-pay', {
      payments: [
        { invoiceId: invoice.id, isRetainage: false, amountCents: 3_333, paidOn: today, mode: 'transfer' },
      ],
    });
    const onReceipts = await vatOf();
    expect(onReceipts).toBe(await exported());
    const [frozen] = await rowsOf<{ n: number }>(sql`update invoice_document_snapshots
        set data = jsonb_set(data, '{document,settings,vatOnDebits}', 'true', true)
        where invoice_id = ${invoice.id} returning 1 as n`);
    expect(frozen).toBeDefined();
    const onIssue = await vatOf();
    expect(onIssue).toBe(await exported());
    // 3 333 paid on 20 %: 556 of VAT no longer due on receipt; the invoice's whole VAT due on issue.
    expect(onIssue - onReceipts).toBe(invoice.totalVatCents - 556);
    // The company opts for the debits (its settings): every invoice without its own settings follows.
    await h.db.owner.execute(sql`update document_settings set vat_on_debits = true where company_id = 1`);
    try {
      expect(await vatOf()).toBe(await exported());
    } finally {
      await h.db.owner.execute(sql`update document_settings set vat_on_debits = false where company_id = 1`);
    }
  });

  it('the previous period is the figures of the period before, asked on their own', async () => {
    const month = { from: `${today.slice(0, 7)}-01`, to: today };
    const data = await summary(`from=${month.from}&to=${month.to}`);
    const before = previousPeriod(month);
    expect(data.previous.period).toEqual(before);
    const {
      period: _period,
      previous: _previous,
      ...own
    } = await summary(`from=${before.from}&to=${before.to}`);
    const { period: _p, ...previous } = data.previous;
    expect(previous).toEqual(own);
  });

  it('the series split the figures: months, aged receivables (retainages apart), customers', async () => {
    const data = await summary();
    const { status, body } = await api('GET', `/reporting/series?${query}`);
    expect(status).toBe(200);
    const series = body.data;
    const add = (rows: Json[], field: string) => rows.reduce((sum: number, row: Json) => sum + row[field], 0);
    expect(add(series.months, 'invoicedInclTaxCents')).toBe(data.invoicedInclTaxCents);
    expect(add(series.months, 'invoicedExclTaxCents')).toBe(data.invoicedExclTaxCents);
    expect(add(series.months, 'receivedCents')).toBe(data.receivedCents);
    expect(series.months[0].month).toBe(period.from.slice(0, 7));

    const { buckets, retainageDueCents, retainageHeldCents } = series.receivables;
    expect(buckets.map((b: Json) => b.bucket)).toEqual([
      'notDue',
      'late1To30',
      'late31To60',
      'late61To90',
      'lateOver90',
    ]);
    expect(add(buckets, 'cents') + retainageDueCents).toBe(data.outstandingCents);
    const late = add(
      buckets.filter((b: Json) => b.bucket !== 'notDue'),
      'cents',
    );
    expect(late).toBeLessThanOrEqual(data.overdueCents);
    expect(data.overdueCents).toBeLessThanOrEqual(late + retainageDueCents);
    expect(retainageHeldCents).toBeGreaterThanOrEqual(0);
    // Each invoice line of the outstanding list falls in the bucket of its due date.
    const lines = (await api('GET', `/payments/outstanding?${query}&limit=2000`)).body.data as Json[];
    for (const bucket of buckets) {
      const ofBucket = lines.filter(
        (l) => !l.isRetainage && agedBucketOf(l.dueDate, today) === bucket.bucket,
      );
      expect({ bucket: bucket.bucket, cents: bucket.cents, count: bucket.count }).toEqual({
        bucket: bucket.bucket,
        cents: add(ofBucket, 'balanceCents'),
        count: ofBucket.length,
      });
    }

    expect(series.topCustomers.length).toBeGreaterThan(0);
    for (const customer of series.topCustomers.slice(0, 3)) {
      const { body: listed } = await api(
        'GET',
        `/invoices?status=VALIDATED&customerId=${customer.customerId}&${query}&totals=only`,
      );
      expect(customer.invoicedExclTaxCents).toBe(listed.info.totals.totalExclTaxCents);
    }
    const customerTotals = series.topCustomers.map((c: Json) => c.invoicedExclTaxCents);
    expect(customerTotals).toEqual([...customerTotals].sort((a: number, b: number) => b - a));

    const quotes = series.quotes;
    expect(quotes.sent).toBe(quotes.accepted + quotes.refused + quotes.pending);
    expect(quotes.sentExclTaxCents).toBe(
      quotes.acceptedExclTaxCents + quotes.refusedExclTaxCents + quotes.pendingExclTaxCents,
    );
    const [counted] = await rowsOf<{ sent: number; accepted: number }>(sql`select
        count(*) filter (where status <> 'draft')::int as sent, count(*) filter (where status = 'accepted')::int as accepted
      from quotes where company_id = 1 and latest`);
    expect({ sent: quotes.sent, accepted: quotes.accepted }).toEqual(counted);
    expect(quotes.conversionRateBasisPoints).toBe(
      quotes.sent === 0 ? null : Math.round((quotes.accepted * 10_000) / quotes.sent),
    );
  });

  it('the margins per job: sale minus the déboursé sec of the accepted quotes', async () => {
    const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
    const vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
    const customerId = (await api('GET', '/customers?limit=1')).body.data[0].id as number;
    const job = (await api('POST', '/business-jobs', { name: 'Marge suivie', customerId })).body.data;
    const created = await api('POST', '/quotes', {
      businessJobId: job.id,
      title: 'Pose avec coûts',
      date: today,
      validUntil: '2099-12-31',
      items: [
        {
          kind: 'priced',
          designation: 'Pose',
          unit: 'h',
          quantityMilli: 10_000,
          unitPriceCents: 5_000,
          vatRateId,
          costCents: 3_000,
        },
        {
          kind: 'priced',
          designation: 'Divers',
          unit: 'u',
          quantityMilli: 1_000,
          unitPriceCents: 1_000,
          vatRateId,
        },
      ],
    });
    expect(created.status).toBe(200);
    const answered = await api('POST', `/quotes/${created.body.data.id}/answer`, {
      version: created.body.data.version,
      decision: 'accepted',
    });
    expect(answered.status).toBe(200);
    const { status, body } = await api('GET', `/reporting/margins?${query}`);
    expect(status).toBe(200);
    expect(body.data.jobs.find((j: Json) => j.businessJobId === job.id)).toEqual({
      businessJobId: job.id,
      businessJobName: 'Marge suivie',
      saleExclTaxCents: 51_000,
      costCents: 30_000,
      marginCents: 20_000,
      marginRateBasisPoints: 4000,
      linesWithoutCost: 1,
    });
    for (const one of body.data.jobs) {
      expect(one.costCents).toBeGreaterThan(0);
      if (one.linesWithoutCost === 0) expect(one.marginCents).toBe(one.saleExclTaxCents - one.costCents);
    }
  });

  it('a period out of order, too long or malformed is refused with its key; never a 5xx', async () => {
    const ask = async (q: string) => (await api('GET', `/reporting/summary?${q}`)).body;
    expect((await ask('from=2026-02-01&to=2026-01-31')).error.key).toBe('export_period_invalid');
    expect((await ask('from=2000-01-01&to=2026-01-31')).error.key).toBe('reporting_period_too_long');
    expect((await ask('from=2026-02-30&to=2026-03-01')).error.key).toBe('validation');
    expect((await ask('to=2026-03-01')).error.key).toBe('validation');
    for (const figure of ['series', 'margins', 'vat']) {
      const { status, body } = await api('GET', `/reporting/${figure}?from=2026-02-01&to=2026-01-31`);
      expect({ figure, status, key: body.error.key }).toEqual({
        figure,
        status: 422,
        key: 'export_period_invalid',
      });
    }
  });
});

describe('reporting: isolation', () => {
  it("another company's token is refused on this company's reporting", async () => {
    for (const figure of ['summary', 'series', 'margins', 'vat']) {
      const { status } = await api('GET', `/reporting/${figure}?${query}`, undefined, other);
      expect({ figure, status }).toEqual({ figure, status: 403 });
    }
  });

  it("another company's reporting holds its own figures only", async () => {
    const asOther = (path: string) => api('GET', path, undefined, other, 2);
    const { status, body } = await asOther(`/reporting/summary?${query}`);
    expect(status).toBe(200);
    const listed = (await asOther(`/invoices?status=VALIDATED&${query}&totals=only`)).body.info;
    expect(body.data.invoicedInclTaxCents).toBe(listed.totals.totalInclTaxCents);
    expect(body.data.invoicedInclTaxCents).not.toBe((await summary()).invoicedInclTaxCents);
    for (const figure of ['series', 'margins', 'vat']) {
      const answer = await h.request('GET', `/v2/companies/2/reporting/${figure}?${query}`, { token: other });
      expect(answer.status).toBe(200);
      expectNoLeak(await answer.text(), companyOneFingerprints);
    }
  });
});
