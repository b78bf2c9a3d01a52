/**
 * What the server benchmarks share (bench/run.ts, invoices.ts, payments.ts, exports.ts): a throwaway
 * database seeded with the demo and the large company of seed-large.sql.ts, the API on loopback with
 * a token of that company's admin, the load generator in its own process, and the results file's
 * table rows (the file itself: bench/results.ts).
 */

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../server/src/auth/passwords.js';
import { loadConfig } from '../server/src/config.js';
import { type Database, openDatabase, sql } from '../server/src/db/database.js';
import { seedDemo } from '../server/src/db/seed.js';
import { createThrowawayDatabase } from '../server/src/db/throwaway-database.js';
import { createLogger } from '../server/src/log.js';
import { startServers } from '../server/src/server.js';
import {
  benchCompanyId,
  benchUserEmail,
  largeCompanySql,
  largeScale,
  type SeedScale,
  smallFirm,
} from './seed-large.sql.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const durationMs = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
export const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);

/** PGlite in memory by default; a throwaway database on the server of DATABASE_URL when set. */
export async function openBenchDatabase(): Promise<{
  db: Database;
  label: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    return {
      db: await openDatabase({ dataDir: 'memory://' }),
      label: 'PGlite 0.5.16 (in-process, memory)',
      drop: async () => {},
    };
  const throwaway = await createThrowawayDatabase(adminUrl, 'bo_bench');
  return {
    db: await openDatabase({ databaseUrl: throwaway.url }),
    label: `PostgreSQL ${throwaway.serverVersion} (node-postgres, pool of ${Number(process.env.DATABASE_POOL_SIZE) || 10}, loopback)`,
    drop: throwaway.drop,
  };
}

/** BENCH_SCALE=small: a small firm's data (seed-large.sql.ts) instead of the large company's. */
export const benchScale: SeedScale = process.env.BENCH_SCALE === 'small' ? smallFirm : largeScale;

/**
 * Seeds the demo, then the large company and the `after` statements; answers the seconds the
 * large company (and `after`) took.
 */
export async function seedBenchCompany(
  db: Database,
  after: string[] = [],
  scale: SeedScale = largeScale,
): Promise<number> {
  await seedDemo(db, { password: 'demo1234' });
  const started = Date.now();
  // Statement by statement: PGlite's exec and node-postgres both take several, but one at a time
  // keeps errors readable.
  const statements = largeCompanySql(await hashPassword('bench1234'), scale)
    .split(/;\s*\n/)
    .filter((s) => s.trim());
  for (const statement of [...statements, ...after]) await db.owner.execute(sql.raw(statement));
  // What autovacuum does after a bulk load (the tables' visibility maps and statistics), done here
  // rather than during the first measures, where it took a core of this 2-core machine from them.
  await db.owner.execute(sql.raw('vacuum (analyze)'));
  return (Date.now() - started) / 1000;
}

/** The large company's rows of `table` (`where`: more conditions, `and …`). */
export async function countRows(db: Database, table: string, where = ''): Promise<number> {
  const result = (await db.owner.execute(
    sql.raw(`select count(*)::int as n from ${table} where company_id = ${benchCompanyId} ${where}`),
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** The API on 127.0.0.1 (random ports) and a session token of the large company's admin. */
export async function startBenchApi(db: Database) {
  const config = loadConfig(
    {},
    { platformPort: 0, clientPort: 0, jwtSecret: randomBytes(32).toString('hex'), dataDir: 'memory://' },
  );
  const servers = await startServers(config, {
    db,
    hostname: '127.0.0.1',
    seed: false,
    log: createLogger(() => {}),
  });
  const [{ id: userId }] = (
    (await db.owner.execute(sql`select id from users where email = ${benchUserEmail}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows as [{ id: number }];
  const token = await servers.apps.deps.sessions.start({ userId, companyId: benchCompanyId });
  return { servers, headers: { authorization: `Bearer ${token}` } };
}

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Loads `url` from the load generator's own process (bench/load-process.mjs). */
export function load(url: string, headers: Record<string, string>, inFlight = concurrency) {
  return new Promise<LoadResult>((resolve, reject) => {
    const child = fork(path.join(here, 'load-process.mjs'), { stdio: 'inherit' });
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The load generator stopped with code ${code}`));
    });
    child.send({ url, headers, concurrency: inFlight, durationMs, warmupMs: 1000 });
  });
}

/** A row of the results' tables: name, requests/s, p50, p95, p99, requests, errors. */
export const resultRow = (name: string, result: LoadResult) =>
  `| ${name} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.requests} | ${result.errors} |`;
