/**
 * The preferences' rules (issue 12): admin-only writes, optimistic concurrency, the logo upload's
 * size and type and how it is served, VAT rates (percentage locked once used, one default), the
 * customer code format used by new customers, costs computed, Mon compte, invitations and the last
 * admin seat.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoRules } from '../../src/contract/preferences.js';
import { sampleComputedCosts, sampleCostFigures } from '../../src/contract/testing/costs.js';
import { activityEvents, libraryItems, quotes, users, vatRates } from '../src/db/schema.js';
import type { OutgoingMail } from '../src/mail/mailer.js';
import { readImageHeader } from '../src/preferences/image-header.js';
import { platformOrigin, testPassword } from './support/constants.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let user: string;
const sent: OutgoingMail[] = [];
beforeAll(async () => {
  h = await bootHarness({
    deps: {
      mailer: {
        send: async (mail) => {
          sent.push(mail);
          return { messageId: String(sent.length) };
        },
      },
    },
  });
  admin = await h.tokenFor('admin@demo.fr');
  user = await h.tokenFor('user@demo.fr');
});
afterAll(() => h.close());

const base = '/v2/companies/1';
const png = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};
const upload = (bytes: Uint8Array, type: string, token = admin) =>
  h.apps.platform.request(`${base}/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: bytes,
  });
const json = async <T = { data: Record<string, unknown> }>(response: Response) =>
  (await response.json()) as T;

async function company() {
  return (await json(await h.request('GET', `${base}/settings/company`, { token: user }))).data;
}

describe('company information', () => {
  it('every member reads it; an admin saves every field with the version read', async () => {
    const before = await company();
    expect(before).toMatchObject({ name: expect.any(String), version: expect.any(Number), logo: null });
    const { logo: _logo, version, ...fields } = before;
    const changes = {
      ...fields,
      siret: '732 829 320 00074',
      vatNumber: 'fr 40 303265045',
      capitalCents: 1_000_000,
      foundationDate: '2012-03-01',
      apeCode: '43.21a',
      workforce: 12,
      insuranceName: 'SMABTP',
      insuranceContractNumber: 'DEC-42',
    };
    const response = await h.request('POST', `${base}/settings/company/edit`, {
      token: admin,
      json: { ...changes, version },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({
      siret: '73282932000074',
      vatNumber: 'FR40303265045',
      apeCode: '43.21A',
      foundationDate: '2012-03-01',
      version: (version as number) + 1,
    });
    // The same version again: someone saved in between.
    const stale = await h.request('POST', `${base}/settings/company/edit`, {
      token: admin,
      json: { ...changes, name: 'Autre', version },
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: { key: 'stale_version' } });
    expect((await company()).name).toBe(fields.name);
  });

  it('refuses a SIRET or VAT number whose key is wrong (422, by field)', async () => {
    const { logo: _logo, ...current } = await company();
    const response = await h.request('POST', `${base}/settings/company/edit`, {
      token: admin,
      json: { ...current, siret: '73282932000075', vatNumber: 'FR41303265045', foundationDate: '01/03/2012' },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        key: 'validation',
        fields: { siret: 'siret', vatNumber: 'vat_number', foundationDate: 'date' },
      },
    });
  });

  it('a non-admin cannot change it (403 admin_required)', async () => {
    const { logo: _logo, ...current } = await company();
    const response = await h.request('POST', `${base}/settings/company/edit`, {
      token: user,
      json: { ...current, name: 'Pirate' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { key: 'admin_required' } });
    expect((await company()).name).not.toBe('Pirate');
  });
});

describe('logo', () => {
  it('an admin uploads a PNG: the company points at it, members get it back with safe headers', async () => {
    // A real 1 × 1 PNG: an image's header is read and the image made to the documents' size.
    const pixel = new Uint8Array(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    const response = await upload(pixel, 'image/png');
    expect(response.status).toBe(200);
    const { logo } = (await json(response)).data;
    expect(logo).toMatch(/^\/v2\/companies\/1\/logo\?v=\d+$/);
    const served = await h.request('GET', logo as string, { token: user });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(png().subarray(0, 8));
    expect(readImageHeader(bytes)).toEqual({ type: 'image/png', width: 1, height: 1 });
  });

  it('an SVG is stored but never served inline: attachment, nosniff, no script allowed', async () => {
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await upload(svg, 'image/svg+xml')).status).toBe(200);
    const served = await h.request('GET', `${base}/logo`, { token: admin });
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  });

  it('too large: 413 file_too_large, the stored logo stays', async () => {
    const before = (await company()).logo;
    const response = await upload(png(logoRules.maxBytes + 1), 'image/png');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { key: 'file_too_large' } });
    expect((await company()).logo).toBe(before);
  });

  it('not an accepted image, or not what it claims: 415 unsupported_file_format', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    for (const [bytes, type] of [
      [html, 'image/png'],
      [html, 'text/html'],
      [png(), 'image/svg+xml'],
      [new TextEncoder().encode('%PDF-1.7'), 'application/pdf'],
    ] as const) {
      const response = await upload(bytes, type);
      expect(response.status, type).toBe(415);
      expect(await response.json()).toEqual({ error: { key: 'unsupported_file_format' } });
    }
  });

  it('a non-admin cannot upload (403)', async () => {
    expect((await upload(png(), 'image/png', user)).status).toBe(403);
  });
});

describe('VAT rates', () => {
  const rateBody = {
    internalName: 'TVA test',
    pdfName: 'TVA 8,5 %',
    regulatoryText: '',
    customerCertificateText: '',
    showInSummary: true,
    basisPoints: 850,
    isDefault: false,
    vatAccountCode: '445715',
    productAccountCode: '706140',
  };

  it('an admin creates a rate; anyone reads it; an unused rate may change its percentage', async () => {
    const created = await h.request('POST', `${base}/vat-rates`, { token: admin, json: rateBody });
    expect(created.status).toBe(200);
    const rate = (await json(created)).data;
    expect(rate).toMatchObject({ ...rateBody, used: false, version: 1 });
    const read = await h.request('GET', `${base}/vat-rates/${rate.id}`, { token: user });
    expect((await json(read)).data).toEqual(rate);
    const edited = await h.request('POST', `${base}/vat-rates/${rate.id}/edit`, {
      token: admin,
      json: { ...rateBody, id: rate.id, version: 1, basisPoints: 900 },
    });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data).toMatchObject({ basisPoints: 900, version: 2 });
    const stale = await h.request('POST', `${base}/vat-rates/${rate.id}/edit`, {
      token: admin,
      json: { ...rateBody, id: rate.id, version: 1 },
    });
    expect(await stale.json()).toEqual({ error: { key: 'stale_version' } });
  });

  it('a used rate keeps its percentage (409 vat_percentage_used) but its names may change', async () => {
    const [used] = await h.db.owner
      .select()
      .from(vatRates)
      .where(and(eq(vatRates.companyId, 1), eq(vatRates.rateBasisPoints, 2000)));
    const detail = (await json(await h.request('GET', `${base}/vat-rates/${used!.id}`, { token: admin })))
      .data;
    expect(detail.used).toBe(true);
    const { used: _u, ...fields } = detail;
    const refused = await h.request('POST', `${base}/vat-rates/${used!.id}/edit`, {
      token: admin,
      json: { ...fields, basisPoints: 2100 },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { key: 'vat_percentage_used' } });
    const renamed = await h.request('POST', `${base}/vat-rates/${used!.id}/edit`, {
      token: admin,
      json: { ...fields, pdfName: 'TVA 20 % (taux normal)' },
    });
    expect(renamed.status).toBe(200);
    expect((await json(renamed)).data).toMatchObject({
      basisPoints: 2000,
      pdfName: 'TVA 20 % (taux normal)',
    });
  });

  it('exactly one default: a new default takes the flag; the default cannot just be unset', async () => {
    const defaults = async () =>
      h.db.owner
        .select({ id: vatRates.id })
        .from(vatRates)
        .where(and(eq(vatRates.companyId, 1), eq(vatRates.isDefault, true)));
    const created = await h.request('POST', `${base}/vat-rates`, {
      token: admin,
      json: { ...rateBody, internalName: 'Nouveau défaut', isDefault: true },
    });
    const rate = (await json(created)).data;
    expect(await defaults()).toEqual([{ id: rate.id }]);
    // Its effect: the list the invoice lines choose from (GET vat-rates) offers it as the default.
    const choices = await json<{ data: { id: number; isDefault: boolean; basisPoints: number }[] }>(
      await h.request('GET', `${base}/vat-rates`, { token: user }),
    );
    expect(choices.data.filter((choice) => choice.isDefault).map((choice) => choice.id)).toEqual([rate.id]);
    expect(choices.data.find((choice) => choice.id === rate.id)?.basisPoints).toBe(850);
    const { used: _u, ...fields } = rate;
    const unset = await h.request('POST', `${base}/vat-rates/${rate.id}/edit`, {
      token: admin,
      json: { ...fields, isDefault: false },
    });
    expect(unset.status).toBe(409);
    expect(await unset.json()).toEqual({ error: { key: 'vat_default_required' } });
    expect(await defaults()).toEqual([{ id: rate.id }]);
  });

  it('a non-admin cannot create or edit (403), another company id is 404', async () => {
    expect((await h.request('POST', `${base}/vat-rates`, { token: user, json: rateBody })).status).toBe(403);
    const [other] = await h.db.owner.select().from(vatRates).where(eq(vatRates.companyId, 2)).limit(1);
    expect((await h.request('GET', `${base}/vat-rates/${other!.id}`, { token: admin })).status).toBe(404);
  });

  it('deletes a rate nothing uses (event vat_rate.deleted); refuses one in use, the default, another company’s', async () => {
    const remove = async (id: number, token = admin) => {
      const response = await h.request('POST', `${base}/vat-rates/${id}/delete`, { token });
      return { status: response.status, body: await json<unknown>(response) };
    };
    const deletedEvents = () =>
      h.db.owner
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.companyId, 1), eq(activityEvents.kind, 'vat_rate.deleted')));
    const rate = (
      await json<{ data: { id: number } }>(
        await h.request('POST', `${base}/vat-rates`, {
          token: admin,
          json: { ...rateBody, internalName: 'TVA à supprimer' },
        }),
      )
    ).data;
    expect((await remove(rate.id, user)).status).toBe(403);
    const [other] = await h.db.owner.select().from(vatRates).where(eq(vatRates.companyId, 2)).limit(1);
    expect(await remove(other!.id)).toEqual({ status: 404, body: { error: { key: 'not_found' } } });
    expect(await h.db.owner.select().from(vatRates).where(eq(vatRates.id, other!.id))).toHaveLength(1);
    // Each thing that may name a rate refuses its delete: a library item, a line of a quote's content.
    const inUse = { status: 409, body: { error: { key: 'vat_rate_in_use' } } };
    const [item] = await h.db.owner
      .insert(libraryItems)
      .values({ companyId: 1, kind: 'supply', designation: 'Tuile', unitCostCents: 100, vatRateId: rate.id })
      .returning({ id: libraryItems.id });
    expect(await remove(rate.id)).toEqual(inUse);
    await h.db.owner.delete(libraryItems).where(eq(libraryItems.id, item!.id));
    const [quote] = await h.db.owner.select({ id: quotes.id, items: quotes.items }).from(quotes).limit(1);
    const option = { kind: 'option', designation: 'Option', vatRateId: rate.id };
    await h.db.owner
      .update(quotes)
      .set({ items: [{ kind: 'chapter', title: 'Lot', items: [option] }] })
      .where(eq(quotes.id, quote!.id));
    expect(await remove(rate.id)).toEqual(inUse);
    await h.db.owner.update(quotes).set({ items: quote!.items }).where(eq(quotes.id, quote!.id));
    // Invoice and quote lines: the seed's 20 % rate; the default rate stays.
    const [used] = await h.db.owner
      .select()
      .from(vatRates)
      .where(and(eq(vatRates.companyId, 1), eq(vatRates.rateBasisPoints, 2000)));
    expect(await remove(used!.id)).toEqual(inUse);
    const [byDefault] = await h.db.owner
      .select()
      .from(vatRates)
      .where(and(eq(vatRates.companyId, 1), eq(vatRates.isDefault, true)));
    expect(await remove(byDefault!.id)).toEqual({
      status: 409,
      body: { error: { key: 'vat_default_required' } },
    });
    expect(await deletedEvents()).toEqual([]);
    expect(await remove(rate.id)).toEqual({ status: 200, body: { data: { id: rate.id } } });
    expect(await h.db.owner.select().from(vatRates).where(eq(vatRates.id, rate.id))).toEqual([]);
    expect((await deletedEvents()).map((e) => [e.objectType, e.objectId, e.label, e.details])).toEqual([
      ['vat_rate', rate.id, 'Taux de TVA TVA à supprimer supprimé', { basisPoints: 850 }],
    ]);
    expect((await remove(rate.id)).status).toBe(404);
  });
});

describe('customer code format', () => {
  it('defaults to the spec’s 00001 counter; a new format is what the next customer gets', async () => {
    const read = (await json(await h.request('GET', `${base}/settings/customer-code`, { token: user }))).data;
    expect(read).toMatchObject({ prefix: '', digits: 5 });
    expect(read.nextCode).toMatch(/^\d{5}$/);
    const saved = await h.request('POST', `${base}/settings/customer-code`, {
      token: admin,
      json: { prefix: 'CL-', digits: 4, nextValue: 120, version: read.version },
    });
    expect((await json(saved)).data).toEqual({
      prefix: 'CL-',
      digits: 4,
      nextValue: 120,
      nextCode: 'CL-0120',
      version: (read.version as number) + 1,
    });
    // The customer form's settings say the same, and a new customer gets it.
    const settings = await json<{ data: { nextCustomerCode: string } }>(
      await h.request('GET', `${base}/customer-settings`, { token: user }),
    );
    expect(settings.data.nextCustomerCode).toBe('CL-0120');
    const customer = await h.request('POST', `${base}/customers`, {
      token: user,
      json: { type: 'private', lastName: 'Format' },
    });
    expect((await json(customer)).data.customerCode).toBe('CL-0120');
  });

  it('a stale save is refused; a next value left alone keeps the counter new customers moved', async () => {
    const read = async () =>
      (await json(await h.request('GET', `${base}/settings/customer-code`, { token: user }))).data;
    const before = await read();
    // Another admin saves first, from the same version: this one is told, nothing of it is stored.
    const first = await h.request('POST', `${base}/settings/customer-code`, {
      token: admin,
      json: { prefix: 'CA-', version: before.version },
    });
    expect(first.status).toBe(200);
    const second = await h.request('POST', `${base}/settings/customer-code`, {
      token: admin,
      json: { prefix: 'CB-', version: before.version },
    });
    expect([second.status, await second.json()]).toEqual([409, { error: { key: 'stale_version' } }]);
    const after = await read();
    expect(after).toMatchObject({
      prefix: 'CA-',
      nextValue: before.nextValue,
      version: (before.version as number) + 1,
    });
    // A customer created meanwhile moves the counter; a save of the digits alone leaves it there.
    await h.request('POST', `${base}/customers`, {
      token: user,
      json: { type: 'private', lastName: 'Compteur' },
    });
    const digits = await h.request('POST', `${base}/settings/customer-code`, {
      token: admin,
      json: { digits: 6, version: after.version },
    });
    expect((await json(digits)).data).toMatchObject({
      prefix: 'CA-',
      digits: 6,
      nextValue: (after.nextValue as number) + 1,
    });
  });

  it('refuses a bad prefix or digits (422) and a non-admin (403)', async () => {
    const bad = await h.request('POST', `${base}/settings/customer-code`, {
      token: admin,
      json: { prefix: 'C L', digits: 0, nextValue: 1, version: 1 },
    });
    expect(await bad.json()).toEqual({
      error: { key: 'validation', fields: { prefix: 'customer_code', digits: 'number' } },
    });
    const denied = await h.request('POST', `${base}/settings/customer-code`, {
      token: user,
      json: { prefix: '', digits: 5, nextValue: 1 },
    });
    expect(denied.status).toBe(403);
  });
});

describe('costs and sale prices', () => {
  it('any member saves them; the hourly cost and sale price are computed', async () => {
    const read = (await json(await h.request('GET', `${base}/settings/costs`, { token: user }))).data;
    const { computed: _c, version, ...fields } = read;
    const response = await h.request('POST', `${base}/settings/costs`, {
      token: user,
      json: {
        ...fields,
        version,
        ...sampleCostFigures,
      },
    });
    expect(response.status).toBe(200);
    // The contract's worked example: 29 € an hour, 20 € of structure, sold 56,60 €.
    expect((await json(response)).data.computed).toEqual(sampleComputedCosts);
    const stale = await h.request('POST', `${base}/settings/costs`, {
      token: user,
      json: { ...fields, version },
    });
    expect(stale.status).toBe(409);
  });
});

describe('Mon compte', () => {
  it('the user reads and changes their own details, not their rights', async () => {
    const me = (await json(await h.request('GET', '/v2/account', { token: user }))).data;
    expect(me).toMatchObject({ email: 'user@demo.fr', admin: false, enterpriseId: 1 });
    const details = {
      lastName: 'Nouveau',
      firstName: 'Nom',
      job: 'Chef de chantier',
      phone: '06 00 00 00 00',
    };
    // Their rights are not part of the body: refused by name, nothing stored.
    const forged = await h.request('POST', '/v2/account/edit', {
      token: user,
      json: { ...details, admin: true },
    });
    expect([forged.status, await forged.json()]).toEqual([
      422,
      { error: { key: 'validation', fields: { admin: 'unknown' } } },
    ]);
    expect((await json(await h.request('GET', '/v2/account', { token: user }))).data).toEqual(me);
    const edited = await h.request('POST', '/v2/account/edit', { token: user, json: details });
    expect(edited.status).toBe(200);
    expect((await json(edited)).data).toMatchObject({ lastName: 'Nouveau', admin: false });
  });

  it('a password change needs the current password', async () => {
    const wrong = await h.request('POST', '/v2/account/password', {
      token: user,
      json: { currentPassword: 'not-it', newPassword: 'nouveau-mot-de-passe' },
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({
      error: { key: 'wrong_current_password', fields: { currentPassword: 'invalid' } },
    });
    const short = await h.request('POST', '/v2/account/password', {
      token: user,
      json: { currentPassword: testPassword, newPassword: 'court' },
    });
    expect(await short.json()).toEqual({
      error: { key: 'validation', fields: { newPassword: 'too_short' } },
    });
    const ok = await h.request('POST', '/v2/account/password', {
      token: user,
      json: { currentPassword: testPassword, newPassword: 'nouveau-mot-de-passe' },
    });
    expect(ok.status).toBe(200);
    const signIn = await h.apps.platform.request('/login', {
      method: 'POST',
      headers: { origin: platformOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'user@demo.fr', password: 'nouveau-mot-de-passe', redirect: '' }),
    });
    expect(signIn.status).toBe(303);
  });
});

describe('users: invitation and the last admin seat', () => {
  it('a user created without a password gets a one-time link to choose one, then signs in', async () => {
    const created = await h.request('POST', `${base}/users`, {
      token: admin,
      json: { lastName: 'Invité', firstName: 'Ines', email: 'ines.invitee@demo.fr' },
    });
    expect(created.status).toBe(200);
    const { invitation } = await json<{ invitation: { url: string } }>(created);
    expect(invitation.url).toMatch(new RegExp(`^${platformOrigin}/invitation/[A-Za-z0-9_-]{43}$`));
    // The link is mailed to the new user too.
    expect(sent.at(-1)).toMatchObject({
      to: 'ines.invitee@demo.fr',
      subject: expect.stringContaining('accès'),
    });
    expect(sent.at(-1)!.text).toContain(invitation.url);
    const path = new URL(invitation.url).pathname;
    const page = await h.apps.platform.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ines.invitee@demo.fr');
    const post = (password: string, confirmation = password) =>
      h.apps.platform.request(path, {
        method: 'POST',
        headers: { origin: platformOrigin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password, confirmation }),
      });
    const mismatch = await post('un-mot-de-passe', 'un-autre');
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain('Les deux mots de passe ne sont pas identiques.');
    const tooLong = await post('x'.repeat(201));
    expect(tooLong.status).toBe(422);
    expect(await tooLong.text()).toContain('Le mot de passe doit contenir au plus 200 caractères.');
    expect((await post('un-mot-de-passe')).status).toBe(200);
    // Spent: the link works once.
    expect((await post('encore-un-autre')).status).toBe(410);
    const signIn = await h.apps.platform.request('/login', {
      method: 'POST',
      headers: { origin: platformOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'ines.invitee@demo.fr', password: 'un-mot-de-passe', redirect: '' }),
    });
    expect(signIn.status).toBe(303);
  });

  it('an email already used: 409 email_already_used, no user, no invitation', async () => {
    const response = await h.request('POST', `${base}/users`, {
      token: admin,
      json: { lastName: 'Double', firstName: 'Dan', email: 'USER@demo.fr' },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { key: 'email_already_used' } });
    expect(sent.some((mail) => mail.to.toLowerCase() === 'user@demo.fr')).toBe(false);
  });

  it('an unknown or malformed invitation token says the link is no longer valid', async () => {
    for (const token of ['x', 'A'.repeat(43)]) {
      const response = await h.apps.platform.request(`/invitation/${token}`);
      expect(response.status).toBe(410);
    }
  });

  it('the only admin cannot lock or demote themself (409 cannot_modify_self); the company keeps an admin', async () => {
    const adminId = await h.userId('admin@demo.fr');
    for (const change of [{ locked: true }, { admin: false }]) {
      const response = await h.request('POST', `${base}/users/${adminId}/edit`, {
        token: admin,
        json: { id: adminId, ...change },
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: { key: 'cannot_modify_self' } });
    }
    const admins = await h.db.owner
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, 1), eq(users.admin, true), eq(users.locked, false)));
    expect(admins.map((a) => a.id)).toContain(adminId);
  });
});

describe('notifications: the read filter', () => {
  it('read=false lists the unread only, read=true the read only; hits counts the filter', async () => {
    const all = await json<{
      data: { read_at: string | null }[];
      info: { hits: number; totalUnreads: number };
    }>(await h.request('GET', '/v2/notifications?limit=100', { token: admin }));
    const unread = await json<typeof all>(
      await h.request('GET', '/v2/notifications?limit=100&read=false', { token: admin }),
    );
    const read = await json<typeof all>(
      await h.request('GET', '/v2/notifications?limit=100&read=true', { token: admin }),
    );
    expect(unread.data.every((n) => n.read_at === null)).toBe(true);
    expect(read.data.every((n) => n.read_at !== null)).toBe(true);
    expect(unread.info.hits + read.info.hits).toBe(all.info.hits);
    expect(unread.info.hits).toBe(all.info.totalUnreads);
    expect(read.info.totalUnreads).toBe(all.info.totalUnreads);
    const bad = await h.request('GET', '/v2/notifications?read=maybe', { token: admin });
    expect(bad.status).toBe(422);
  });
});
