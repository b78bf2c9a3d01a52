/**
 * Partial credit notes (issue 18): `POST /invoices/{id}/credit-notes` on any validated invoice, for
 * some lines or an amount, numbered from the credit-note sequence, referencing the invoice (XML
 * BT-25/BT-26), at most what remains credit-able per VAT rate; the invoice's balance drops and the
 * payment rules follow; a later cancellation credits what remains. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInFrance } from '../src/invoicing/today.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let member: string;
let otherAdmin: string;
const rate = { twenty: 0, ten: 0, fiveFive: 0 };
let customerId: number;
const today = todayInFrance();

const api = companyApi(
  () => h,
  () => admin,
);

/** 100,00 € HT at 20 % and 100,00 € HT at 5,5 %: 225,50 € TTC; validated unless asked. */
async function invoice(validate = true) {
  const created = await api('POST', '/invoices', {
    kind: 'simple',
    customerId,
    lines: [
      {
        label: 'Pose',
        unit: 'forfait',
        quantityMilli: 1_000,
        unitPriceCents: 10_000,
        vatRateId: rate.twenty,
      },
      {
        label: 'Isolant',
        unit: 'forfait',
        quantityMilli: 1_000,
        unitPriceCents: 10_000,
        vatRateId: rate.fiveFive,
      },
    ],
  });
  expect(created.status).toBe(200);
  if (!validate) return created.body.data as Json;
  const validated = await api('POST', `/invoices/${created.body.data.id}/validate`, {
    version: created.body.data.version,
  });
  expect(validated.status).toBe(200);
  return validated.body.data as Json;
}

const gesture = (unitPriceCents: number, vatRateId = rate.twenty, quantityMilli = 1_000) => ({
  lines: [{ label: 'Geste commercial', quantityMilli, unitPriceCents, vatRateId }],
});
const credit = (inv: Json, body: unknown, as = admin) =>
  api('POST', `/invoices/${inv.id}/credit-notes`, body, as);
const balanceOf = async (inv: Json) =>
  (await api('GET', `/invoices/${inv.id}`)).body.data.balanceCents as number;

beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  member = await h.tokenFor('user@demo.fr');
  otherAdmin = await h.tokenFor('admin@autre-demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  rate.twenty = rates.find((r) => r.basisPoints === 2000)!.id;
  rate.ten = rates.find((r) => r.basisPoints === 1000)!.id;
  rate.fiveFive = rates.find((r) => r.basisPoints === 550)!.id;
  const customer = await api('POST', '/customers', {
    type: 'private',
    lastName: 'Avoirs',
    firstName: 'Paul',
  });
  customerId = customer.body.data.id;
});
afterAll(() => h.close());

describe('a partial credit note', () => {
  it('is issued validated, numbered, referencing the invoice, and the balance drops by its amount', async () => {
    const issued = await invoice();
    expect([issued.totalInclTaxCents, await balanceOf(issued)]).toEqual([22_550, 22_550]);
    const answer = await credit(issued, gesture(3_000));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const note = answer.body.data;
    expect(note).toMatchObject({
      kind: 'credit_note',
      type: 'factureAvoir',
      status: 'VALIDATED',
      date: today,
      totalExclTaxCents: -3_000,
      totalVatCents: -600,
      totalInclTaxCents: -3_600,
    });
    expect(note.number).toMatch(/\d{5}$/);
    expect(note.number).not.toBe(issued.number);
    expect(await balanceOf(issued)).toBe(18_950);
    // The outstanding payments list owes the same.
    const owed = (
      await api('GET', `/payments/outstanding?customerId=${customerId}&limit=200`)
    ).body.data.find((l: Json) => l.invoiceId === issued.id && !l.isRetainage);
    expect(owed.balanceCents).toBe(18_950);
    // Its XML names the invoice it corrects (BT-25) and its date (BT-26).
    const xml = await (
      await h.request('GET', `/v2/companies/1/invoices/${note.id}/factur-x.xml`, { token: admin })
    ).text();
    expect(xml).toContain('<ram:InvoiceReferencedDocument>');
    expect(xml).toContain(`<ram:IssuerAssignedID>${issued.number}</ram:IssuerAssignedID>`);
    // The invoice is not cancelled by it.
    expect((await api('GET', `/invoices/${issued.id}`)).body.data.cancelled).toBe(false);
  });

  it('never exceeds what remains credit-able at a rate; names a billed rate and a known one', async () => {
    const issued = await invoice();
    expect((await credit(issued, gesture(7_000))).status).toBe(200);
    const over = await credit(issued, gesture(3_001));
    expect([over.status, over.body]).toEqual([422, { error: { key: 'credit_note_exceeds_invoice' } }]);
    const notBilled = await credit(issued, gesture(100, rate.ten));
    expect([notBilled.status, notBilled.body]).toEqual([
      422,
      { error: { key: 'invalid_invoice_parameters' } },
    ]);
    const unknown = await credit(issued, gesture(100, 987_654));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toEqual({ key: 'validation', fields: { 'lines.0.vatRateId': 'invalid' } });
    const negative = await credit(issued, gesture(-100));
    expect(negative.status).toBe(422);
    expect((await credit(issued, { lines: [] })).status).toBe(422);
    // What remains at 20 % closes the rate; the VAT taken is exactly the invoice's.
    const rest = await credit(issued, {
      lines: [
        { label: 'Reprise pose', quantityMilli: 1_000, unitPriceCents: 3_000, vatRateId: rate.twenty },
        { label: 'Reprise isolant', quantityMilli: 500, unitPriceCents: 10_000, vatRateId: rate.fiveFive },
      ],
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data.totalInclTaxCents).toBe(-(3_600 + 5_275));
    expect(await balanceOf(issued)).toBe(22_550 - 8_400 - 8_875);
  });

  it('payments follow the lower balance; a later cancellation credits only what remains', async () => {
    const issued = await invoice();
    await credit(issued, gesture(5_000));
    const due = await balanceOf(issued);
    expect(due).toBe(22_550 - 6_000);
    const pay = (amountCents: number) =>
      api('POST', '/payments/batch-pay', {
        payments: [{ invoiceId: issued.id, amountCents, paidOn: today, mode: 'transfer' }],
      });
    const tooMuch = await pay(due + 1);
    expect(tooMuch.body.data.failed[0].key).toBe('payment_exceeds_balance');
    expect((await pay(10_000)).body.data.paid).toHaveLength(1);
    const { version } = (await api('GET', `/invoices/${issued.id}`)).body.data;
    const cancelled = await api('POST', `/invoices/${issued.id}/cancel`, { version });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const note = (await api('GET', `/invoices/${cancelled.body.data.creditNoteId}`)).body.data;
    expect(note.totalInclTaxCents).toBe(-(22_550 - 6_000));
    // Cancelled: nothing owed, what was paid comes back.
    expect(await balanceOf(issued)).toBe(-10_000);
  });

  it('ten at once on one invoice: the row lock queues them, only what fits is issued, numbers gapless', async () => {
    const issued = await invoice();
    // 30,00 € HT each at 20 %: three fit in the 100,00 € billed at that rate.
    const answers = await Promise.all(Array.from({ length: 10 }, () => credit(issued, gesture(3_000))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, ...Array(7).fill(422)]);
    const numbers = answers
      .filter((a) => a.status === 200)
      .map((a) => Number(/(\d+)$/.exec(a.body.data.number)![1]))
      .sort((a, b) => a - b);
    expect(numbers[2]! - numbers[0]!).toBe(2);
    expect(await balanceOf(issued)).toBe(22_550 - 3 * 3_600);
  });

  it('an invoice with a credit note is never reverted', async () => {
    const issued = await invoice();
    await credit(issued, gesture(1_000));
    const { version } = (await api('GET', `/invoices/${issued.id}`)).body.data;
    const refused = await api('POST', `/invoices/${issued.id}/revert`, { version, reason: 'Erreur' });
    expect([refused.status, refused.body]).toEqual([409, { error: { key: 'invoice_has_credit_notes' } }]);
  });

  it('is refused on a draft, on a credit note, on a cancelled invoice', async () => {
    const draft = await invoice(false);
    expect((await credit(draft, gesture(100))).body).toEqual({ error: { key: 'invoice_not_validated' } });
    const issued = await invoice();
    const note = (await credit(issued, gesture(100))).body.data;
    expect((await credit(note, gesture(100))).body).toEqual({
      error: { key: 'credit_note_not_cancellable' },
    });
    const { version } = (await api('GET', `/invoices/${issued.id}`)).body.data;
    expect((await api('POST', `/invoices/${issued.id}/cancel`, { version })).status).toBe(200);
    expect((await credit(issued, gesture(100))).body).toEqual({
      error: { key: 'invoice_already_cancelled' },
    });
  });

  it('is an admin’s; another company’s invoice is a 404 and nothing is issued', async () => {
    const issued = await invoice();
    const refused = await credit(issued, gesture(100), member);
    expect([refused.status, refused.body]).toEqual([403, { error: { key: 'admin_required' } }]);
    const theirs = await api('POST', `/invoices/${issued.id}/credit-notes`, gesture(100), otherAdmin, 2);
    expect(theirs.status).toBe(404);
    expect(await balanceOf(issued)).toBe(22_550);
  });
});
