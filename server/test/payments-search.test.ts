/**
 * The outstanding list's search (`q`), which reads its lines from what `bo_outstanding_search`
 * (migration 0022) found instead of from the invoices: exactly the lines the unsearched list has
 * whose invoice number, customer or job contains the words (invoice and retainage lines, partial
 * payments, cancelled invoices and drafts left out), totals equal to the sum of those lines, the
 * other filters still applied, and never a line of another company. And the received list's
 * overdue filter, whose totals migration 0022 reads another way. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInFrance } from '../src/invoicing/today.js';
import { addDays, companyApi, hoursInvoice, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
let otherToken: string;
const today = todayInFrance();

const api = companyApi(
  () => h,
  () => token,
);

/** A company's customer, a private person. */
async function customer(lastName: string, firstName: string, as = token, company = 1) {
  const created = await api('POST', '/customers', { type: 'private', lastName, firstName }, as, company);
  expect(created.status).toBe(200);
  return created.body.data.id as number;
}

/** A job of the customer retaining 5 % of its invoices. */
async function job(name: string, customerId: number) {
  const created = await api('POST', '/business-jobs', { name, customerId, retainageBasisPoints: 500 });
  expect(created.status).toBe(200);
  return created.body.data as Json;
}

/** An invoice dated today: 100,00 € HT + 20 % per unit (120,00 € TTC), validated unless `draft`. */
async function invoice(
  customerId: number,
  { units = 1, jobId, draft = false, as = token, company = 1 }: Partial<Record<string, Json>> = {},
) {
  const rates = (await api('GET', '/vat-rates', undefined, as, company)).body.data as Json[];
  const vatRateId = rates.find((r) => r.basisPoints === 2000).id;
  const created = await api(
    'POST',
    '/invoices',
    hoursInvoice({ customerId, businessJobId: jobId, units, vatRateId, date: today }),
    as,
    company,
  );
  expect(created.status).toBe(200);
  if (draft) return created.body.data as Json;
  const validated = await api(
    'POST',
    `/invoices/${created.body.data.id}/validate`,
    { version: created.body.data.version },
    as,
    company,
  );
  expect(validated.status).toBe(200);
  return validated.body.data as Json;
}

async function pay(invoiceId: number, amountCents: number, isRetainage = false) {
  const paid = await api('POST', '/payments/batch-pay', {
    payments: [{ invoiceId, amountCents, paidOn: today, mode: 'transfer', isRetainage }],
  });
  expect(paid.body.data.failed).toEqual([]);
  return paid.body.data.paid[0].paymentId as number;
}

/** The outstanding list (by due date, a page of 2000 unless the query says otherwise). */
const outstanding = async (query: string, as = token, company = 1) =>
  (
    await api(
      'GET',
      `/payments/outstanding?${query.includes('limit=') ? '' : 'limit=2000&'}${query}`,
      undefined,
      as,
      company,
    )
  ).body;
const keysAndBalances = (lines: Json[]) =>
  Object.fromEntries(lines.map((l: Json) => [l.key, l.balanceCents]));

const ids: Record<string, number> = {};
const numbers: Record<string, string> = {};
let releaseDate: string;

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  otherToken = await h.tokenFor('admin@autre-demo.fr');
  const quasimodo = await customer('Quasimodo', 'Zéphyrin');
  const hortensia = await job('Chantier Hortensia', quasimodo);
  const glycine = await job('Chantier Glycine', quasimodo);
  // Every kind of line, and what must never be one.
  const made: Record<string, Json> = {
    unpaid: await invoice(quasimodo),
    partial: await invoice(quasimodo),
    paid: await invoice(quasimodo),
    withRetainage: await invoice(quasimodo, { units: 10, jobId: hortensia.id }),
    retainageOnly: await invoice(quasimodo, { units: 10, jobId: hortensia.id }),
    retainagePartial: await invoice(quasimodo, { units: 10, jobId: hortensia.id }),
    allPaid: await invoice(quasimodo, { units: 10, jobId: hortensia.id }),
    notReleased: await invoice(quasimodo, { units: 10, jobId: glycine.id }),
    cancelled: await invoice(quasimodo),
    draft: await invoice(quasimodo, { draft: true }),
  };
  for (const [name, row] of Object.entries(made)) {
    ids[name] = row.id;
    numbers[name] = row.number;
  }
  await pay(ids.partial!, 5_000);
  await pay(ids.paid!, 12_000);
  // 120 000 TTC, 6 000 retained: the invoice itself owes 114 000.
  await pay(ids.retainageOnly!, 114_000);
  await pay(ids.retainagePartial!, 114_000);
  await pay(ids.allPaid!, 114_000);
  const cancel = await api('POST', `/invoices/${ids.cancelled}/cancel`, { version: made.cancelled.version });
  expect(cancel.status).toBe(200);
  ids.creditNote = cancel.body.data.creditNoteId;
  numbers.creditNote = (await api('GET', `/invoices/${ids.creditNote}`)).body.data.number;
  // Works received 400 days ago: Hortensia's retainages were released 35 days ago.
  const current = (await api('GET', `/business-jobs/${hortensia.id}`)).body.data;
  const edited = await api('POST', `/business-jobs/${hortensia.id}/edit`, {
    id: hortensia.id,
    version: current.version,
    deliveryDate: addDays(today, -400),
  });
  expect(edited.status).toBe(200);
  releaseDate = edited.body.data.retainageReleaseDate;
  expect(releaseDate < today).toBe(true);
  await pay(ids.retainagePartial!, 2_500, true);
  await pay(ids.allPaid!, 6_000, true);
  ids.glycine = glycine.id;
  ids.quasimodo = quasimodo;
  // Company 2: a customer of the same name, its own invoice with « Hortensia » in its job.
  const theirCustomer = await customer('Quasimodo', 'Ailleurs', otherToken, 2);
  const theirs = await invoice(theirCustomer, { as: otherToken, company: 2 });
  ids.theirs = theirs.id;
  numbers.theirs = theirs.number;
});
afterAll(() => h.close());

describe('outstanding search (bo_outstanding_search)', () => {
  it('finds by customer exactly the invoice and retainage lines still owed, with their balances and totals', async () => {
    const found = await outstanding('q=quasimodo');
    expect(keysAndBalances(found.data)).toEqual({
      [`invoice-${ids.unpaid}`]: 12_000,
      [`invoice-${ids.partial}`]: 7_000,
      [`invoice-${ids.withRetainage}`]: 114_000,
      [`retainage-${ids.withRetainage}`]: 6_000,
      [`retainage-${ids.retainageOnly}`]: 6_000,
      [`retainage-${ids.retainagePartial}`]: 3_500,
      [`invoice-${ids.notReleased}`]: 114_000,
    });
    expect(found.data.every((l: Json) => l.customerName === 'Zéphyrin Quasimodo')).toBe(true);
    const retainage = found.data.find((l: Json) => l.key === `retainage-${ids.retainagePartial}`);
    expect(retainage).toMatchObject({
      isRetainage: true,
      invoiceNumber: numbers.retainagePartial,
      totalInclTaxCents: 6_000,
      dueDate: releaseDate,
      overdue: true,
      businessJobName: 'Chantier Hortensia',
    });
    const totals = await outstanding('q=quasimodo&totals=only');
    expect(totals).toEqual({ data: [], info: { hits: 7, totalCents: 262_500 } });
  });

  it('finds by job and by number; cancelled invoices, their credit notes, paid invoices and drafts are never found', async () => {
    const byJob = await outstanding('q=HORTENSIA');
    expect(keysAndBalances(byJob.data)).toEqual({
      [`invoice-${ids.withRetainage}`]: 114_000,
      [`retainage-${ids.withRetainage}`]: 6_000,
      [`retainage-${ids.retainageOnly}`]: 6_000,
      [`retainage-${ids.retainagePartial}`]: 3_500,
    });
    expect((await outstanding('q=hortensia&totals=only')).info).toEqual({ hits: 4, totalCents: 129_500 });
    const byNumber = await outstanding(`q=${encodeURIComponent(numbers.retainagePartial!)}`);
    expect(keysAndBalances(byNumber.data)).toEqual({ [`retainage-${ids.retainagePartial}`]: 3_500 });
    // By due date: the retainage released 35 days ago, then the invoice due in a month.
    const both = await outstanding(`q=${encodeURIComponent(numbers.withRetainage!)}`);
    expect(both.data.map((l: Json) => l.key)).toEqual([
      `retainage-${ids.withRetainage}`,
      `invoice-${ids.withRetainage}`,
    ]);
    for (const gone of ['cancelled', 'creditNote', 'paid', 'allPaid']) {
      const answer = await outstanding(`q=${encodeURIComponent(numbers[gone]!)}`);
      expect([gone, answer.data]).toEqual([gone, []]);
      expect(answer.info).toEqual({ hits: 0, totalCents: 0 });
    }
    const drafts = await outstanding('q=quasimodo');
    expect(drafts.data.map((l: Json) => l.invoiceId)).not.toContain(ids.draft);
    expect(drafts.data.map((l: Json) => l.invoiceId)).not.toContain(ids.cancelled);
  });

  it('answers what the unsearched list has whose number, customer or job contains the words, in its order', async () => {
    const all = await outstanding('');
    expect(all.info.hits).toBe(all.data.length);
    for (const q of ['quasimodo', 'Chantier', 'glycine', 'FA-', numbers.unpaid!.slice(-3), 'zzz-nowhere']) {
      const expected = all.data.filter((l: Json) =>
        [l.invoiceNumber, l.customerName, l.businessJobName].some((text) =>
          String(text ?? '')
            .toLowerCase()
            .includes(q.toLowerCase()),
        ),
      );
      const found = await outstanding(`q=${encodeURIComponent(q)}`);
      expect([q, found.data]).toEqual([q, expected]);
      const totals = (await outstanding(`q=${encodeURIComponent(q)}&totals=only`)).info;
      expect([q, totals]).toEqual([
        q,
        { hits: expected.length, totalCents: expected.reduce((s: number, l: Json) => s + l.balanceCents, 0) },
      ]);
    }
  });

  it('applies the other filters, sorts and pages to what it found', async () => {
    const byJob = await outstanding(`q=quasimodo&businessJobId=${ids.glycine}`);
    expect(byJob.data.map((l: Json) => l.key)).toEqual([`invoice-${ids.notReleased}`]);
    const overdue = await outstanding('q=quasimodo&overdue=true');
    expect(keysAndBalances(overdue.data)).toEqual({
      [`retainage-${ids.withRetainage}`]: 6_000,
      [`retainage-${ids.retainageOnly}`]: 6_000,
      [`retainage-${ids.retainagePartial}`]: 3_500,
    });
    expect((await outstanding('q=quasimodo&overdue=true&totals=only')).info).toEqual({
      hits: 3,
      totalCents: 15_500,
    });
    expect((await outstanding('q=quasimodo&overdue=false&totals=only')).info).toEqual({
      hits: 4,
      totalCents: 247_000,
    });
    expect((await outstanding(`q=quasimodo&from=${addDays(today, 1)}`)).data).toEqual([]);
    expect((await outstanding(`q=quasimodo&to=${today}&customerId=${ids.quasimodo}`)).info.hits).toBe(7);
    for (const sort of ['balance', 'dueDate', 'number', 'customer', 'date']) {
      const whole = await outstanding(`q=quasimodo&sort=${sort}&order=desc`);
      const pages: Json[] = [];
      for (let offset = 0; offset < whole.data.length; offset += 2)
        pages.push(
          ...(await outstanding(`q=quasimodo&sort=${sort}&order=desc&limit=2&offset=${offset}&totals=false`))
            .data,
        );
      expect([sort, pages.map((l) => l.key)]).toEqual([sort, whole.data.map((l: Json) => l.key)]);
    }
    const byBalance = (await outstanding('q=quasimodo&sort=balance&order=asc')).data.map(
      (l: Json) => l.balanceCents,
    );
    expect(byBalance).toEqual([3_500, 6_000, 6_000, 7_000, 12_000, 114_000, 114_000]);
  });

  it("never finds another company's invoices, and the function answers nothing without a company", async () => {
    const mine = await outstanding(`q=${encodeURIComponent(numbers.theirs!)}`);
    expect(mine.data.map((l: Json) => l.invoiceId)).not.toContain(ids.theirs);
    const theirs = await outstanding('q=quasimodo', otherToken, 2);
    expect(theirs.data.map((l: Json) => l.key)).toEqual([`invoice-${ids.theirs}`]);
    expect(theirs.data[0].customerName).toBe('Ailleurs Quasimodo');
    expect(theirs.info).toEqual({ hits: 1, totalCents: 12_000 });
    // The function itself: fenced by the tenant's setting, whatever the caller asks.
    const rowsOf = (result: unknown) => (result as { rows: { id: number; company_id: number }[] }).rows;
    const asOne = rowsOf(
      await h.db.withTenant(1, (tx) => tx.execute(sql`select * from bo_outstanding_search('%quasimodo%')`)),
    );
    expect(asOne.map((r) => r.company_id)).toEqual(asOne.map(() => 1));
    expect(asOne.map((r) => r.id)).not.toContain(ids.theirs);
    expect(asOne.map((r) => r.id)).toContain(ids.unpaid);
    const asTwo = rowsOf(
      await h.db.withTenant(2, (tx) => tx.execute(sql`select * from bo_outstanding_search('%quasimodo%')`)),
    );
    expect(asTwo.map((r) => r.id)).toEqual([ids.theirs]);
    const noCompany = rowsOf(
      await h.db.owner.execute(sql`select * from bo_outstanding_search('%quasimodo%')`),
    );
    expect(noCompany).toEqual([]);
  });
});

describe('received payments of overdue invoices (overdue=true)', () => {
  it('lists exactly the payments of invoices past due with a balance left, and totals them', async () => {
    const customerId = ids.quasimodo!;
    const late = await invoice(customerId);
    const lateSettled = await invoice(customerId);
    const onTime = await invoice(customerId);
    const lateIds = [await pay(late.id, 3_000), await pay(late.id, 2_000), await pay(late.id, 4_000)];
    const settledIds = [await pay(lateSettled.id, 12_000)];
    const onTimeIds = [await pay(onTime.id, 1_000)];
    // Past due ten days ago (the invoices were just validated with a due date to come).
    await h.db.owner.execute(
      sql`update invoices set due_date = ${addDays(today, -10)}::date where id in (${late.id}, ${lateSettled.id})`,
    );
    const received = async (query: string) =>
      (await api('GET', `/payments/received?limit=2000&${query}`)).body;
    const overdue = await received('overdue=true');
    const shown = overdue.data.map((p: Json) => p.id);
    for (const id of lateIds) expect(shown).toContain(id);
    for (const id of [...settledIds, ...onTimeIds]) expect(shown).not.toContain(id);
    expect(overdue.data.every((p: Json) => p.dueDate < today)).toBe(true);
    const totals = (await received('overdue=true&totals=only')).info;
    expect(totals).toEqual({
      hits: overdue.data.length,
      totalCents: overdue.data.reduce((s: number, p: Json) => s + p.amountCents, 0),
    });
    // Every payment is either overdue or not: the two sets split the whole list.
    const rest = await received('overdue=false');
    const all = await received('');
    expect([...shown, ...rest.data.map((p: Json) => p.id)].sort()).toEqual(
      all.data.map((p: Json) => p.id).sort(),
    );
    expect(overdue.info.totalCents + rest.info.totalCents).toBe(all.info.totalCents);
    // Narrowed by customer, by mode or by period, the totals still add up the lines shown.
    for (const query of [
      `overdue=true&customerId=${customerId}`,
      'overdue=true&mode=transfer',
      `overdue=true&from=${today}`,
    ]) {
      const lines = await received(query);
      const sum = (await received(`${query}&totals=only`)).info;
      expect([query, sum]).toEqual([
        query,
        {
          hits: lines.data.length,
          totalCents: lines.data.reduce((s: number, p: Json) => s + p.amountCents, 0),
        },
      ]);
    }
    const mine = await received(`overdue=true&customerId=${customerId}`);
    expect(mine.data.map((p: Json) => p.id).sort()).toEqual([...lateIds].sort());
  });

  it("keeps each invoice's payment count and retainage received in step with its payments, deletes included", async () => {
    const withRetainage = ids.retainagePartial!;
    const extra = await pay(withRetainage, 1_000, true);
    const ordinary = await pay(ids.unpaid!, 500);
    const deleted = await api('POST', '/payments/batch-delete', { ids: [extra, ordinary] });
    expect(deleted.body.data.deleted).toEqual([extra, ordinary].sort((a, b) => a - b));
    await pay(withRetainage, 1_500, true);
    // Every invoice of the database, the demo's included: the stored sums equal the payments.
    const { rows } = (await h.db.owner.execute(sql`
      select i.id, i.payment_count, i.paid_cents, i.retainage_paid_cents,
        coalesce(p.n, 0)::int as n, coalesce(p.paid, 0)::int as paid, coalesce(p.retainage, 0)::int as retainage
      from invoices i left join (select invoice_id, count(*) as n,
          sum(amount_cents) filter (where not is_retainage) as paid,
          sum(amount_cents) filter (where is_retainage) as retainage
        from payments group by invoice_id) p on p.invoice_id = i.id`)) as unknown as {
      rows: Record<string, number>[];
    };
    expect(rows.length).toBeGreaterThan(10);
    const wrong = rows.filter(
      (r) => r.payment_count !== r.n || r.paid_cents !== r.paid || r.retainage_paid_cents !== r.retainage,
    );
    expect(wrong).toEqual([]);
    const row = rows.find((r) => r.id === withRetainage)!;
    expect(row).toMatchObject({ payment_count: 3, retainage_paid_cents: 4_000, paid_cents: 114_000 });
  });
});
