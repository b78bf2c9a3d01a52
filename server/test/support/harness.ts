/**
 * One database and the two apps per test file, called through `app.request()` (no listening).
 * PGlite: loaded from the seeded snapshot of global-setup. PostgreSQL (DATABASE_URL): a fresh
 * database per file, copied from global-setup's migrated and seeded one, dropped at the end.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Apps, type CreateAppsOptions, createApps } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { users } from '../../src/db/schema.js';
import { seedDemo } from '../../src/db/seed.js';
import { createThrowawayDatabase } from '../../src/db/throwaway-database.js';
import type { AppDeps } from '../../src/http/env.js';
import { createMemoryLogger } from '../../src/log.js';
import { checkAnswers } from './answer-contract.js';
import { clientOrigin, platformOrigin, testJwtSecret, testPassword } from './constants.js';

/** Apps built by a test itself, whose answers are checked like the harness's (answer-contract.ts). */
export const createCheckedApps = (options: CreateAppsOptions): Apps => checkAnswers(createApps(options));

export interface Harness {
  config: AppConfig;
  db: Database;
  apps: Apps;
  log: ReturnType<typeof createMemoryLogger>;
  distDir: string;
  /** A platform request, with the bearer token when given. */
  request(
    method: string,
    url: string,
    options?: {
      token?: string;
      json?: unknown;
      body?: string | Blob | FormData | URLSearchParams;
      headers?: Record<string, string>;
    },
  ): Promise<Response>;
  /** Token of a seeded user: a session opened like a real sign-in. */
  tokenFor(email: string): Promise<string>;
  userId(email: string): Promise<number>;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const file = inject('pgliteSnapshot');
    if (!file)
      throw new Error(
        'No seeded snapshot: a file that opens the database belongs to the `api` project (vitest.config.ts).',
      );
    const snapshot = fs.readFileSync(file);
    const db = await openDatabase({ loadDataDir: new Blob([snapshot]), migrate: false });
    return { db, drop: async () => {} };
  }
  // A copy of global-setup's migrated and seeded database; without it (a file run by a config
  // without the global set-up), a database migrated and seeded here.
  const template = inject('pgTemplate') || undefined;
  const throwaway = await createThrowawayDatabase(adminUrl, 'bo_test', { template });
  // The copy is migrated already (global-setup migrated its template in this run).
  const db = await openDatabase({ databaseUrl: throwaway.url, migrate: !template });
  if (!template) await seedDemo(db, { password: testPassword });
  return { db, drop: throwaway.drop };
}

/** A fake built front end: dist/define.js, a chunk, and the SPA's index.html. */
export function makeDistDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-dist-'));
  fs.mkdirSync(path.join(dir, 'chunks'));
  fs.mkdirSync(path.join(dir, 'app', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'define.js'), 'export const defined = true;\n');
  fs.writeFileSync(path.join(dir, 'chunks', 'react.js'), 'export default 1;\n');
  fs.writeFileSync(
    path.join(dir, 'app', 'index.html'),
    '<!doctype html><html><head><title>SPA</title></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'app', 'assets', 'main.js'), 'console.log("spa");\n');
  return dir;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(
    {},
    {
      platformOrigin,
      clientOrigin,
      apiHost: platformOrigin,
      dataDir: 'memory://',
      jwtSecret: testJwtSecret,
      demoPassword: testPassword,
      ...overrides,
    },
  );
}

export async function bootHarness({
  config: configOverrides = {},
  deps,
}: {
  config?: Partial<AppConfig>;
  deps?: Partial<AppDeps>;
} = {}): Promise<Harness> {
  const { db, drop } = await openTestDatabase();
  const distDir = makeDistDir();
  const config = testConfig({ distDir, ...configOverrides });
  const log = createMemoryLogger();
  // Every answer of every test is compared with its operation's declared contract (issue 20).
  const apps = checkAnswers(createApps({ config, db, log, ...(deps ? { deps } : {}) }));
  // On PostgreSQL the app remembers confirmed tokens only once it hears revocations
  // (auth/revocations.ts): tests that count a request's statements expect it to.
  await apps.deps.sessions.ready;
  const findUser = async (email: string) => {
    const [row] = await db.owner
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (!row) throw new Error(`No seeded user ${email}`);
    return row;
  };
  return {
    config,
    db,
    apps,
    log,
    distDir,
    async request(method, url, { token, json, body, headers = {} } = {}) {
      const allHeaders: Record<string, string> = { ...headers };
      if (token) allHeaders.authorization = `Bearer ${token}`;
      if (json !== undefined) allHeaders['content-type'] = 'application/json';
      const payload = json !== undefined ? JSON.stringify(json) : body;
      return apps.platform.request(url, {
        method,
        headers: allHeaders,
        ...(payload !== undefined ? { body: payload } : {}),
      });
    },
    async tokenFor(email) {
      const row = await findUser(email);
      return apps.deps.sessions.start({ userId: row.id, companyId: row.companyId });
    },
    userId: async (email) => (await findUser(email)).id,
    async close() {
      await db.close();
      await drop();
      fs.rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/** Words only company 2 (« Bâtiments Durand ») has: none may appear in an answer to company 1. */
export const companyTwoFingerprints = [
  'Durand',
  'autre-demo',
  'Rousseau',
  'Le Goff',
  'Kerbrat',
  'Malakoff',
  'Le Bihan',
  'Forges',
  'Nantes',
];
/** And the reverse. */
export const companyOneFingerprints = [
  'Martin',
  '@demo.fr',
  'Bernard',
  'Petit',
  'Leroy',
  'Dupont',
  'Terrasses',
  'Guilloux',
  'Lyon',
];

export function expectNoLeak(text: string, fingerprints: string[]) {
  const leaked = fingerprints.filter((word) => text.includes(word));
  if (leaked.length > 0) throw new Error(`Answer leaks ${leaked.join(', ')}: ${text.slice(0, 300)}`);
}

/**
 * Options for `startServers` to open an already-seeded database: the PGlite snapshot, or the
 * DATABASE_URL database itself (startServers migrates and seeds it idempotently).
 */
export async function seededDatabaseOptions() {
  if (process.env.DATABASE_URL) return { databaseUrl: process.env.DATABASE_URL };
  return { loadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]), migrate: false };
}
