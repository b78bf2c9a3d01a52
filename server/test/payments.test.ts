/**
 * The payments API (issue 11): outstanding and received lists (filters, sort, totals), batch pay and
 * batch delete with their per-row reports and the French summaries of spec section 8, the rules of
 * spec section 5, retainage lines from their release date, and two tabs paying one invoice at once.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL (where the concurrent test means something).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInFrance } from '../src/invoicing/today.js';
import { addDays, companyApi, hoursInvoice, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
let otherToken: string;
let rateTwenty: number;
let customerId: number;
const today = todayInFrance();
const yesterday = addDays(today, -1);

const api = companyApi(
  () => h,
  () => token,
);

/** A validated simple invoice dated today: 100,00 € HT + 20 % = 120,00 € TTC per unit. */
async function validatedInvoice(units = 1, businessJobId?: number) {
  const created = await api(
    'POST',
    '/invoices',
    hoursInvoice({ customerId, businessJobId, units, vatRateId: rateTwenty, date: today }),
  );
  expect(created.status).toBe(200);
  const validated = await api('POST', `/invoices/${created.body.data.id}/validate`, {
    version: created.body.data.version,
  });
  expect(validated.status).toBe(200);
  return validated.body.data as Json;
}

const pay = (rows: object[], as = token) => api('POST', '/payments/batch-pay', { payments: rows }, as);
const row = (invoiceId: number, over: object = {}) => ({
  invoiceId,
  amountCents: 12_000,
  paidOn: today,
  mode: 'transfer',
  ...over,
});
const outstanding = async (query = '') => (await api('GET', `/payments/outstanding${query}`)).body;
const received = async (query = '') => (await api('GET', `/payments/received${query}`)).body;

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  rateTwenty = rates.find((r) => r.basisPoints === 2000)!.id;
  const customer = await api('POST', '/customers', {
    type: 'private',
    lastName: 'Règlementeur',
    firstName: 'Léa',
  });
  customerId = customer.body.data.id;
});
afterAll(() => h.close());

describe('outstanding payments', () => {
  it('lists a validated invoice with its remaining balance, due date, customer, and the totals of the filtered set', async () => {
    const invoice = await validatedInvoice(2);
    const body = await outstanding(`?customerId=${customerId}`);
    const line = body.data.find((l: Json) => l.invoiceId === invoice.id);
    expect(line).toMatchObject({
      key: `invoice-${invoice.id}`,
      invoiceNumber: invoice.number,
      invoiceDate: today,
      dueDate: invoice.dueDate,
      totalInclTaxCents: 24_000,
      balanceCents: 24_000,
      customerName: 'Léa Règlementeur',
      isRetainage: false,
    });
    expect(body.info.hits).toBe(body.data.length);
    expect(body.info.totalCents).toBe(body.data.reduce((s: number, l: Json) => s + l.balanceCents, 0));
  });

  it('searches by invoice number, sorts, and pages with the totals of the whole set', async () => {
    const a = await validatedInvoice(1);
    const found = await outstanding(`?q=${encodeURIComponent(a.number)}`);
    expect(found.data.map((l: Json) => l.invoiceId)).toEqual([a.id]);
    const all = await outstanding('?sort=balance&order=desc&limit=200');
    const balances = all.data.map((l: Json) => l.balanceCents);
    expect(balances).toEqual([...balances].sort((x, y) => y - x));
    const page2 = await outstanding('?sort=balance&order=desc&limit=2&offset=2');
    expect(page2.data.map((l: Json) => l.key)).toEqual(all.data.slice(2, 4).map((l: Json) => l.key));
    expect(page2.info).toEqual(all.info);
    expect(all.info.totalCents).toBe(balances.reduce((s: number, b: number) => s + b, 0));
    const overdue = await outstanding('?overdue=true&limit=200');
    expect(overdue.data.every((l: Json) => l.overdue && l.dueDate < today)).toBe(true);
  });
});

describe('batch pay', () => {
  it('pays three invoices at once, one partially, and the rest of the partial one stays outstanding', async () => {
    const [a, b, c] = [await validatedInvoice(1), await validatedInvoice(1), await validatedInvoice(1)];
    const answer = await pay([
      row(a.id),
      row(b.id, { amountCents: 5_000, mode: 'check', chequeNumber: '0012345', drawer: 'Léa Règlementeur' }),
      row(c.id, { mode: 'card', comment: 'TPE chantier' }),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toEqual([]);
    expect(answer.body.data.paid.map((p: Json) => p.invoiceId)).toEqual([a.id, b.id, c.id]);
    const left = await outstanding(`?customerId=${customerId}&limit=200`);
    const ids = left.data.map((l: Json) => l.invoiceId);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(c.id);
    expect(left.data.find((l: Json) => l.invoiceId === b.id).balanceCents).toBe(7_000);
    const got = await received(`?customerId=${customerId}&limit=200`);
    const cheque = got.data.find((p: Json) => p.invoiceId === b.id);
    expect(cheque).toMatchObject({
      amountCents: 5_000,
      mode: 'check',
      chequeNumber: '0012345',
      drawer: 'Léa Règlementeur',
      balanceCents: 7_000,
      invoiceNumber: b.number,
      paidOn: today,
    });
    expect(got.data.find((p: Json) => p.invoiceId === c.id)).toMatchObject({
      comment: 'TPE chantier',
      chequeNumber: null,
    });
    const invoice = await api('GET', `/invoices/${b.id}`);
    expect(invoice.body.data).toMatchObject({ paidCents: 5_000, balanceCents: 7_000 });
  });

  it("reports the rows that failed and why, the others succeed (« Ces factures n'ont pas pu être réglées »)", async () => {
    const [ok, over] = [await validatedInvoice(1), await validatedInvoice(1)];
    const answer = await pay([row(ok.id), row(over.id, { amountCents: 12_001 }), row(999_999)]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.paid.map((p: Json) => p.invoiceId)).toEqual([ok.id]);
    expect(answer.body.data.failed).toEqual([
      { invoiceId: over.id, isRetainage: false, invoiceNumber: over.number, key: 'payment_exceeds_balance' },
      { invoiceId: 999_999, isRetainage: false, invoiceNumber: null, key: 'not_found' },
    ]);
    expect(answer.body.errors).toEqual([
      { key: 'batch_invoices_not_paid', items: [over.number, 'n° 999999'] },
    ]);
    expect((await api('GET', `/invoices/${over.id}`)).body.data.paidCents).toBe(0);
  });

  it('a payment dated before the invoice asks whether it was received before issuance; answered, it is recorded', async () => {
    const invoice = await validatedInvoice(1);
    const unanswered = await pay([row(invoice.id, { paidOn: yesterday })]);
    expect(unanswered.body.data.failed[0].key).toBe('payment_before_issuance');
    const no = await pay([row(invoice.id, { paidOn: yesterday, receivedBeforeIssuance: false })]);
    expect(no.body.data.failed[0].key).toBe('payment_before_issuance');
    const yes = await pay([row(invoice.id, { paidOn: yesterday, receivedBeforeIssuance: true })]);
    expect(yes.body.data.paid).toHaveLength(1);
  });

  it('credit-note payment: must be zero; refused with retainage on the job; refused once the invoice has payments', async () => {
    const plain = await validatedInvoice(1);
    const nonzero = await pay([row(plain.id, { mode: 'avoir', amountCents: 100 })]);
    expect(nonzero.body.data.failed[0].key).toBe('credit_payment_nonzero');
    const zero = await pay([row(plain.id, { mode: 'avoir', amountCents: 0 })]);
    expect(zero.body.data.paid).toHaveLength(1);

    const paidOnce = await validatedInvoice(1);
    await pay([row(paidOnce.id, { amountCents: 1_000 })]);
    const afterPayment = await pay([row(paidOnce.id, { mode: 'avoir', amountCents: 0 })]);
    expect(afterPayment.body.data.failed[0].key).toBe('credit_payment_invoice_has_payments');

    const job = await api('POST', '/business-jobs', {
      name: 'Chantier retenue',
      customerId,
      retainageBasisPoints: 500,
    });
    const withRetainage = await validatedInvoice(1, job.body.data.id);
    const refused = await pay([row(withRetainage.id, { mode: 'avoir', amountCents: 0 })]);
    expect(refused.body.data.failed[0].key).toBe('credit_payment_retainage');
  });

  it('a credit note, a PROVISOIRE invoice or an invalid amount cannot be paid; a bank of another company is refused', async () => {
    const draft = (
      await api('POST', '/invoices', {
        kind: 'simple',
        customerId,
        date: today,
        lines: [{ label: 'Brouillon', quantityMilli: 1000, unitPriceCents: 100, vatRateId: rateTwenty }],
      })
    ).body.data;
    const zero = await validatedInvoice(1);
    const answer = await pay([
      row(draft.id),
      row(zero.id, { amountCents: 0 }),
      row(zero.id, { bankId: 2_000_000 }),
    ]);
    expect(answer.body.data.failed.map((f: Json) => f.key)).toEqual([
      'invoice_not_payable',
      'payment_amount_invalid',
      'validation',
    ]);
    const invalid = await pay([row(zero.id, { paidOn: '31/12/2026' })]);
    expect(invalid.status).toBe(422);
  });
});

describe('retainage', () => {
  it('appears as its own outstanding line from its release date and is paid like the rest', async () => {
    const job = (
      await api('POST', '/business-jobs', {
        name: 'Chantier réceptionné',
        customerId,
        retainageBasisPoints: 500,
      })
    ).body.data;
    const invoice = await validatedInvoice(10, job.id);
    expect(invoice.retainageCents).toBe(6_000);
    let lines = (await outstanding(`?businessJobId=${job.id}`)).data;
    expect(lines.map((l: Json) => l.key)).toEqual([`invoice-${invoice.id}`]);
    expect(lines[0].balanceCents).toBe(114_000);
    // Reception a year and a day ago: the retainage is released yesterday.
    const current = (await api('GET', `/business-jobs/${job.id}`)).body.data;
    const reception = addDays(addDays(today, -1), -365);
    const edited = await api('POST', `/business-jobs/${job.id}/edit`, {
      id: job.id,
      version: current.version,
      deliveryDate: reception,
    });
    expect(edited.status).toBe(200);
    lines = (await outstanding(`?businessJobId=${job.id}&sort=dueDate&order=asc`)).data;
    const retainage = lines.find((l: Json) => l.isRetainage);
    expect(retainage).toMatchObject({
      key: `retainage-${invoice.id}`,
      dueDate: edited.body.data.retainageReleaseDate,
      balanceCents: 6_000,
      totalInclTaxCents: 6_000,
    });
    const paid = await pay([row(invoice.id, { isRetainage: true, amountCents: 6_000 })]);
    expect(paid.body.data.paid).toEqual([
      { invoiceId: invoice.id, isRetainage: true, paymentId: expect.any(Number) },
    ]);
    lines = (await outstanding(`?businessJobId=${job.id}`)).data;
    expect(lines.map((l: Json) => l.key)).toEqual([`invoice-${invoice.id}`]);
    const got = (await received(`?businessJobId=${job.id}`)).data;
    expect(got[0]).toMatchObject({ isRetainage: true, amountCents: 6_000, balanceCents: 0 });
    // The invoice's own balance is untouched by the retainage payment.
    expect((await api('GET', `/invoices/${invoice.id}`)).body.data.paidCents).toBe(0);
  });
});

describe('received payments and batch delete', () => {
  it('filters by mode, bank and period, searches the cheque number, and totals the filtered set', async () => {
    const banks = (await h.db.owner.execute(
      sql`select id from banks where company_id = 1 order by id`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const bankId = banks.rows[0]!.id;
    const invoice = await validatedInvoice(3);
    await pay([
      row(invoice.id, {
        amountCents: 10_000,
        mode: 'check',
        bankId,
        chequeNumber: 'CHQ-777',
        drawer: 'M. Tireur',
      }),
      row(invoice.id, { amountCents: 2_000, mode: 'cash' }),
    ]);
    const byCheque = await received('?q=CHQ-777');
    expect(byCheque.data.map((p: Json) => p.amountCents)).toEqual([10_000]);
    expect(byCheque.data[0].bankId).toBe(bankId);
    expect(typeof byCheque.data[0].bankName).toBe('string');
    const cash = await received(`?mode=cash&customerId=${customerId}&limit=200`);
    expect(cash.data.every((p: Json) => p.mode === 'cash')).toBe(true);
    expect(cash.info.totalCents).toBe(cash.data.reduce((s: number, p: Json) => s + p.amountCents, 0));
    const byBank = await received(`?bankId=${bankId}&limit=200`);
    expect(byBank.data.every((p: Json) => p.bankId === bankId)).toBe(true);
    const period = await received(`?from=${today}&to=${today}&limit=200`);
    expect(period.data.every((p: Json) => p.paidOn === today)).toBe(true);
    const bySum = await received('?sort=amount&order=asc&limit=200');
    const amounts = bySum.data.map((p: Json) => p.amountCents);
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
    const all = await received('?limit=1');
    expect(all.info.hits).toBeGreaterThan(1);
  });

  it('deletes the selected payments, gives the amount back to the balance, and names the ones that no longer exist', async () => {
    const invoice = await validatedInvoice(1);
    const paid = await pay([
      row(invoice.id, { amountCents: 4_000 }),
      row(invoice.id, { amountCents: 3_000 }),
    ]);
    const [first, second] = paid.body.data.paid.map((p: Json) => p.paymentId);
    const answer = await api('POST', '/payments/batch-delete', { ids: [first, 987_654] });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      deleted: [first],
      failed: [{ id: 987_654, key: 'payment_not_found' }],
    });
    expect(answer.body.errors).toEqual([{ key: 'batch_payments_not_found', items: ['n° 987654'] }]);
    const detail = (await api('GET', `/invoices/${invoice.id}`)).body.data;
    expect(detail).toMatchObject({ paidCents: 3_000, balanceCents: 9_000 });
    expect(detail.payments.map((p: Json) => p.id)).toEqual([second]);
    const again = await api('POST', '/payments/batch-delete', { ids: [first] });
    expect(again.body.errors[0].key).toBe('batch_payments_not_found');
  });

  it('deleting payments is an admin’s: a member gets 403 admin_required and nothing is deleted', async () => {
    const invoice = await validatedInvoice(1);
    const paid = await pay([row(invoice.id, { amountCents: 1_500 })]);
    const paymentId = paid.body.data.paid[0].paymentId;
    const member = await h.tokenFor('user@demo.fr');
    const refused = await api('POST', '/payments/batch-delete', { ids: [paymentId] }, member);
    expect([refused.status, refused.body]).toEqual([403, { error: { key: 'admin_required' } }]);
    const detail = (await api('GET', `/invoices/${invoice.id}`)).body.data;
    expect(detail.payments.map((p: Json) => p.id)).toEqual([paymentId]);
  });

  it('a payment of an invoice cancelled by a credit note says the invoice’s own balance: nothing owed, what was paid comes back', async () => {
    const invoice = await validatedInvoice(1);
    const paid = await pay([row(invoice.id, { amountCents: 2_000 })]);
    const paymentId = paid.body.data.paid[0].paymentId;
    const { version } = (await api('GET', `/invoices/${invoice.id}`)).body.data;
    const cancelled = await api('POST', `/invoices/${invoice.id}/cancel`, { version });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const detail = (await api('GET', `/invoices/${invoice.id}`)).body.data;
    expect(detail.balanceCents).toBe(-2_000);
    const got = (await received(`?customerId=${customerId}&limit=200`)).data.find(
      (p: Json) => p.id === paymentId,
    );
    expect(got.balanceCents).toBe(detail.balanceCents);
    const overdue = (await received(`?customerId=${customerId}&overdue=true&limit=200`)).data;
    expect(overdue.map((p: Json) => p.id)).not.toContain(paymentId);
  });

  it("another company neither sees nor deletes nor pays this company's rows", async () => {
    const invoice = await validatedInvoice(1);
    const paid = await pay([row(invoice.id, { amountCents: 1_000 })]);
    const paymentId = paid.body.data.paid[0].paymentId;
    const otherEmail = (
      (await h.db.owner.execute(
        sql`select email from users where company_id = 2 and not locked order by id limit 1`,
      )) as unknown as { rows: { email: string }[] }
    ).rows[0]!.email;
    otherToken = await h.tokenFor(otherEmail);
    const theirs = await api('GET', '/payments/received?limit=200', undefined, otherToken, 2);
    expect(theirs.body.data.map((p: Json) => p.id)).not.toContain(paymentId);
    const del = await api('POST', '/payments/batch-delete', { ids: [paymentId] }, otherToken, 2);
    expect(del.body.data.failed).toEqual([{ id: paymentId, key: 'payment_not_found' }]);
    const payTheirs = await api(
      'POST',
      '/payments/batch-pay',
      { payments: [row(invoice.id)] },
      otherToken,
      2,
    );
    expect(payTheirs.body.data.failed[0].key).toBe('not_found');
    expect((await api('GET', `/invoices/${invoice.id}`)).body.data.paidCents).toBe(1_000);
  });
});

describe('the lists: totals asked once per filter (totals=false / only, as Mes factures)', () => {
  it('totals=false answers the page alone, totals=only the count and total alone, equal to the full answer', async () => {
    const invoices = [await validatedInvoice(1), await validatedInvoice(2), await validatedInvoice(3)];
    await pay(invoices.map((invoice) => row(invoice.id, { amountCents: 1_000, mode: 'card' })));
    for (const list of ['outstanding', 'received'] as const) {
      const filter = `?customerId=${customerId}${list === 'received' ? '&mode=card' : ''}`;
      const full = (await api('GET', `/payments/${list}${filter}&limit=2`)).body;
      expect(full.info.hits).toBeGreaterThanOrEqual(3);
      expect(full.data).toHaveLength(2);
      const pageOnly = (await api('GET', `/payments/${list}${filter}&limit=2&totals=false`)).body;
      expect(pageOnly).toEqual({ data: full.data, info: {} });
      const deeper = (await api('GET', `/payments/${list}${filter}&limit=2&offset=2&totals=false`)).body;
      expect(deeper.info).toEqual({});
      expect(deeper.data.length).toBeGreaterThan(0);
      const totalsOnly = (await api('GET', `/payments/${list}${filter}&limit=2&offset=2&totals=only`)).body;
      expect(totalsOnly).toEqual({ data: [], info: full.info });
      // A first page that holds the whole set still gives its count and total, for free.
      const short = (await api('GET', `/payments/${list}${filter}&limit=2000&totals=false`)).body;
      expect(short.info).toEqual(full.info);
      expect(short.data).toHaveLength(full.info.hits);
      const wrong = await api('GET', `/payments/${list}?totals=maybe`);
      expect(wrong).toMatchObject({ status: 422, body: { error: { fields: { totals: 'invalid' } } } });
    }
  });

  it('pages in order however deep, searches through the invoice number, customer and job, and sorts by amount', async () => {
    const all = (await api('GET', '/payments/received?limit=2000')).body;
    const pages = [];
    for (let offset = 0; offset < all.data.length; offset += 3)
      pages.push(...(await api('GET', `/payments/received?limit=3&offset=${offset}&totals=false`)).body.data);
    expect(pages.map((p: Json) => p.id)).toEqual(all.data.map((p: Json) => p.id));
    const [first] = all.data;
    const byNumber = (await api('GET', `/payments/received?q=${encodeURIComponent(first.invoiceNumber)}`))
      .body;
    expect(byNumber.data.map((p: Json) => p.id)).toContain(first.id);
    expect(byNumber.data.every((p: Json) => p.invoiceNumber.includes(first.invoiceNumber))).toBe(true);
    const byCustomer = (await api('GET', '/payments/received?q=glementeu&limit=2000')).body;
    expect(byCustomer.data.length).toBeGreaterThan(0);
    expect(byCustomer.data.every((p: Json) => p.customerName === 'Léa Règlementeur')).toBe(true);
    const owedByCustomer = (await api('GET', '/payments/outstanding?q=RÈGLEMENTEUR&limit=2000')).body;
    expect(owedByCustomer.data.length).toBeGreaterThan(0);
    expect(owedByCustomer.data.every((l: Json) => l.customerId === customerId)).toBe(true);
    // By customer (the names are joined before the page is cut): the pages follow the whole list.
    for (const order of ['asc', 'desc']) {
      const all = (await api('GET', `/payments/outstanding?sort=customer&order=${order}&limit=2000`)).body;
      expect(all.data.length).toBeGreaterThan(3);
      const second = (await api('GET', `/payments/outstanding?sort=customer&order=${order}&limit=2&offset=2`))
        .body;
      expect(second.data.map((l: Json) => l.key)).toEqual(all.data.slice(2, 4).map((l: Json) => l.key));
    }
    const byAmount = (await api('GET', '/payments/received?sort=amount&order=desc&limit=2000')).body;
    const amounts = byAmount.data.map((p: Json) => p.amountCents);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
  });
});

describe('two tabs paying the same invoice at once', () => {
  it('never overpays: of simultaneous full payments exactly one is recorded', async () => {
    const invoice = await validatedInvoice(1);
    const tabs = await Promise.all(Array.from({ length: 6 }, () => pay([row(invoice.id)])));
    const succeeded = tabs.filter((t) => t.body.data.paid.length === 1);
    expect(succeeded).toHaveLength(1);
    for (const t of tabs.filter((x) => x.body.data.paid.length === 0)) {
      expect(t.body.data.failed[0].key).toBe('payment_exceeds_balance');
    }
    const detail = (await api('GET', `/invoices/${invoice.id}`)).body.data;
    expect(detail).toMatchObject({ paidCents: 12_000, balanceCents: 0 });
    expect(detail.payments).toHaveLength(1);
  });
});

/**
 * Issue 26, item 7: a cheque goes on a remittance slip, which prints its number and drawer: a
 * cheque payment without either is refused (422, each missing field `required`, the spec's « Ce
 * champ est obligatoire. »), nothing is recorded, never a 5xx; other modes need neither. The slip
 * of a recorded cheque prints both. (Last in the file: its payments stay out of the lists above.)
 */
const cheque = (invoiceId: number, over: object = {}) => row(invoiceId, { mode: 'check', ...over });
const paymentsOf = async (invoiceId: number) =>
  (await received(`?customerId=${customerId}&limit=200`)).data.filter((p: Json) => p.invoiceId === invoiceId);

describe('a cheque names its number and drawer', () => {
  it('without them: 422 required on each missing field, nothing recorded', async () => {
    const invoice = await validatedInvoice();
    for (const [over, fields] of [
      [{}, { 'payments.0.chequeNumber': 'required', 'payments.0.drawer': 'required' }],
      [
        { chequeNumber: '  ', drawer: null },
        { 'payments.0.chequeNumber': 'required', 'payments.0.drawer': 'required' },
      ],
      [{ chequeNumber: '0012345' }, { 'payments.0.drawer': 'required' }],
      [{ drawer: 'Jean Tireur', chequeNumber: '' }, { 'payments.0.chequeNumber': 'required' }],
    ] as const) {
      const refused = await pay([cheque(invoice.id, over)]);
      expect([refused.status, refused.body.error?.key], JSON.stringify(over)).toEqual([422, 'validation']);
      expect(refused.body.error.fields).toEqual(fields);
    }
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it('in a batch, the row that lacks them is named by its place', async () => {
    const [a, b] = [await validatedInvoice(), await validatedInvoice()];
    const refused = await pay([
      cheque(a.id, { chequeNumber: '1', drawer: 'Jean Tireur' }),
      cheque(b.id, { chequeNumber: '2' }),
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ 'payments.1.drawer': 'required' });
    expect(await paymentsOf(a.id)).toEqual([]);
  });

  it('with them, the cheque is recorded and its slip prints both; other modes need neither', async () => {
    const [a, b] = [await validatedInvoice(), await validatedInvoice()];
    const paid = await pay([
      cheque(a.id, { chequeNumber: ' 4471002 ', drawer: ' Jean Tireur ' }),
      { ...cheque(b.id), mode: 'transfer' },
    ]);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.failed).toEqual([]);
    const [recorded] = await paymentsOf(a.id);
    expect(recorded).toMatchObject({ chequeNumber: '4471002', drawer: 'Jean Tireur' });
    const slip = await h.request(
      'GET',
      `/v2/companies/1/exports/cheque-remittance?ids=${recorded.id}&format=csv`,
      { token },
    );
    expect(slip.status).toBe(200);
    const text = new TextDecoder('latin1').decode(await slip.arrayBuffer());
    expect(text).toContain('Jean Tireur');
    expect(text).toContain('4471002');
  });
});
