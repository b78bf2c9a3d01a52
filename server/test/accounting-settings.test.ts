/** « Gestion comptabilité »: defaults, admin-only versioned edit, the fiscal year's rule. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let user: string;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@autre-demo.fr');
  user = await h.tokenFor('user@autre-demo.fr');
});
afterAll(() => h.close());

const url = '/v2/companies/2/settings/accounting';
const call = async (method: string, path: string, token: string, json?: unknown) => {
  const response = await h.request(method, path, { token, ...(json !== undefined ? { json } : {}) });
  return {
    status: response.status,
    body: (await response.json()) as { data: Record<string, unknown>; error?: unknown },
  };
};

describe('accounting settings', () => {
  it('reads the defaults before the first save, for any member', async () => {
    const { status, body } = await call('GET', url, user);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      customerAccount: '411000',
      prorataAccount: '604000',
      retainageAccount: '411700',
      salesAccount: '706000',
      vatAccount: '445710',
      advanceAccount: '419100',
      reverseChargeAccount: '706300',
      salesJournalCode: 'VE',
      bankJournalCode: 'BQ',
      fiscalYearStart: null,
      fiscalYearEnd: null,
      version: 1,
    });
  });

  it('an admin saves; an older version gets 409 stale_version; a user gets admin_required', async () => {
    const first = await call('POST', `${url}/edit`, admin, {
      version: 1,
      prorataAccount: '604100',
      fiscalYearStart: '2026-01-01',
      fiscalYearEnd: '2026-12-31',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      prorataAccount: '604100',
      fiscalYearEnd: '2026-12-31',
      version: 2,
    });
    const stale = await call('POST', `${url}/edit`, admin, { version: 1, prorataAccount: '604200' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ key: 'stale_version' });
    expect((await call('GET', url, user)).body.data.prorataAccount).toBe('604100');
    const refused = await call('POST', `${url}/edit`, user, { version: 2, prorataAccount: '604300' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ key: 'admin_required' });
  });

  it('refuses a fiscal year that ends before it starts, and a malformed account', async () => {
    const backwards = await call('POST', `${url}/edit`, admin, {
      version: 2,
      fiscalYearStart: '2026-12-31',
      fiscalYearEnd: '2026-01-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error).toEqual({ key: 'validation', fields: { fiscalYearEnd: 'invalid' } });
    const spaced = await call('POST', `${url}/edit`, admin, { version: 2, customerAccount: '411 000' });
    expect(spaced.body.error).toEqual({ key: 'validation', fields: { customerAccount: 'account_number' } });
    const missing = await call('POST', `${url}/edit`, admin, { prorataAccount: '604000' });
    expect(missing.body.error).toEqual({ key: 'validation', fields: { version: 'required' } });
  });

  it('accounts are digits of the chart of accounts (3 to 20, class 1 to 8): « NaN » never reaches a FEC', async () => {
    for (const [field, value] of [
      ['customerAccount', 'NaN'],
      ['retainageAccount', '411CLI'],
      ['advanceAccount', '41'],
      ['reverseChargeAccount', '070630'],
      ['salesAccount', '7'.repeat(21)],
      ['vatAccount', '4457-1'],
    ] as const) {
      const refused = await call('POST', `${url}/edit`, admin, { version: 2, [field]: value });
      expect(refused.status, `${field} ${value}`).toBe(422);
      const code = value.length > 20 ? 'too_long' : 'account_number';
      expect(refused.body.error).toEqual({ key: 'validation', fields: { [field]: code } });
    }
    const saved = await call('POST', `${url}/edit`, admin, {
      version: 2,
      advanceAccount: '41910000',
      reverseChargeAccount: '706210',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      advanceAccount: '41910000',
      reverseChargeAccount: '706210',
      version: 3,
    });
  });

  it("refuses another company's settings (the company comes from the token)", async () => {
    const other = await call('POST', '/v2/companies/1/settings/accounting/edit', admin, {
      version: 1,
      customerAccount: '411999',
    });
    expect([403, 404]).toContain(other.status);
  });
});
