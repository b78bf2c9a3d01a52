/**
 * The invoice page's payment terms (spec section 3, Document settings: payment deadline rules,
 * payment modes, bank shown), saved through `settings/documents` and read by what they govern: a
 * new invoice of a customer without terms of its own, and the customer form's defaults. Bodies the
 * page never sends are refused field by field and store nothing. PGlite and, with DATABASE_URL,
 * PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, companies } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
let rate20: number;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

async function api(method: 'GET' | 'POST', path: string, json?: unknown) {
  const response = await h.request(method, `/v2/companies/1${path}`, {
    token,
    ...(json !== undefined ? { json } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const settings = async () => (await api('GET', '/settings/documents')).body.data as Json;

beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  rate20 = rates.find((r) => r.basisPoints === 2000)!.id;
});
afterAll(() => h.close());

describe('the company payment terms of the invoice settings', () => {
  it('are read with the document settings, and a save is what new invoices and customers take', async () => {
    const before = await settings();
    expect(before.defaultPaymentDeadline).toEqual({ rule: 'days', value: 30 });
    expect(before.defaultPaymentModes).toEqual(['transfer', 'check']);

    const saved = await api('POST', '/settings/documents/edit', {
      version: before.version,
      defaultPaymentDeadline: { rule: 'dayOfMonth', value: 10 },
      defaultPaymentModes: ['sepa', 'card'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      version: before.version + 1,
      defaultPaymentDeadline: { rule: 'dayOfMonth', value: 10 },
      defaultPaymentModes: ['sepa', 'card'],
    });
    expect(await settings()).toMatchObject({ defaultPaymentModes: ['sepa', 'card'] });

    // A customer without terms of its own: the customer form offers the company's, the invoice takes them.
    const customer = await api('POST', '/customers', {
      type: 'professional',
      companyName: 'Sans délai propre',
    });
    expect(customer.status).toBe(200);
    const formDefaults = (await api('GET', '/customer-settings')).body.data;
    expect(formDefaults).toMatchObject({
      paymentDeadline: { rule: 'dayOfMonth', value: 10 },
      paymentModes: ['sepa', 'card'],
    });
    const invoice = await api('POST', '/invoices', {
      kind: 'simple',
      customerId: customer.body.data.id,
      date: '2026-03-20',
      lines: [{ label: 'Pose', unit: 'm²', quantityMilli: 1_000, unitPriceCents: 10_000, vatRateId: rate20 }],
    });
    expect(invoice.status).toBe(200);
    expect(invoice.body.data).toMatchObject({
      paymentDeadline: { rule: 'dayOfMonth', value: 10 },
      paymentModes: ['sepa', 'card'],
      dueDate: '2026-04-10',
    });
  });

  it('a stale save changes neither the row nor the company terms', async () => {
    const current = await settings();
    const stale = await api('POST', '/settings/documents/edit', {
      version: current.version + 1,
      defaultPaymentModes: ['cash'],
    });
    expect(stale.status).toBe(409);
    expect((await settings()).defaultPaymentModes).toEqual(current.defaultPaymentModes);
  });

  it('refuses unknown rules, values out of range, empty or unknown modes: 422 on the field, nothing stored', async () => {
    const [stored] = await h.db.owner.select().from(companies).where(eq(companies.id, 1));
    const current = await settings();
    const bodies: [Json, string][] = [
      [{ defaultPaymentDeadline: { rule: 'weeks', value: 2 } }, 'defaultPaymentDeadline'],
      [{ defaultPaymentDeadline: { rule: 'days', value: 400 } }, 'defaultPaymentDeadline'],
      [{ defaultPaymentDeadline: { rule: 'dayOfMonth', value: 0 } }, 'defaultPaymentDeadline'],
      [{ defaultPaymentModes: [] }, 'defaultPaymentModes'],
      [{ defaultPaymentModes: ['bitcoin'] }, 'defaultPaymentModes'],
      [{ defaultPaymentModes: ['cash', 'cash'] }, 'defaultPaymentModes'],
    ];
    for (const [body, field] of bodies) {
      const refused = await api('POST', '/settings/documents/edit', {
        version: current.version,
        invoiceTitle: 'Jamais enregistré',
        ...body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error.key).toBe('validation');
      expect(Object.keys(refused.body.error.fields).some((name) => name.startsWith(field))).toBe(true);
    }
    const [after] = await h.db.owner.select().from(companies).where(eq(companies.id, 1));
    expect(after!.defaultPaymentDeadline).toEqual(stored!.defaultPaymentDeadline);
    expect(after!.defaultPaymentModes).toEqual(stored!.defaultPaymentModes);
    expect(await settings()).toEqual(current);
  });
});

describe('the bank shown on invoices', () => {
  it('takes a bank of the company, null for the default one; another company’s or an unknown bank is refused', async () => {
    const [own] = await h.db.owner.select().from(banks).where(eq(banks.companyId, 1));
    const [foreign] = await h.db.owner.select().from(banks).where(eq(banks.companyId, 2));
    expect(own && foreign).toBeTruthy();
    let current = await settings();
    const chosen = await api('POST', '/settings/documents/edit', {
      version: current.version,
      invoiceBankId: own!.id,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.invoiceBankId).toBe(own!.id);
    current = chosen.body.data;
    for (const invoiceBankId of [foreign!.id, 999_999]) {
      const refused = await api('POST', '/settings/documents/edit', {
        version: current.version,
        invoiceBankId,
        defaultPaymentModes: ['cash'],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ key: 'validation', fields: { invoiceBankId: 'invalid' } });
    }
    expect(await settings()).toEqual(current);
    const reset = await api('POST', '/settings/documents/edit', {
      version: current.version,
      invoiceBankId: null,
    });
    expect(reset.body.data.invoiceBankId).toBeNull();
  });
});
