import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
let adminId: number;
let userId: number;
beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  adminId = await h.userId('admin@demo.fr');
  userId = await h.userId('user@demo.fr');
});
afterAll(() => h.close());

const userKeys = ['admin', 'email', 'firstName', 'id', 'job', 'lastName', 'locked', 'phone', 'version'];

describe('GET /v2/companies/{enterprise_id}/users', () => {
  it('lists the company users in camelCase, by name, without secrets', async () => {
    const response = await h.request('GET', '/v2/companies/1/users', {
      token: await h.tokenFor('user@demo.fr'),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown>[] };
    expect(data.map((u) => u.email)).toEqual([
      'user@demo.fr',
      'thomas.leroy@demo.fr',
      'admin@demo.fr',
      'camille.petit@demo.fr',
    ]);
    for (const user of data) expect(Object.keys(user).sort()).toEqual(userKeys);
    expect(data.find((u) => u.email === 'admin@demo.fr')).toMatchObject({
      admin: true,
      locked: false,
      lastName: 'Martin',
      firstName: 'Sophie',
      job: 'Gérante',
    });
  });

  it('gets one user as data', async () => {
    const response = await h.request('GET', `/v2/companies/1/users/${userId}`, { token: admin });
    expect(await response.json()).toEqual({
      data: {
        id: userId,
        locked: false,
        admin: false,
        lastName: 'Bernard',
        firstName: 'Lucas',
        job: 'Chef de chantier',
        email: 'user@demo.fr',
        phone: '06 23 45 67 89',
        version: 1,
      },
    });
  });

  it('404 for an unknown id, 422 for a non-numeric one', async () => {
    expect((await h.request('GET', '/v2/companies/1/users/987654', { token: admin })).status).toBe(404);
    const response = await h.request('GET', '/v2/companies/1/users/abc', { token: admin });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { key: 'validation', fields: { userId: 'number' } } });
  });
});

describe('POST /v2/companies/{enterprise_id}/users', () => {
  it('creates a user who can then sign in', async () => {
    const response = await h.request('POST', '/v2/companies/1/users', {
      token: admin,
      json: {
        lastName: 'Fabre',
        firstName: 'Inès',
        email: 'Ines.Fabre@Demo.fr',
        job: 'Électricienne',
        phone: '06 00 00 00 01',
        password: 'chantier2026',
      },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      lastName: 'Fabre',
      firstName: 'Inès',
      email: 'ines.fabre@demo.fr',
      admin: false,
      locked: false,
    });
    const login = await h.apps.platform.request('/login', {
      method: 'POST',
      body: new URLSearchParams({ email: 'ines.fabre@demo.fr', password: 'chantier2026' }),
    });
    expect(login.status).toBe(303);
  });

  it('takes null for the optional texts (the front end sends null for "no value")', async () => {
    const response = await h.request('POST', '/v2/companies/1/users', {
      token: admin,
      json: { lastName: 'Nulle', firstName: 'Nina', email: 'nina.nulle@demo.fr', job: null, phone: null },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toMatchObject({ job: '', phone: '' });
  });

  it('refuses an email already used, in this company or another: email_already_used', async () => {
    for (const email of ['user@demo.fr', 'USER@autre-demo.fr']) {
      const response = await h.request('POST', '/v2/companies/1/users', {
        token: admin,
        json: { lastName: 'Doublon', firstName: 'Dan', email },
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: { key: 'email_already_used' } });
    }
  });

  it('answers 422 with a code per field', async () => {
    const response = await h.request('POST', '/v2/companies/1/users', {
      token: admin,
      json: { firstName: '  ', email: 'pas-une-adresse', admin: 'oui' },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        key: 'validation',
        fields: { lastName: 'required', firstName: 'required', email: 'email', admin: 'boolean' },
      },
    });
  });

  it('answers 400 bad_request to a body that is not JSON', async () => {
    const response = await h.request('POST', '/v2/companies/1/users', {
      token: admin,
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { key: 'bad_request' } });
  });
});

describe('POST /v2/companies/{enterprise_id}/users/{id}/edit', () => {
  const edit = (id: number, json: unknown, token = admin) =>
    h.request('POST', `/v2/companies/1/users/${id}/edit`, { token, json });
  const versionOf = async (id: number) => {
    const answer = await h.request('GET', `/v2/companies/1/users/${id}`, { token: admin });
    return ((await answer.json()) as { data: { version: number } }).data.version;
  };

  it('locks and unlocks; a locked user’s token stops working at once, and unlocking does not revive it', async () => {
    const userToken = await h.tokenFor('user@demo.fr');
    expect((await h.request('GET', '/api/jwt/access-token/is-valid', { token: userToken })).status).toBe(200);

    const locked = await edit(userId, { id: userId, locked: true });
    expect(locked.status).toBe(200);
    expect(((await locked.json()) as { data: { locked: boolean } }).data.locked).toBe(true);
    expect((await h.request('GET', '/api/jwt/access-token/is-valid', { token: userToken })).status).toBe(401);
    expect((await h.request('GET', '/v2/notifications', { token: userToken })).status).toBe(401);

    const unlocked = await edit(userId, { id: userId, locked: false });
    expect(((await unlocked.json()) as { data: { locked: boolean } }).data.locked).toBe(false);
    // Locking ended the session: the old token stays dead, for renewal too; a new sign-in works.
    expect((await h.request('GET', '/api/jwt/access-token/is-valid', { token: userToken })).status).toBe(401);
    expect((await h.request('GET', '/api/jwt/access-token/renew', { token: userToken })).status).toBe(401);
    const fresh = await h.tokenFor('user@demo.fr');
    expect((await h.request('GET', '/api/jwt/access-token/is-valid', { token: fresh })).status).toBe(200);
  });

  it('grants and revokes admin; the admin flag is read fresh on each request', async () => {
    const userToken = await h.tokenFor('user@demo.fr');
    expect(
      ((await (await edit(userId, { id: userId, admin: true })).json()) as { data: { admin: boolean } }).data
        .admin,
    ).toBe(true);
    const auth = await h.request('GET', `/v2/users/${userId}/authorization`, { token: userToken });
    expect(((await auth.json()) as { data: { admin: boolean } }).data.admin).toBe(true);
    expect(
      ((await (await edit(userId, { id: userId, admin: false })).json()) as { data: { admin: boolean } }).data
        .admin,
    ).toBe(false);
    expect((await edit(userId, { id: userId, locked: true }, userToken)).status).toBe(403);
  });

  it('changes details, keeps the rest', async () => {
    const response = await edit(userId, {
      id: userId,
      version: await versionOf(userId),
      job: 'Conducteur de travaux',
      phone: '06 99 99 99 99',
    });
    expect(((await response.json()) as { data: unknown }).data).toMatchObject({
      job: 'Conducteur de travaux',
      phone: '06 99 99 99 99',
      lastName: 'Bernard',
    });
  });

  it('refuses a duplicate email, an id mismatch, and an admin locking or demoting themself', async () => {
    let response = await edit(userId, {
      id: userId,
      version: await versionOf(userId),
      email: 'admin@demo.fr',
    });
    expect([response.status, await response.json()]).toEqual([409, { error: { key: 'email_already_used' } }]);
    response = await edit(userId, { id: adminId, locked: true });
    expect([response.status, await response.json()]).toEqual([422, { error: { key: 'id_mismatch' } }]);
    for (const change of [{ locked: true }, { admin: false }]) {
      response = await edit(adminId, { id: adminId, ...change });
      expect([response.status, await response.json()]).toEqual([
        409,
        { error: { key: 'cannot_modify_self' } },
      ]);
    }
    const [row] = await h.db.owner.select().from(users).where(eq(users.id, adminId));
    expect(row).toMatchObject({ admin: true, locked: false });
  });

  it('two sheet saves from one version: the first is kept, the second is told stale_version', async () => {
    const version = await versionOf(userId);
    const first = await edit(userId, { id: userId, version, job: 'Chef de chantier' });
    expect(first.status).toBe(200);
    const second = await edit(userId, { id: userId, version, phone: '06 11 11 11 11' });
    expect([second.status, await second.json()]).toEqual([409, { error: { key: 'stale_version' } }]);
    const [row] = await h.db.owner.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ job: 'Chef de chantier', version: version + 1 });
    expect(row!.phone).not.toBe('06 11 11 11 11');
  });

  it('the same two saves at once: one 200, one 409', async () => {
    const version = await versionOf(userId);
    const answers = await Promise.all([
      edit(userId, { id: userId, version, job: 'Métreur' }),
      edit(userId, { id: userId, version, job: 'Économiste' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await versionOf(userId)).toBe(version + 1);
  });

  it('a detail without the version read: 422 validation (version required), nothing stored', async () => {
    const response = await edit(userId, { id: userId, job: 'Sans version' });
    expect([response.status, await response.json()]).toEqual([
      422,
      { error: { key: 'validation', fields: { version: 'required' } } },
    ]);
    const [row] = await h.db.owner.select().from(users).where(eq(users.id, userId));
    expect(row!.job).not.toBe('Sans version');
  });

  it("lock and rights (the spec's id plus one flag) need no version but move it; so does Mon compte", async () => {
    const version = await versionOf(userId);
    const locked = await edit(userId, { id: userId, locked: true });
    expect(((await locked.json()) as { data: { version: number } }).data.version).toBe(version + 1);
    await edit(userId, { id: userId, locked: false });
    const userToken = await h.tokenFor('user@demo.fr');
    const own = await h.request('POST', '/v2/account/edit', {
      token: userToken,
      json: { lastName: 'Bernard', firstName: 'Lucas', job: 'Gérant', phone: '' },
    });
    expect(own.status).toBe(200);
    // The admin's sheet, read before the user's own change, no longer overwrites it.
    const stale = await edit(userId, { id: userId, version: version + 2, job: 'Ancienne fonction' });
    expect(stale.status).toBe(409);
    expect(await versionOf(userId)).toBe(version + 3);
  });

  it('422 when id is missing, 404 for an unknown user', async () => {
    const missing = await edit(userId, { locked: true });
    expect(await missing.json()).toEqual({ error: { key: 'validation', fields: { id: 'required' } } });
    expect((await edit(987654, { id: 987654, locked: true })).status).toBe(404);
  });
});
