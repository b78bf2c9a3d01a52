/**
 * The brief memory of confirmed bearer tokens (auth/session-cache.ts): what it may and may not
 * keep. Logout and lock are covered by sessions.test.ts and users.test.ts in one instance, and by
 * revocation-instances.test.ts across two (each uses the token just before revoking it, so the
 * token is remembered when it is revoked).
 */
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCacheSeconds } from '../src/auth/session-cache.js';
import { sessions, users } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await bootHarness();
});
afterAll(() => h.close());
afterEach(() => {
  vi.useRealTimers();
});

const isValid = (token: string) => h.request('GET', '/api/jwt/access-token/is-valid', { token });

describe('remembered bearer tokens', () => {
  it('an admin demoted elsewhere loses the admin-only operations at once, even with a token just used', async () => {
    const adminToken = await h.tokenFor('admin@demo.fr');
    const adminId = await h.userId('admin@demo.fr');
    const userId = await h.userId('user@demo.fr');
    const editUser = () =>
      h.request('POST', `/v2/companies/1/users/${userId}/edit`, {
        token: adminToken,
        // A flag change (the spec's id plus one field): it needs no version read, each call alike.
        json: { id: userId, locked: false },
      });
    expect((await editUser()).status).toBe(200);
    // Demoted by another instance of the API (straight in the database: nothing told this process).
    await h.db.owner.update(users).set({ admin: false }).where(eq(users.id, adminId));
    try {
      const response = await editUser();
      expect([response.status, await response.json()]).toEqual([403, { error: { key: 'admin_required' } }]);
    } finally {
      await h.db.owner.update(users).set({ admin: true }).where(eq(users.id, adminId));
    }
  });

  it(`a session ended straight in the database (not through the API) is refused at most ${sessionCacheSeconds} s later`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await h.tokenFor('user@demo.fr');
    expect((await isValid(token)).status).toBe(200);
    await h.db.owner
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, decodeJwt(token).sid as string));
    // Nothing told the API: within the remembered seconds it has not asked the database again
    // (the bound of docs/api.md); past them, it does, and refuses.
    expect((await isValid(token)).status).toBe(200);
    vi.setSystemTime(Date.now() + sessionCacheSeconds * 1000 + 1);
    expect((await isValid(token)).status).toBe(401);
  });

  it('a token is remembered only as it was sent: another token of the same session is checked', async () => {
    const token = await h.tokenFor('user@demo.fr');
    expect((await isValid(token)).status).toBe(200);
    // The same claims with a broken signature: never taken for the remembered token.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await isValid(forged)).status).toBe(401);
  });
});
