/**
 * « Suivi d'activité » (issue 24): every business change writes one event of the company's activity
 * log in its own transaction (a refused change writes none), the log is read newest first with its
 * filters and paging, exported as CSV (formula cells neutralised), fenced by company, and bo_app may
 * never change nor remove an event. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityKinds } from '../../src/contract/activity.js';
import { answerThroughLink, newAcceptanceToken } from '../src/documents/quote-link.js';
import { markQuoteSent } from '../src/invoicing/quotes.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, createCheckedApps, type Harness } from './support/harness.js';
import { asItems } from './support/quotes.js';

let h: Harness;
let admin: string;
let member: string;
let otherAdmin: string;
let adminId: number;
let vatRateId: number;
let customerId: number;
const today = todayInFrance();

const api = companyApi(
  () => h,
  () => admin,
);
const ok = async (method: 'GET' | 'POST', url: string, json?: unknown, as = admin) => {
  const answer = await api(method, url, json, as);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data as Json;
};

/** The log as the API answers it. */
const activity = async (query = '', as = admin, company = 1) =>
  api('GET', `/activity${query ? `?${query}` : ''}`, undefined, as, company);
/** The events of one object, newest first. */
const eventsOf = async (objectType: string, objectId: number) =>
  (await activity(`objectType=${objectType}&objectId=${objectId}&limit=200`)).body.data as Json[];
/** Every event of company 1, counted as the owner sees them (nothing hidden). */
const countAll = async () => {
  const result = (await h.db.owner.execute(
    sql`select count(*)::int as n from activity_events where company_id = 1`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
};

beforeAll(async () => {
  const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-activity-')), 'outbox');
  h = await bootHarness({ config: { outboxDir } });
  admin = await h.tokenFor('admin@demo.fr');
  member = await h.tokenFor('user@demo.fr');
  otherAdmin = await h.tokenFor('admin@autre-demo.fr');
  adminId = await h.userId('admin@demo.fr');
  const rates = (await ok('GET', '/vat-rates')) as { id: number; basisPoints: number }[];
  vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
  customerId = (
    await ok('POST', '/customers', {
      type: 'private',
      lastName: 'Lemoine',
      firstName: 'Paul',
      email: 'paul.lemoine@example.fr',
    })
  ).id;
});
afterAll(() => h.close());

/** A simple invoice of 100,00 € HT at 20 %, validated. */
async function validatedInvoice() {
  const created = await ok('POST', '/invoices', {
    kind: 'simple',
    customerId,
    lines: [{ label: 'Dépannage', unit: 'forfait', quantityMilli: 1_000, unitPriceCents: 10_000, vatRateId }],
  });
  return ok('POST', `/invoices/${created.id}/validate`, { version: created.version });
}

describe('one event per change, in its transaction', () => {
  it('customers: created, updated (the fields named), deleted; a stale edit writes none', async () => {
    const created = await ok('POST', '/customers', { type: 'private', lastName: 'Roux', firstName: 'Léa' });
    const edited = await ok('POST', `/customers/${created.id}/edit`, {
      id: created.id,
      version: created.version,
      city: 'Lyon',
    });
    const before = await countAll();
    const stale = await api('POST', `/customers/${created.id}/edit`, {
      id: created.id,
      version: created.version,
      city: 'Vienne',
    });
    expect(stale.status).toBe(409);
    expect(await countAll()).toBe(before);
    await ok('POST', `/customers/${created.id}/delete`);
    const events = await eventsOf('customer', created.id);
    expect(events.map((e) => e.kind)).toEqual(['customer.deleted', 'customer.updated', 'customer.created']);
    expect(events[2]).toMatchObject({
      userId: adminId,
      userName: 'Sophie Martin',
      objectType: 'customer',
      objectId: created.id,
      label: `Client ${created.customerCode} Léa Roux créé`,
    });
    expect(events[1].details).toEqual({ changed: ['city'] });
    expect(events[0].label).toBe(`Client ${edited.customerCode} Léa Roux supprimé`);
    // A customer in use is refused: no event.
    const inUse = await api('POST', '/customers/1/delete');
    expect(inUse.status).toBe(409);
    expect(await eventsOf('customer', 1)).not.toContainEqual(
      expect.objectContaining({ kind: 'customer.deleted' }),
    );
  });

  it('business jobs: created, reception date set (only when it changes); an unknown customer writes none', async () => {
    const job = await ok('POST', '/business-jobs', { name: 'Véranda Lemoine', customerId });
    await ok('POST', `/business-jobs/${job.id}/edit`, {
      id: job.id,
      version: job.version,
      deliveryDate: '2026-03-15',
    });
    const again = await ok('GET', `/business-jobs/${job.id}`);
    await ok('POST', `/business-jobs/${job.id}/edit`, {
      id: job.id,
      version: again.version,
      name: 'Véranda',
    });
    const before = await countAll();
    const refused = await api('POST', '/business-jobs', { name: 'Fantôme', customerId: 999_999 });
    expect(refused.status).toBe(404);
    expect(await countAll()).toBe(before);
    const events = await eventsOf('business_job', job.id);
    expect(events.map((e) => [e.kind, e.label])).toEqual([
      ['business_job.reception_date_set', 'Affaire Véranda Lemoine : réception des travaux le 15/03/2026'],
      ['business_job.created', 'Affaire Véranda Lemoine créée'],
    ]);
  });

  it('quotes: created, sent by mail, accepted on paper, refused online (no user: the customer)', async () => {
    const job = await ok('POST', '/business-jobs', { name: 'Cuisine Lemoine', customerId });
    const body = {
      businessJobId: job.id,
      title: 'Cuisine',
      validUntil: '2099-12-31',
      items: asItems([{ label: 'Pose', quantityMilli: 1_000, unitPriceCents: 50_000, vatRateId }]),
    };
    const mailed = await ok('POST', '/quotes', body);
    await ok('POST', `/quotes/${mailed.id}/send`, { to: 'paul.lemoine@example.fr' });
    const sent = await ok('GET', `/quotes/${mailed.id}`);
    await ok('POST', `/quotes/${mailed.id}/answer`, {
      version: sent.version,
      decision: 'accepted',
      signerName: 'Paul Lemoine',
    });
    expect((await eventsOf('quote', mailed.id)).map((e) => e.kind)).toEqual([
      'quote.accepted',
      'quote.sent',
      'quote.created',
    ]);
    // A mail that does not leave gives the send back: no event.
    const other = await ok('POST', '/quotes', body);
    const failing = createCheckedApps({
      config: h.config,
      db: h.db,
      log: h.log,
      deps: { mailer: { send: async () => Promise.reject(new Error('connect ECONNREFUSED')) } },
    });
    const refused = await failing.platform.request(`/v2/companies/1/quotes/${other.id}/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'paul.lemoine@example.fr' }),
    });
    expect(refused.status).toBe(502);
    expect((await eventsOf('quote', other.id)).map((e) => e.kind)).toEqual(['quote.created']);
    // Refused by the customer through the link.
    const { token, hash } = newAcceptanceToken();
    await h.db.withTenant(1, (tx) =>
      markQuoteSent(tx, 1, other.id, { today, now: new Date(), acceptanceTokenHash: hash, userId: adminId }),
    );
    const answered = await answerThroughLink(
      h.db,
      token,
      {
        decision: 'refuse',
        signerName: '',
        reason: 'Trop cher',
        ipAddress: '198.51.100.7',
        userAgent: 'test',
      },
      today,
    );
    expect(answered.ok).toBe(true);
    const [refusal] = await eventsOf('quote', other.id);
    expect(refusal).toMatchObject({
      kind: 'quote.refused',
      userId: null,
      userName: null,
      label: `Devis ${other.number} refusé en ligne`,
      details: { channel: 'online', reason: 'Trop cher' },
    });
  });

  it('invoices: validated, reverted with the reason asked, sent, cancelled; credit note issued; refusals write none', async () => {
    const invoice = await validatedInvoice();
    const before = await countAll();
    const noReason = await api('POST', `/invoices/${invoice.id}/revert`, {
      version: invoice.version,
      reason: ' ',
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error).toMatchObject({ key: 'validation', fields: { reason: 'required' } });
    const byMember = await api(
      'POST',
      `/invoices/${invoice.id}/revert`,
      { version: invoice.version, reason: 'Erreur' },
      member,
    );
    expect(byMember.status).toBe(403);
    expect(await countAll()).toBe(before);
    const reverted = await ok('POST', `/invoices/${invoice.id}/revert`, {
      version: invoice.version,
      reason: 'Quantité erronée',
    });
    const again = await ok('POST', `/invoices/${invoice.id}/validate`, { version: reverted.version });
    await ok('POST', `/invoices/${invoice.id}/send`, { to: 'paul.lemoine@example.fr' });
    const partial = await validatedInvoice();
    const credit = await ok('POST', `/invoices/${partial.id}/credit-notes`, {
      lines: [{ label: 'Geste commercial', quantityMilli: 1_000, unitPriceCents: 1_000, vatRateId }],
    });
    const sentInvoice = await ok('GET', `/invoices/${invoice.id}`);
    await ok('POST', `/invoices/${invoice.id}/cancel`, { version: sentInvoice.version });
    const events = await eventsOf('invoice', invoice.id);
    expect(events.map((e) => e.kind)).toEqual([
      'invoice.cancelled',
      'invoice.sent',
      'invoice.validated',
      'invoice.reverted',
      'invoice.validated',
    ]);
    expect(events[3]).toMatchObject({
      label: `Facture ${again.number} repassée en PROVISOIRE`,
      details: { reason: 'Quantité erronée' },
      userName: 'Sophie Martin',
    });
    expect(events[1].label).toBe(`Facture ${again.number} envoyée à paul.lemoine@example.fr`);
    expect(events[0].label).toMatch(new RegExp(`^Facture ${again.number} annulée par l'avoir AV-`));
    const issued = await eventsOf('invoice', credit.id);
    expect(issued).toEqual([
      expect.objectContaining({
        kind: 'credit_note.issued',
        label: `Avoir ${credit.number} émis sur la facture ${partial.number}`,
      }),
    ]);
  });

  it('payments: recorded and deleted; a refused row of a batch writes none', async () => {
    const invoice = await validatedInvoice();
    const paid = await api('POST', '/payments/batch-pay', {
      payments: [
        { invoiceId: invoice.id, amountCents: 2_000, paidOn: today, mode: 'transfer' },
        // More than the balance: refused, nothing written for it.
        { invoiceId: invoice.id, amountCents: 999_999, paidOn: today, mode: 'transfer' },
      ],
    });
    expect(paid.body.data.failed).toHaveLength(1);
    const [{ paymentId }] = paid.body.data.paid;
    const recorded = await eventsOf('payment', paymentId);
    expect(recorded).toEqual([
      expect.objectContaining({
        kind: 'payment.recorded',
        label: expect.stringMatching(
          new RegExp(`^Règlement de 20,00\\s€ enregistré sur facture ${invoice.number}$`),
        ),
        details: expect.objectContaining({ invoiceId: invoice.id, amountCents: 2_000, mode: 'transfer' }),
      }),
    ]);
    const kinds = async () =>
      ((await activity('kind=payment.recorded&limit=200')).body.data as Json[]).filter(
        (e) => e.details.invoiceId === invoice.id,
      );
    expect(await kinds()).toHaveLength(1);
    await api('POST', '/payments/batch-delete', { ids: [paymentId, 999_999] });
    expect((await eventsOf('payment', paymentId)).map((e) => e.kind)).toEqual([
      'payment.deleted',
      'payment.recorded',
    ]);
    expect(await eventsOf('payment', 999_999)).toEqual([]);
  });

  it('banks, VAT rates and settings: the field names only (never an IBAN)', async () => {
    const bank = await ok('POST', '/banks', {
      name: 'Banque Test',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
    });
    await ok('POST', `/banks/${bank.id}/edit`, { id: bank.id, version: bank.version, bic: 'AGRIFRPP' });
    await ok('POST', `/banks/${bank.id}/delete`);
    const bankEvents = await eventsOf('bank', bank.id);
    expect(bankEvents.map((e) => e.kind)).toEqual(['bank.deleted', 'bank.updated', 'bank.created']);
    expect(bankEvents[1].details).toEqual({ changed: ['bic'] });
    expect(JSON.stringify(bankEvents)).not.toContain('3000 6000');
    const rate = await ok('POST', '/vat-rates', {
      internalName: 'TVA test',
      pdfName: 'TVA 8,5 %',
      regulatoryText: '',
      customerCertificateText: '',
      showInSummary: true,
      basisPoints: 850,
      isDefault: false,
      vatAccountCode: '445715',
      productAccountCode: '706140',
    });
    const { used: _used, ...fields } = rate;
    await ok('POST', `/vat-rates/${rate.id}/edit`, { ...fields, basisPoints: 900 });
    expect((await eventsOf('vat_rate', rate.id)).map((e) => e.label)).toEqual([
      'Taux de TVA TVA test modifié',
      'Taux de TVA TVA test ajouté',
    ]);
    const { computed: _computed, ...costs } = await ok('GET', '/settings/costs');
    await ok('POST', '/settings/costs', costs);
    const [saved] = (await activity('kind=settings.updated')).body.data as Json[];
    expect(saved).toMatchObject({
      objectType: 'settings',
      objectId: null,
      label: 'Paramètres modifiés : Coûts',
      details: { page: 'costs' },
    });
  });

  it('users: invited, locked, unlocked, admin granted and revoked; locking oneself writes none', async () => {
    const invited = await api('POST', '/users', {
      lastName: 'Garnier',
      firstName: 'Hugo',
      email: 'hugo.garnier@demo.fr',
    });
    expect(invited.status).toBe(200);
    const id = invited.body.data.id;
    for (const change of [{ locked: true }, { locked: false }, { admin: true }, { admin: false }])
      await ok('POST', `/users/${id}/edit`, { id, ...change });
    const before = await countAll();
    const self = await api('POST', `/users/${adminId}/edit`, { id: adminId, locked: true });
    expect(self.status).toBe(409);
    expect(await countAll()).toBe(before);
    expect((await eventsOf('user', id)).map((e) => [e.kind, e.label])).toEqual([
      ['user.admin_revoked', 'Utilisateur Hugo Garnier : droits administrateur retirés'],
      ['user.admin_granted', 'Utilisateur Hugo Garnier : droits administrateur accordés'],
      ['user.unlocked', 'Utilisateur Hugo Garnier déverrouillé'],
      ['user.locked', 'Utilisateur Hugo Garnier verrouillé'],
      ['user.invited', 'Utilisateur Hugo Garnier invité'],
    ]);
  });
});

describe('reading the log', () => {
  it('the seed tells months of work with real objects, newest first', async () => {
    const { body } = await activity('limit=200');
    expect(body.total).toBeGreaterThan(50);
    const times = (body.data as Json[]).map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const validated = (await activity('kind=invoice.validated&limit=5&from=2000-01-01')).body.data as Json[];
    for (const event of validated) {
      const invoice = await api('GET', `/invoices/${event.objectId}`);
      expect(invoice.status).toBe(200);
      expect(event.label).toContain(invoice.body.data.number);
    }
    const oldest = await activity(`to=${today}&limit=1&offset=${body.total - 1}`);
    expect(Date.parse(oldest.body.data[0].occurredAt)).toBeLessThan(Date.now() - 30 * 86_400_000);
  });

  it('filters by kind, user, object and Paris days, and pages', async () => {
    const all = await activity(`userId=${adminId}&from=${today}&to=${today}&limit=200`);
    expect(all.status).toBe(200);
    expect((all.body.data as Json[]).every((e) => e.userId === adminId)).toBe(true);
    const page = await activity(`userId=${adminId}&from=${today}&to=${today}&limit=2&offset=1`);
    expect(page.body.total).toBe(all.body.total);
    expect(page.body.data.map((e: Json) => e.id)).toEqual(all.body.data.slice(1, 3).map((e: Json) => e.id));
    const customers = await activity('objectType=customer&kind=customer.created&limit=200');
    expect((customers.body.data as Json[]).every((e) => e.kind === 'customer.created')).toBe(true);
    // Tomorrow (Paris) has nothing yet.
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await activity(`from=${tomorrow}`)).body).toEqual({ data: [], total: 0 });
    expect((await activity(`from=${today}&to=2020-01-01`)).body.error.key).toBe('export_period_invalid');
    const bad = await activity('kind=invoice.deleted&limit=0&from=31/12/2026');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ kind: 'invalid', limit: 'number', from: 'date' });
    expect(activityKinds).toContain('user.admin_revoked');
  });

  it('is fenced by company: another company is refused, and its own log holds none of ours', async () => {
    expect((await activity('', otherAdmin)).status).toBe(403);
    expect((await api('GET', '/activity/export', undefined, otherAdmin)).status).toBe(403);
    const theirs = await activity('limit=200', otherAdmin, 2);
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toMatch(/Lemoine|Sophie Martin/);
    const ours = await activity(`objectType=customer&objectId=${customerId}`, otherAdmin, 2);
    expect(ours.body).toEqual({ data: [], total: 0 });
  });

  it('exports the filtered log as French CSV, a formula cell neutralised', async () => {
    // A user whose name a spreadsheet would run: « =HYPERLINK(…) ».
    const created = await ok('POST', '/users', {
      lastName: 'Piège',
      firstName: '=HYPERLINK("http://evil.example")',
      email: 'piege@demo.fr',
      password: 'chantier2026',
    });
    const trap = await h.tokenFor('piege@demo.fr');
    await ok('POST', '/customers', { type: 'private', lastName: 'Formule', firstName: 'Client' }, trap);
    const response = await h.request('GET', `/v2/companies/1/activity/export?userId=${created.id}`, {
      token: admin,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="suivi-activite_/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The byte order mark French Excel needs (a decoder drops it from the text).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFDate;Heure;Utilisateur;Type;Objet;N° objet;Description;Détails\r\n')).toBe(
      true,
    );
    const [, record] = text.split('\r\n');
    expect(record).toMatch(
      /^\d{2}\/\d{2}\/\d{4};\d{2}:\d{2};"'=HYPERLINK\(""http:\/\/evil\.example""\) Piège";Client créé;Client;/,
    );
  });
});

describe('append-only', () => {
  it('bo_app may add and read events, never change nor remove one', async () => {
    const [event] = (await activity('limit=1')).body.data as Json[];
    const attempt = (statement: ReturnType<typeof sql>) =>
      h.db
        .withTenant(1, (tx) => tx.execute(statement))
        .then(
          () => 'done',
          (error: Error & { cause?: { message?: string } }) =>
            `${error.message} ${error.cause?.message ?? ''}`,
        );
    expect(await attempt(sql`update activity_events set label = 'falsifié' where id = ${event.id}`)).toMatch(
      /permission denied/,
    );
    expect(await attempt(sql`delete from activity_events where id = ${event.id}`)).toMatch(
      /permission denied/,
    );
    expect(await attempt(sql`truncate activity_events`)).toMatch(/permission denied|must be owner/);
    const [still] = (await activity('limit=1')).body.data as Json[];
    expect(still).toEqual(event);
  });
});
