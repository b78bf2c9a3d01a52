/** Gestion des banques: list, sheet, create, edit, delete; one default; IBAN/BIC; admin-only writes. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks, payments } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let user: string;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  user = await h.tokenFor('user@demo.fr');
});
afterAll(() => h.close());

interface BankJson {
  id: number;
  name: string;
  iban: string;
  bic: string;
  isDefault: boolean;
  version: number;
  [key: string]: unknown;
}
const api = async (method: string, url: string, json?: unknown, token = admin) => {
  const response = await h.request(method, url, { token, ...(json !== undefined ? { json } : {}) });
  return {
    status: response.status,
    body: (await response.json()) as {
      data: BankJson & BankJson[];
      error?: { key: string; fields?: object };
    },
  };
};
const base = '/v2/companies/1/banks';
const validIban = 'FR76 3000 6000 0112 3456 7890 189';
const defaults = async () =>
  (await api('GET', base)).body.data.filter((bank) => bank.isDefault).map((bank) => bank.name);

describe('banks', () => {
  it('lists the seeded banks with the fields of spec section 3, the default first, for any member', async () => {
    const { status, body } = await api('GET', base, undefined, user);
    expect(status).toBe(200);
    expect(body.data[0]).toMatchObject({ name: 'Crédit Agricole Centre-Est', isDefault: true });
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      [
        'accountingNumber',
        'address',
        'bankCode',
        'bic',
        'city',
        'country',
        'id',
        'iban',
        'isDefault',
        'name',
        'phone',
        'version',
        'zipCode',
      ].sort(),
    );
    expect(body.data.every((bank) => !JSON.stringify(bank).includes('Nantes'))).toBe(true);
  });

  it('creates a bank with its IBAN in electronic form and its BIC in upper case', async () => {
    const { status, body } = await api('POST', base, {
      name: 'Banque Populaire',
      iban: validIban,
      bic: 'ccbpfrpplyo',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: 'Banque Populaire',
      iban: 'FR7630006000011234567890189',
      bic: 'CCBPFRPPLYO',
      country: 'France',
      isDefault: false,
      version: 1,
    });
    const sheet = await api('GET', `${base}/${body.data.id}`, undefined, user);
    expect(sheet.body.data.name).toBe('Banque Populaire');
  });

  it('refuses a bad IBAN check digit and a bad BIC with their field codes', async () => {
    const { status, body } = await api('POST', base, {
      name: 'Mauvaise',
      iban: 'FR76 3000 6000 0112 3456 7890 188',
      bic: 'BNP',
    });
    expect(status).toBe(422);
    // The IBAN's shape is right, its check digits are not (issue 26: not a format error).
    expect(body.error).toEqual({ key: 'validation', fields: { iban: 'iban_checksum', bic: 'bic' } });
    const missing = await api('POST', base, { iban: validIban });
    expect(missing.body.error?.fields).toEqual({ name: 'required' });
  });

  it('keeps one default: choosing another moves the flag; the default cannot be unset alone', async () => {
    const created = await api('POST', base, { name: 'Zeta Banque', isDefault: true });
    expect(created.body.data.isDefault).toBe(true);
    expect(await defaults()).toEqual(['Zeta Banque']);
    const refused = await api('POST', `${base}/${created.body.data.id}/edit`, {
      id: created.body.data.id,
      version: 1,
      isDefault: false,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error?.key).toBe('bank_default_required');
    const list = (await api('GET', base)).body.data;
    const other = list.find((bank) => bank.name === 'Crédit Agricole Centre-Est')!;
    const moved = await api('POST', `${base}/${other.id}/edit`, {
      id: other.id,
      version: other.version,
      isDefault: true,
    });
    expect(moved.status).toBe(200);
    expect(await defaults()).toEqual(['Crédit Agricole Centre-Est']);
  });

  it('answers 409 stale_version to an edit from an older version, and keeps the newer save', async () => {
    const { body } = await api('POST', base, { name: 'Version' });
    const id = body.data.id;
    expect((await api('POST', `${base}/${id}/edit`, { id, version: 1, city: 'Lyon' })).status).toBe(200);
    const stale = await api('POST', `${base}/${id}/edit`, { id, version: 1, city: 'Paris' });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.key).toBe('stale_version');
    expect((await api('GET', `${base}/${id}`)).body.data).toMatchObject({ city: 'Lyon', version: 2 });
    const noVersion = await api('POST', `${base}/${id}/edit`, { id, city: 'Paris' });
    expect(noVersion.body.error).toEqual({ key: 'validation', fields: { version: 'required' } });
    const badIban = await api('POST', `${base}/${id}/edit`, { id, version: 2, iban: 'FR00' });
    expect(badIban.body.error).toEqual({ key: 'validation', fields: { iban: 'iban' } });
  });

  it('refuses every write to a non-admin (admin_required) and lets them read', async () => {
    const { body } = await api('GET', base, undefined, user);
    const id = body.data[0]!.id;
    for (const [url, json] of [
      [base, { name: 'Non' }],
      [`${base}/${id}/edit`, { id, version: body.data[0]!.version, name: 'Non' }],
      [`${base}/${id}/delete`, undefined],
    ] as const) {
      const answer = await api('POST', url, json, user);
      expect(answer.status).toBe(403);
      expect(answer.body.error?.key).toBe('admin_required');
    }
  });

  it('refuses to delete a bank that payments name (bank_in_use)', async () => {
    const [used] = await h.db.owner
      .select({ id: payments.bankId })
      .from(payments)
      .where(and(eq(payments.companyId, 1)))
      .limit(1);
    const answer = await api('POST', `${base}/${used!.id}/delete`);
    expect(answer.status).toBe(409);
    expect(answer.body.error?.key).toBe('bank_in_use');
  });

  it('deletes an unused bank; deleting the default hands the flag to another bank', async () => {
    const { body } = await api('POST', base, { name: 'AAA Éphémère', isDefault: true });
    const deleted = await api('POST', `${base}/${body.data.id}/delete`);
    expect(deleted.body.data).toEqual({ id: body.data.id });
    expect((await api('GET', `${base}/${body.data.id}`)).status).toBe(404);
    expect(await defaults()).toHaveLength(1);
  });

  it("the company's first bank is its default", async () => {
    // Company 2 loses its banks to test a company without any (its payments are moved away first).
    await h.db.owner.update(payments).set({ bankId: null }).where(eq(payments.companyId, 2));
    await h.db.owner.delete(banks).where(eq(banks.companyId, 2));
    const admin2 = await h.tokenFor('admin@autre-demo.fr');
    const first = await api('POST', '/v2/companies/2/banks', { name: 'Première' }, admin2);
    expect(first.body.data.isDefault).toBe(true);
  });
});
