/**
 * Opens the database (PGlite in-process by default, PostgreSQL through node-postgres when
 * DATABASE_URL is set), applies the committed migrations, and gives the two ways to run queries:
 * `withTenant` (row-level security applies) and `asOwner` (it does not; for the few pre-tenant uses).
 */

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { fillPlaceholders, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createLogger } from '../log.js';
import * as schema from './schema.js';
import { appRole, tenantCompany } from './tenant-fence.js';
import { postgresTenantReader } from './tenant-reads.js';
import { isTextType, TenantReadClient } from './text-as-bytes.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Owner connection: bypasses row-level security. Only for migrations, the seed, sign-in and the
   *  per-request user check (keyed by a verified token): everything else goes through withTenant. */
  owner: Db;
  /** Runs `work` in a transaction as `bo_app` with `app.company_id` set: RLS fences every row. */
  withTenant<T>(companyId: number, work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One read-only statement under the same fence as withTenant, its rows as the driver gives them
   * (no drizzle mapping). On PostgreSQL it costs one round trip and one statement: it runs on a
   * pool of connections kept for tenant reads, already `bo_app`, whose company is set again only
   * when it changes (postgresTenantReader). For the hot lists and the exports.
   */
  tenantRead<Row>(
    companyId: number,
    query: SQLWrapper | ReadStatement,
    values?: Record<string, unknown>,
  ): Promise<Row[]>;
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
 * The statements that open a tenant transaction on PostgreSQL, as one simple query (no
 * parameters): node-postgres sends `BEGIN` and the settings in a single round trip. The settings
 * are local to the transaction (`SET LOCAL`: utility statements, neither planned nor answered with
 * rows), so they end with its COMMIT or ROLLBACK and a pooled connection never carries one
 * request's company into the next.
 */
function tenantBeginSql(companyId: number): string {
  return `begin; set local role ${appRole}; set local app.company_id = '${tenantCompany(companyId)}'`;
}

/** The same settings as one statement, inside a transaction already open (PGlite). */
export function tenantSettingsSql(companyId: number): string {
  return `select set_config('role', '${appRole}', true), set_config('app.company_id', '${tenantCompany(companyId)}', true)`;
}

/**
 * A statement for tenantRead built once (its text, its parameters with `sql.placeholder`s filled
 * from each call's values, and the name it is prepared under): a hot route keeps it and spends
 * nothing on building SQL per request.
 */
export interface ReadStatement {
  text: string;
  params: unknown[];
  name: string;
  /**
   * Always run the plan made once per connection (plan_cache_mode, set for this read only). For a
   * statement whose best plan does not depend on its values, which PostgreSQL would otherwise plan
   * again at each run when it misjudges the generic plan's cost (a `limit $n` does that).
   */
  genericPlan: boolean;
  /**
   * Text columns arrive as Buffers of their UTF-8 bytes (text-as-bytes.ts): for a statement whose
   * text the API writes out as it is, never decoded into a string.
   */
  textAsBytes: boolean;
  /**
   * A hot list's quick read: it may share a connection with other reads of its company, sent
   * without waiting for their answers (tenant-reads.ts). Not for a read that may be slow (a search,
   * an export's page): it would hold up the reads queued behind it.
   */
  pipelined: boolean;
}

const dialect = new PgDialect();

export function readStatement(
  query: SQLWrapper,
  { genericPlan = false, textAsBytes = false, pipelined = false } = {},
): ReadStatement {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  const name = `bo_${createHash('sha1').update(text).digest('base64url')}`;
  return { text, params, name, genericPlan, textAsBytes, pipelined };
}

const statementOf = (query: SQLWrapper | ReadStatement): ReadStatement =>
  'text' in query ? query : readStatement(query);

/** PGlite: in-process, so round trips cost nothing; its own transaction keeps other queries out. */
function pgliteTenantRunner(owner: Db) {
  return async <T>(companyId: number, work: (tx: Tx) => Promise<T>): Promise<T> => {
    const settings = tenantSettingsSql(companyId);
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
    tenantRead: async <Row>(
      companyId: number,
      query: SQLWrapper | ReadStatement,
      values: Record<string, unknown> = {},
    ) => {
      const settings = tenantSettingsSql(companyId);
      const { text, params, textAsBytes } = statementOf(query);
      const { rows, fields } = await client.transaction(async (tx) => {
        await tx.exec(settings);
        return tx.query<Row>(text, fillPlaceholders(params, values));
      });
      return textAsBytes ? withTextAsBytes(rows, fields) : rows;
    },
    close: () => client.close(),
  };
}

/** PGlite's rows of a textAsBytes statement: its text columns as bytes, as on PostgreSQL. */
function withTextAsBytes<Row>(rows: Row[], fields: { name: string; dataTypeID: number }[]): Row[] {
  const textColumns = fields.filter((field) => isTextType(field.dataTypeID)).map((field) => field.name);
  return rows.map((row) => {
    const copy = { ...row } as Record<string, unknown>;
    for (const column of textColumns) {
      const value = copy[column];
      if (typeof value === 'string') copy[column] = Buffer.from(value, 'utf8');
    }
    return copy as Row;
  });
}

function openPool(databaseUrl: string, Client: typeof pg.Client = pg.Client): pg.Pool {
  const pool = new pg.Pool({
    Client,
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    // Queries given to a connection are written without waiting for the previous answer (each
    // still has its own sync point, and a transaction's queries still run in order): tenantRead
    // sends a company's setting and its statement together. Code that awaits each query behaves as
    // before.
    pipeline: true,
  });
  // An idle client losing its connection (server restart, terminated backend) emits on the pool;
  // unhandled, that event would crash the process. The pool replaces the client on next use.
  pool.on('error', (error) => createLogger().log('error', 'database-pool-error', { error: String(error) }));
  pool.on('connect', writeEachQueryAtOnce);
  return pool;
}

function openPostgres(databaseUrl: string): Database {
  const pool = openPool(databaseUrl);
  // Tenant reads only: its connections stay `bo_app` (postgresTenantReader).
  const readPool = openPool(databaseUrl, TenantReadClient);
  const owner = drizzlePg({ client: pool, schema }) as unknown as Db;
  const read = postgresTenantReader(readPool);
  return {
    kind: 'postgres',
    owner,
    withTenant: postgresTenantRunner(pool),
    tenantRead: <Row>(
      companyId: number,
      query: SQLWrapper | ReadStatement,
      values: Record<string, unknown> = {},
    ) => {
      const statement = statementOf(query);
      return read<Row>(companyId, statement, fillPlaceholders(statement.params, values));
    },
    close: async () => {
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}

/**
 * node-postgres writes each protocol message of a query (Parse, Bind, Describe, Execute, Sync)
 * with its own socket write: five system calls per query, each of which may wake the server
 * process. Corked, a query's messages leave in one write. (In pipeline mode a query is written
 * during the `query` call itself, so the cork covers all of it.)
 */
function writeEachQueryAtOnce(client: pg.PoolClient) {
  const { stream } = client.connection;
  const { query } = Object.getPrototypeOf(client) as pg.PoolClient;
  client.query = function (this: pg.PoolClient, ...args: Parameters<typeof query>) {
    stream.cork();
    try {
      // Looked up at each call, not kept: round-trips.test.ts counts the calls on the prototype.
      return (Object.getPrototypeOf(this).query as (...a: unknown[]) => unknown).apply(this, args);
    } finally {
      stream.uncork();
    }
  } as typeof query;
}

async function applyMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.owner as never, { migrationsFolder });
  } else {
    await migratePg(database.owner as never, { migrationsFolder });
  }
  await assertEveryMigrationApplied(database);
}

/**
 * drizzle applies a migration only if its journal `when` is later than that of the last one the
 * database recorded, and two of ours are dated before the one listed above them (0018 before 0017,
 * 0021 before 0020: both were written on branches). A database migrated between the two would skip
 * the older-dated one for good and run on a schema without it. Every migration of the journal must
 * be recorded (by its `when`, which stays when a file's text is edited): otherwise the server
 * refuses to start and names what to apply.
 */
export async function assertEveryMigrationApplied(database: Database): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const { rows } = (await database.owner.execute(
    sql`select created_at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { created_at: string | number }[] };
  const recorded = new Set(rows.map((row) => Number(row.created_at)));
  const missing = journal.entries.filter((entry) => !recorded.has(entry.when)).map((entry) => entry.tag);
  if (missing.length) {
    throw new Error(
      `This database was never given the migration(s) ${missing.join(', ')} (drizzle skips a migration ` +
        `dated before the last one it applied). Apply server/migrations/<name>.sql by hand, then record ` +
        `it in drizzle.__drizzle_migrations with its journal "when" as created_at.`,
    );
  }
}

/** Re-exported for bench/, which lives outside the workspace and cannot resolve drizzle-orm itself. */
export { sql } from 'drizzle-orm';
