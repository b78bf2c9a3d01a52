/**
 * Logout and lock take effect on every instance of the API before their answer returns (issue 19,
 * item 3; auth/revocations.ts). Two instances: on PostgreSQL (DATABASE_URL) two apps with their own
 * pools and listeners on one database, as two processes would be; on PGlite two apps on the one
 * in-process database. Instance B uses the token just before the revocation on A, so that B
 * remembers it (auth/session-cache.ts): without the revocation reaching B, B would let it through
 * for up to 3 s more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Apps } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { seedDemo } from '../src/db/seed.js';
import { createThrowawayDatabase } from '../src/db/throwaway-database.js';
import { createMemoryLogger } from '../src/log.js';
import { platformOrigin, testPassword } from './support/constants.js';
import { createCheckedApps, makeDistDir, openTestDatabase, testConfig } from './support/harness.js';

let a: Apps;
let b: Apps;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const config = testConfig({ distDir: makeDistDir() });
  let dbA: Database;
  let dbB: Database;
  if (process.env.DATABASE_URL) {
    const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, 'bo_test');
    dbA = await openDatabase({ databaseUrl: throwaway.url });
    await seedDemo(dbA, { password: testPassword });
    dbB = await openDatabase({ databaseUrl: throwaway.url, migrate: false });
    cleanups.push(async () => {
      await Promise.all([dbA.close(), dbB.close()]);
      await throwaway.drop();
    });
  } else {
    const { db, drop } = await openTestDatabase();
    dbA = dbB = db;
    cleanups.push(async () => {
      await db.close();
      await drop();
    });
  }
  a = createCheckedApps({ config, db: dbA, log: createMemoryLogger() });
  b = createCheckedApps({ config, db: dbB, log: createMemoryLogger() });
  // Each instance listens before it remembers any token.
  await Promise.all([a.deps.sessions.ready, b.deps.sessions.ready]);
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const api = (apps: Apps, method: string, url: string, token: string, json?: unknown) =>
  apps.platform.request(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
const isValid = (apps: Apps, token: string) => api(apps, 'GET', '/api/jwt/access-token/is-valid', token);

async function signIn(apps: Apps, email: string): Promise<string> {
  const response = await apps.platform.request('/login', {
    method: 'POST',
    body: new URLSearchParams({ email, password: testPassword }),
  });
  expect(response.status).toBe(303);
  return /appAccessToken=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!;
}

describe('two instances of the API on one database', () => {
  it('a logout on A: B refuses the token as soon as the logout has answered, every time', async () => {
    for (let round = 0; round < 10; round++) {
      const token = await signIn(a, 'user@demo.fr');
      expect((await isValid(b, token)).status).toBe(200);
      expect((await isValid(b, token)).status).toBe(200); // remembered on B now
      const logout = await a.platform.request('/logout', {
        method: 'POST',
        headers: { cookie: `appAccessToken=${token}`, origin: platformOrigin },
      });
      expect(logout.status).toBe(200);
      expect((await isValid(b, token)).status).toBe(401);
    }
  });

  it('a user locked on A can neither read nor write through B once the lock has answered', async () => {
    const admin = await signIn(a, 'admin@demo.fr');
    const list = (await (await api(a, 'GET', '/v2/companies/1/users', admin)).json()) as {
      data: { id: number; email: string }[];
    };
    const target = list.data.find((user) => user.email === 'camille.petit@demo.fr')!;
    const setLocked = (locked: boolean) =>
      api(a, 'POST', `/v2/companies/1/users/${target.id}/edit`, admin, { id: target.id, locked });
    for (let round = 0; round < 5; round++) {
      const token = await signIn(a, 'camille.petit@demo.fr');
      expect((await isValid(b, token)).status).toBe(200); // remembered on B
      expect((await setLocked(true)).status).toBe(200);
      expect((await isValid(b, token)).status).toBe(401);
      const write = await api(b, 'POST', '/v2/companies/1/customers', token, {
        type: 'private',
        lastName: 'Écrit après le verrouillage',
      });
      expect(write.status).toBe(401);
      expect((await setLocked(false)).status).toBe(200);
    }
  });
});
