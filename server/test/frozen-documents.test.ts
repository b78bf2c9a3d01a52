/**
 * An issued invoice cannot change (issue 10: a legal document; the copy re-downloaded months later
 * is the one issued). Its PDF and XML are drawn from what was frozen at its validation: changing
 * the company's address, the customer's name, a document setting or the bank afterwards changes a
 * new invoice and a draft's preview, never it. Runs on PGlite and, with DATABASE_URL, PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, companies, invoiceDocumentSnapshots } from '../src/db/schema.js';
import { pdfText } from './support/factur-x-validators.js';
import { bootHarness, type Harness } from './support/harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

let h: Harness;
let admin: string;
let vatRateId: number;
let customerId: number;
let bankId: number;

async function api(method: 'GET' | 'POST', route: string, json?: unknown) {
  const response = await h.request(method, `/v2/companies/1${route}`, {
    token: admin,
    ...(json !== undefined ? { json } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

async function ok(method: 'GET' | 'POST', route: string, json?: unknown) {
  const answer = await api(method, route, json);
  if (answer.status !== 200) throw new Error(`${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as Json;
}

/** A simple invoice of the test customer; validated unless asked otherwise. */
async function invoice(validate = true) {
  const draft = await ok('POST', '/invoices', {
    kind: 'simple',
    customerId,
    title: 'Pose de fenêtres',
    lines: [{ label: 'Fenêtre PVC', unit: 'u', quantityMilli: 2_000, unitPriceCents: 60_000, vatRateId }],
  });
  return validate ? ok('POST', `/invoices/${draft.id}/validate`, { version: draft.version }) : draft;
}

/** The PDF as the invoice editor previews it (`?preview=1`: a download would forbid the revert below). */
async function pdfOf(id: number) {
  const response = await h.request('GET', `/v2/companies/1/invoices/${id}/pdf?preview=1`, { token: admin });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, text: (await pdfText(bytes)).replace(/[\s\u00a0\u202f]+/g, ' ') };
}

async function xmlOf(id: number) {
  const response = await h.request('GET', `/v2/companies/1/invoices/${id}/factur-x.xml`, { token: admin });
  expect(response.status).toBe(200);
  return response.text();
}

const before = {
  address: '3 place Bellecour',
  customer: 'SCI Les Platanes',
  title: 'Facture de chantier',
  bank: 'Banque Rhône Alpes',
  iban: 'FR7617806001230004567890197',
};
const after = {
  address: '48 avenue Jean Jaurès',
  customer: 'SCI Les Marronniers',
  title: 'Facture de rénovation',
  bank: 'Banque Populaire Loire',
  iban: 'FR7630001007941234567890185',
};

/** The company's address, the customer's name, the document title and the bank shown, all at once. */
async function setData(values: typeof before) {
  await h.db.owner.update(companies).set({ address: values.address }).where(eq(companies.id, 1));
  await h.db.owner.update(banks).set({ name: values.bank, iban: values.iban }).where(eq(banks.id, bankId));
  const customer = await ok('GET', `/customers/${customerId}`);
  await ok('POST', `/customers/${customerId}/edit`, {
    id: customerId,
    version: customer.version,
    companyName: values.customer,
  });
  const settings = await ok('GET', '/settings/documents');
  await ok('POST', '/settings/documents/edit', {
    version: settings.version,
    invoiceTitle: values.title,
    invoiceBankId: bankId,
    invoiceShowBank: true,
  });
}

const expectShows = (text: string, values: typeof before, other: typeof before) => {
  for (const key of ['address', 'customer', 'bank', 'iban'] as const) {
    expect(text).toContain(values[key]);
    expect(text).not.toContain(other[key]);
  }
  expect(text).toContain(values.title.toUpperCase());
  expect(text).not.toContain(other.title.toUpperCase());
};

beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  const rates = (await ok('GET', '/vat-rates')) as { id: number; basisPoints: number }[];
  vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
  customerId = (
    await ok('POST', '/customers', {
      type: 'professional',
      companyName: before.customer,
      address: '4 allée des Tilleuls',
      zipCode: '69100',
      city: 'Villeurbanne',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      paymentModes: ['transfer'],
    })
  ).id;
  const [bank] = await h.db.owner
    .insert(banks)
    .values({ companyId: 1, name: before.bank, iban: before.iban, bic: 'AGRIFRPP878' })
    .returning({ id: banks.id });
  bankId = bank!.id;
  await setData(before);
}, 120_000);
afterAll(() => h?.close());

describe('a validated invoice prints what was true at its validation', () => {
  it('the demo seed froze every invoice it validated', async () => {
    const { rows } = (await h.db.owner.execute(sql`
      select count(*)::int as n from invoices i
      where i.status = 'VALIDATED'
        and not exists (select 1 from invoice_document_snapshots s where s.invoice_id = i.id)`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBe(0);
  });

  it('the company address, customer name, document setting and bank changed after: PDF and XML unchanged; a new invoice and a draft show the change', async () => {
    const issued = await invoice();
    const pdf = await pdfOf(issued.id);
    const xml = await xmlOf(issued.id);
    expectShows(pdf.text, before, after);
    expect(xml).toContain(before.address);
    expect(xml).toContain(before.customer);
    expect(xml).toContain(before.iban);

    await setData(after);

    const again = await pdfOf(issued.id);
    expectShows(again.text, before, after);
    // The same file, byte for byte, and the same XML.
    expect(Buffer.from(again.bytes).equals(Buffer.from(pdf.bytes))).toBe(true);
    expect(await xmlOf(issued.id)).toBe(xml);

    const newer = await invoice();
    expectShows((await pdfOf(newer.id)).text, after, before);
    const newerXml = await xmlOf(newer.id);
    expect(newerXml).toContain(after.address);
    expect(newerXml).toContain(after.customer);
    expect(newerXml).toContain(after.iban);

    const draft = await invoice(false);
    const preview = (await pdfOf(draft.id)).text;
    expect(preview).toContain('PROVISOIRE');
    expectShows(preview, after, before);
    await setData(before);
  }, 120_000);

  it('reverted to a draft it previews the current data; validated again it is frozen anew', async () => {
    const issued = await invoice();
    await setData(after);
    expectShows((await pdfOf(issued.id)).text, before, after);
    const reverted = await ok('POST', `/invoices/${issued.id}/revert`, {
      version: issued.version,
      reason: 'Erreur de saisie',
    });
    expectShows((await pdfOf(issued.id)).text, after, before);
    await ok('POST', `/invoices/${issued.id}/validate`, { version: reverted.version });
    await setData(before);
    const text = (await pdfOf(issued.id)).text;
    expect(text).toContain(issued.number);
    expectShows(text, after, before);
  }, 120_000);

  it('an invoice validated before snapshots existed is frozen by its first read', async () => {
    const issued = await invoice();
    // As the bench seeds and the invoices validated before migration 0020 are: no snapshot.
    await h.db.owner
      .delete(invoiceDocumentSnapshots)
      .where(eq(invoiceDocumentSnapshots.invoiceId, issued.id));
    await setData(after);
    const first = await pdfOf(issued.id);
    expectShows(first.text, after, before);
    await setData(before);
    const second = await pdfOf(issued.id);
    expectShows(second.text, after, before);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  }, 120_000);

  it('the snapshots are fenced by company: another company sees none of them, and the invoice is a 404 to it', async () => {
    const issued = await invoice();
    const own = await h.db.withTenant(1, (tx) =>
      tx
        .select({ id: invoiceDocumentSnapshots.invoiceId })
        .from(invoiceDocumentSnapshots)
        .where(eq(invoiceDocumentSnapshots.invoiceId, issued.id)),
    );
    expect(own).toEqual([{ id: issued.id }]);
    const seen = await h.db.withTenant(2, (tx) =>
      tx
        .select({ companyId: invoiceDocumentSnapshots.companyId })
        .from(invoiceDocumentSnapshots)
        .where(and(eq(invoiceDocumentSnapshots.invoiceId, issued.id))),
    );
    expect(seen).toEqual([]);
    const other = await h.tokenFor('admin@autre-demo.fr');
    for (const suffix of ['pdf', 'factur-x.xml']) {
      const response = await h.request('GET', `/v2/companies/2/invoices/${issued.id}/${suffix}`, {
        token: other,
      });
      expect(response.status).toBe(404);
    }
  });
});
