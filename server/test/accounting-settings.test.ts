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
    expect(spaced.body.error).toEqual({ key: 'validation', fields: { customerAccount: 'invalid' } });
    const missing = await call('POST', `${url}/edit`, admin, { prorataAccount: '604000' });
    expect(missing.body.error).toEqual({ key: 'validation', fields: { version: 'required' } });
  });
});
