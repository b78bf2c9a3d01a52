/**
 * Opens the database (PGlite in-process by default, PostgreSQL through node-postgres when
 * DATABASE_URL is set), applies the committed migrations, and gives the two ways to run queries:
 * `withTenant` (row-level security applies) and `asOwner` (it does not; for the few pre-tenant uses).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createLogger } from '../log.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** The non-owner role the app switches to for tenant queries (created by migration 0001). */
const appRole = 'bo_app';

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Owner connection: bypasses row-level security. Only for migrations, the seed, sign-in and the
   *  per-request user check (keyed by a verified token): everything else goes through withTenant. */
  owner: Db;
  /** Runs `work` in a transaction as `bo_app` with `app.company_id` set: RLS fences every row. */
  withTenant<T>(companyId: number, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** PGlite only: the raw client (snapshots in tests and bench). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory or `memory://`. */
  dataDir?: string;
  /** PGlite only: start from a dumped data directory (tests boot from a seeded snapshot). */
  loadDataDir?: Blob | File;
  /** Skip migrations (a snapshot is already migrated). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl ? openPostgres(options.databaseUrl) : await openPglite(options);
  if (options.migrate !== false) await applyMigrations(database);
  return database;
}

/**
 * The statements that open a tenant transaction, as one simple query (no parameters): node-postgres
 * then sends `BEGIN` and both settings in a single round trip. The settings are local to the
 * transaction (`set_config(…, true)`), so they end with its COMMIT or ROLLBACK and a pooled
 * connection never carries one request's company into the next. The company id is written as a
 * literal, which is why it must be a positive safe integer (it comes from a verified token; never
 * a string from the request).
 */
export function tenantBeginSql(companyId: number): string {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('Invalid tenant company id');
  return `begin; select set_config('role', '${appRole}', true), set_config('app.company_id', '${companyId}', true)`;
}

/** PGlite: in-process, so round trips cost nothing; its own transaction keeps other queries out. */
function pgliteTenantRunner(owner: Db) {
  return async <T>(companyId: number, work: (tx: Tx) => Promise<T>): Promise<T> => {
    const settings = tenantBeginSql(companyId).replace(/^begin; /, '');
    return owner.transaction(async (tx) => {
      await tx.execute(sql.raw(settings));
      return work(tx);
    });
  };
}

/**
 * PostgreSQL: three round trips for a one-query request (BEGIN with the settings, the query,
 * COMMIT) instead of drizzle's four (BEGIN, settings, query, COMMIT). The work runs through a
 * drizzle instance bound to the transaction's pooled client (one per client, built once).
 */
function postgresTenantRunner(pool: pg.Pool) {
  const bound = new WeakMap<pg.PoolClient, Db>();
  return async <T>(companyId: number, work: (tx: Tx) => Promise<T>): Promise<T> => {
    const begin = tenantBeginSql(companyId);
    const client = await pool.connect();
    let tx = bound.get(client);
    if (!tx) {
      tx = drizzlePg({ client, schema }) as unknown as Db;
      bound.set(client, tx);
    }
    try {
      await client.query(begin);
      const result = await work(tx as unknown as Tx);
      await client.query('commit');
      client.release();
      return result;
    } catch (error) {
      try {
        await client.query('rollback');
        client.release();
      } catch (rollbackError) {
        // The connection is in an unknown state (settings possibly still on): destroy it.
        client.release(rollbackError as Error);
      }
      throw error;
    }
  };
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // The extensions the migrations create (0006: the customer list's folding and trigram search).
  const extensions = { pg_trgm, unaccent };
  const client = options.loadDataDir
    ? new PGlite({ loadDataDir: options.loadDataDir, extensions })
    : new PGlite(dataDir, { extensions });
  await client.waitReady;
  const owner = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    owner,
    pglite: client,
    withTenant: pgliteTenantRunner(owner),
    close: () => client.close(),
  };
}

function openPostgres(databaseUrl: string): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
  });
  // An idle client losing its connection (server restart, terminated backend) emits on the pool;
  // unhandled, that event would crash the process. The pool replaces the client on next use.
  pool.on('error', (error) => createLogger().log('error', 'database-pool-error', { error: String(error) }));
  const owner = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    owner,
    withTenant: postgresTenantRunner(pool),
    close: () => pool.end(),
  };
}

async function applyMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.owner as never, { migrationsFolder });
  } else {
    await migratePg(database.owner as never, { migrationsFolder });
  }
}

/** Re-exported for bench/, which lives outside the workspace and cannot resolve drizzle-orm itself. */
export { sql } from 'drizzle-orm';
