/**
 * Issue 26, item 7: a cheque goes on a remittance slip, which prints its number and drawer: a
 * cheque payment without either is refused (422, each missing field `required`, the spec's « Ce
 * champ est obligatoire. »), nothing is recorded, never a 5xx; other modes need neither. The slip
 * of a recorded cheque prints both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInFrance } from '../src/invoicing/today.js';
import { companyApi, hoursInvoice, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
let rateTwenty: number;
let customerId: number;
const today = todayInFrance();

const api = companyApi(
  () => h,
  () => token,
);

async function validatedInvoice() {
  const created = await api(
    'POST',
    '/invoices',
    hoursInvoice({ customerId, units: 1, vatRateId: rateTwenty, date: today }),
  );
  const validated = await api('POST', `/invoices/${created.body.data.id}/validate`, {
    version: created.body.data.version,
  });
  expect(validated.status).toBe(200);
  return validated.body.data as Json;
}

const cheque = (invoiceId: number, over: object = {}) => ({
  invoiceId,
  amountCents: 12_000,
  paidOn: today,
  mode: 'check',
  ...over,
});
const pay = (rows: object[]) => api('POST', '/payments/batch-pay', { payments: rows });
const paymentsOf = async (invoiceId: number) =>
  (await api('GET', `/payments/received?customerId=${customerId}&limit=200`)).body.data.filter(
    (p: Json) => p.invoiceId === invoiceId,
  );

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  rateTwenty = rates.find((r) => r.basisPoints === 2000)!.id;
  const customer = await api('POST', '/customers', {
    type: 'private',
    lastName: 'Tireur',
    firstName: 'Jean',
  });
  customerId = customer.body.data.id;
});
afterAll(() => h.close());

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
