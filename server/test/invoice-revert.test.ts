/**
 * Issue 18: an invoice that left the editor is never reverted. Validated at 144,00 €, it may go
 * back to PROVISOIRE (an admin, with a reason) only while it was not yet mailed nor downloaded; every
 * validated version is kept with its reason; afterwards the answer is 409 invoice_already_sent and
 * a correction is a credit note. Who may revert or cancel (docs/decisions.md). Runs on PGlite and,
 * with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/mail/mailer.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, createCheckedApps, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let member: string;
let otherAdmin: string;
let vatRateId: number;
let customerId: number;

const api = companyApi(
  () => h,
  () => admin,
);

/** A simple invoice of `cents` HT at 20 % (120,00 € HT: 144,00 € TTC); validated unless asked. */
async function invoice(cents = 12_000, validate = true) {
  const created = await api('POST', '/invoices', {
    kind: 'simple',
    customerId,
    lines: [
      { label: 'Pose de parquet', unit: 'forfait', quantityMilli: 1_000, unitPriceCents: cents, vatRateId },
    ],
  });
  expect(created.status).toBe(200);
  if (!validate) return created.body.data as Json;
  const validated = await api('POST', `/invoices/${created.body.data.id}/validate`, {
    version: created.body.data.version,
  });
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  return validated.body.data as Json;
}

const revert = (inv: Json, as = admin, reason: unknown = 'Erreur de quantité avant envoi') =>
  api('POST', `/invoices/${inv.id}/revert`, { version: inv.version, reason }, as);

const download = async (inv: Json, suffix: string) => {
  const response = await h.request('GET', `/v2/companies/1/invoices/${inv.id}/${suffix}`, { token: admin });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
};

/** The app with another mailer (a fake that records, or one that fails). */
function appWith(mailer: Mailer) {
  return createCheckedApps({ config: h.config, db: h.db, log: h.log, deps: { mailer } });
}
const send = (apps: ReturnType<typeof appWith>, inv: Json) =>
  apps.platform.request(`/v2/companies/1/invoices/${inv.id}/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ to: 'client@example.fr' }),
  });

beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  member = await h.tokenFor('user@demo.fr');
  otherAdmin = await h.tokenFor('admin@autre-demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
  const customer = await api('POST', '/customers', {
    type: 'private',
    lastName: 'Durand',
    firstName: 'Alice',
    email: 'alice.durand@example.fr',
  });
  customerId = customer.body.data.id;
});
afterAll(() => h.close());

describe('revert before the invoice leaves the editor', () => {
  it('keeps the number and every validated version with its reason; the editor preview does not count', async () => {
    const issued = await invoice(12_000);
    expect(issued.totalInclTaxCents).toBe(14_400);
    // The editor's own preview is not a download.
    const preview = await h.request('GET', `/v2/companies/1/invoices/${issued.id}/pdf?preview=1`, {
      token: admin,
    });
    expect(preview.status).toBe(200);
    const reverted = await revert(issued);
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(reverted.body.data).toMatchObject({ status: 'PROVISOIRE', number: issued.number });
    const edited = await api('POST', `/invoices/${issued.id}/edit`, {
      id: issued.id,
      version: reverted.body.data.version,
      lines: [
        { label: 'Pose de parquet', unit: 'forfait', quantityMilli: 1_000, unitPriceCents: 9_000, vatRateId },
      ],
    });
    expect(edited.status).toBe(200);
    const again = await api('POST', `/invoices/${issued.id}/validate`, { version: edited.body.data.version });
    expect(again.body.data).toMatchObject({ number: issued.number, totalInclTaxCents: 10_800 });
    const versions = await api('GET', `/invoices/${issued.id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.data).toEqual([
      expect.objectContaining({
        versionNumber: 1,
        number: issued.number,
        totalInclTaxCents: 14_400,
        reason: 'Erreur de quantité avant envoi',
        revertedBy: expect.any(String),
      }),
    ]);
    // The version kept is the frozen document of that validation.
    const [row] = (
      (await h.db.owner.execute(
        `select document from invoice_versions where invoice_id = ${Number(issued.id)}`,
      )) as unknown as { rows: { document: Json }[] }
    ).rows;
    expect(row!.document.document.number).toBe(issued.number);
  });

  it('asks for a reason', async () => {
    const issued = await invoice();
    const missing = await api('POST', `/invoices/${issued.id}/revert`, { version: issued.version });
    expect(missing.body.error).toMatchObject({ key: 'validation', fields: { reason: 'required' } });
    for (const reason of [null, '', '   ']) {
      const refused = await revert(issued, admin, reason);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ key: 'validation', fields: { reason: 'required' } });
    }
  });

  it('is an admin’s: a member gets 403 admin_required', async () => {
    const issued = await invoice();
    const refused = await revert(issued, member);
    expect([refused.status, refused.body]).toEqual([403, { error: { key: 'admin_required' } }]);
  });

  it('another company cannot revert nor read the versions of this company’s invoice', async () => {
    const issued = await invoice();
    const theirs = await api(
      'POST',
      `/invoices/${issued.id}/revert`,
      { version: issued.version, reason: 'Pirate' },
      otherAdmin,
      2,
    );
    expect(theirs.status).toBe(404);
    expect((await api('GET', `/invoices/${issued.id}/versions`, undefined, otherAdmin, 2)).status).toBe(404);
    expect((await api('GET', `/invoices/${issued.id}`)).body.data.status).toBe('VALIDATED');
  });
});

describe('once sent or downloaded, a credit note corrects it', () => {
  it('mailed: 409 invoice_already_sent, whose French sentence says to issue a credit note', async () => {
    const issued = await invoice();
    const mails: unknown[] = [];
    const sent = await send(
      appWith({
        send: async (mail) => {
          mails.push(mail);
          return { messageId: '<test@example.fr>' };
        },
      }),
      issued,
    );
    expect(sent.status).toBe(200);
    expect(mails).toHaveLength(1);
    const refused = await revert(issued);
    expect([refused.status, refused.body]).toEqual([409, { error: { key: 'invoice_already_sent' } }]);
    expect((await api('GET', `/invoices/${issued.id}/versions`)).body.data).toEqual([]);
  });

  it('a mail that did not leave does not count', async () => {
    const issued = await invoice();
    const failed = await send(
      appWith({
        send: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      }),
      issued,
    );
    expect(failed.status).toBe(502);
    expect((await revert(issued)).status).toBe(200);
  });

  it('its PDF downloaded (the link, the ZIP) or its XML: 409 invoice_already_sent', async () => {
    for (const suffix of ['pdf', 'factur-x.xml']) {
      const issued = await invoice();
      await download(issued, suffix);
      const refused = await revert(issued);
      expect([suffix, refused.status, refused.body.error?.key]).toEqual([
        suffix,
        409,
        'invoice_already_sent',
      ]);
    }
  });

  it('a draft’s PDF is no release: validated later, it may still be reverted', async () => {
    const draft = await invoice(12_000, false);
    await download(draft, 'pdf');
    const validated = await api('POST', `/invoices/${draft.id}/validate`, { version: draft.version });
    expect((await revert(validated.body.data)).status).toBe(200);
  });
});

describe('cancel', () => {
  it('a validated invoice’s credit note is an admin’s; a member may still cancel (delete) a draft', async () => {
    const issued = await invoice();
    const refused = await api('POST', `/invoices/${issued.id}/cancel`, { version: issued.version }, member);
    expect([refused.status, refused.body]).toEqual([403, { error: { key: 'admin_required' } }]);
    expect((await api('GET', `/invoices/${issued.id}`)).body.data.cancelled).toBe(false);
    const cancelled = await api('POST', `/invoices/${issued.id}/cancel`, { version: issued.version });
    expect(cancelled.status).toBe(200);
    const draft = await invoice(5_000, false);
    // The admin's session held the draft's edit lock since its creation.
    await api('POST', `/invoices/${draft.id}/unlock`, {});
    const deleted = await api('POST', `/invoices/${draft.id}/cancel`, { version: draft.version }, member);
    expect(deleted.body).toEqual({ data: { id: draft.id, deleted: true } });
  });
});
