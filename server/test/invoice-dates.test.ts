/**
 * Issue 18: no invoice is validated with a date after today in France (FA-2027-00001 dated
 * 05/01/2027 was issued on 27/11/2026); no date field of the API takes a day after 31/12/2100 (a
 * quote dated 9999-12-31 opened a « DE-9999 » series); an invoice to a business customer in France
 * names its SIREN. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInFrance } from '../src/invoicing/today.js';
import { addDays, companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';
import { asItems } from './support/quotes.js';

let h: Harness;
let admin: string;
let vatRateId: number;
let customerId: number;
const today = todayInFrance();

const api = companyApi(
  () => h,
  () => admin,
);

const simple = (over: object = {}) => ({
  kind: 'simple',
  customerId,
  lines: [{ label: 'Dépannage', unit: 'h', quantityMilli: 1_000, unitPriceCents: 6_500, vatRateId }],
  ...over,
});

async function validate(body: object) {
  const created = await api('POST', '/invoices', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return api('POST', `/invoices/${created.body.data.id}/validate`, { version: created.body.data.version });
}

beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
  customerId = (await api('POST', '/customers', { type: 'private', lastName: 'Dates' })).body.data.id;
});
afterAll(() => h.close());

describe('an invoice dated in the future', () => {
  it('is refused at validation (422 invoice_date_in_future) and takes no number; today is fine', async () => {
    const before = (await api('GET', '/invoices?status=VALIDATED&limit=1&sort=number')).body.info.hits;
    const future = await validate(simple({ date: addDays(today, 1) }));
    expect([future.status, future.body]).toEqual([422, { error: { key: 'invoice_date_in_future' } }]);
    expect((await api('GET', '/invoices?status=VALIDATED&limit=1&sort=number')).body.info.hits).toBe(before);
    const dated = await validate(simple({ date: today }));
    expect(dated.status).toBe(200);
  });
});

describe('dates after 31/12/2100', () => {
  const tooLate = (answer: { status: number; body: Json }, field: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.error.key).toBe('validation');
    expect(answer.body.error.fields[field]).toBe('date_too_late');
  };

  it('are refused on every date field, with a French message; 31/12/2100 is the last day accepted', async () => {
    const job = await api('POST', '/business-jobs', {
      name: 'Chantier des dates',
      customerId,
      siteAddress: '1 rue du Temps, 69001 Lyon',
    });
    expect(job.status).toBe(200);
    const quote = (date: string) =>
      api('POST', '/quotes', {
        businessJobId: job.body.data.id,
        title: 'Devis',
        date,
        items: asItems([
          { label: 'Pose', unit: 'u', quantityMilli: 1_000, unitPriceCents: 1_000, vatRateId },
        ]),
      });
    tooLate(await quote('9999-12-31'), 'date');
    tooLate(await quote('2101-01-01'), 'date');
    expect((await quote('2100-12-31')).status).toBe(200);
    tooLate(await api('POST', '/invoices', simple({ date: '9999-12-31' })), 'date');
    tooLate(await api('POST', '/invoices', simple({ worksDate: '2101-01-01' })), 'worksDate');
    tooLate(
      await api('POST', `/business-jobs/${job.body.data.id}/edit`, {
        version: job.body.data.version,
        deliveryDate: '9999-12-31',
      }),
      'deliveryDate',
    );
    tooLate(
      await api('POST', '/customers', {
        type: 'private',
        lastName: 'Échéance',
        paymentDeadline: { rule: 'date', value: '9999-12-31' },
      }),
      'paymentDeadline.value',
    );
    tooLate(
      await api('POST', '/payments/batch-pay', {
        payments: [{ invoiceId: 1, amountCents: 100, paidOn: '2101-01-01', mode: 'transfer' }],
      }),
      'payments.0.paidOn',
    );
    tooLate(await api('GET', '/invoices?from=9999-01-01'), 'from');
    // A malformed day is still only a format error.
    const malformed = await api('POST', '/invoices', simple({ date: 'demain' }));
    expect(malformed.body.error.fields.date).toBe('date');
  });
});

describe("the buyer's SIREN", () => {
  const professional = async (over: object) =>
    (await api('POST', '/customers', { type: 'professional', companyName: 'Bâtir SARL', ...over })).body.data
      .id as number;

  it('is required to validate an invoice to a business customer in France (422 naming the field)', async () => {
    const withoutSiren = await professional({});
    const refused = await validate(simple({ customerId: withoutSiren }));
    expect([refused.status, refused.body]).toEqual([
      422,
      { error: { key: 'customer_data_missing', fields: { siret: 'required' } } },
    ]);
    const withSiren = await professional({ siret: '52198765400014' });
    expect((await validate(simple({ customerId: withSiren }))).status).toBe(200);
  });

  it('is not asked of a business abroad nor of a private customer', async () => {
    const abroad = await professional({ country: 'Belgique', zipCode: '1000', city: 'Bruxelles' });
    expect((await validate(simple({ customerId: abroad }))).status).toBe(200);
    expect((await validate(simple())).status).toBe(200);
  });
});
