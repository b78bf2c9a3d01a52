/**
 * Opens the database (PGlite in-process by default, PostgreSQL through a node-postgres pool when
 * DATABASE_URL is set), applies the committed migrations, and gives the ways to run queries:
 * `withTenant` and `tenantRead` (a transaction with `SET LOCAL` role and company: row-level security
 * applies) and `owner` (it does not; for the few pre-tenant uses).
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
   * One read-only statement in the same transaction as withTenant (`SET LOCAL` role, company and
   * timeouts), its rows as the driver gives them (no drizzle mapping). On PostgreSQL the BEGIN with
   * its settings, the statement (prepared once per connection under its name) and the COMMIT are
   * written together and answered in one round trip. For the hot lists and the exports' pages.
   */
  tenantRead<Row>(
    companyId: number,
    query: SQLWrapper | ReadStatement,
    values?: Record<string, unknown>,
  ): Promise<Row[]>;
  /** PGlite only: the raw client (snapshots in tests and bench). */
  pglite?: PGlite;
  /**
   * PostgreSQL only: a connection of its own for LISTEN (auth/revocations.ts), outside the pool
   * and any transaction-mode pooler, which cannot carry LISTEN (DATABASE_LISTEN_URL may name the
   * server directly; default DATABASE_URL). Ended by close(); undefined once closed.
   */
  openListener?: () => Promise<pg.Client | undefined>;
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
  const database = options.databaseUrl
    ? withListeners(openPostgres(options.databaseUrl), options.databaseUrl)
    : await openPglite(options);
  if (options.migrate !== false) await applyMigrations(database);
  return database;
}

/**
 * What bounds the API's use of PostgreSQL, so that a slow statement or a full pool ends a request
 * with an answer instead of holding it (docs/decisions.md, « Every tenant read and write runs in a
 * transaction with `SET LOCAL` »).
 */
export interface DatabaseLimits {
  /** Connections of the pool (`DATABASE_POOL_SIZE`). */
  poolSize: number;
  /** A tenant statement running longer is cancelled (`DATABASE_STATEMENT_TIMEOUT_MS`). */
  statementTimeoutMs: number;
  /** A tenant transaction left idle longer (the API stuck between two statements) is ended. */
  idleInTransactionMs: number;
  /** Waiting for a free connection of the pool, or for a new one to open. */
  connectionTimeoutMs: number;
  /** A connection unused this long is closed (the pool shrinks back after a burst). */
  idleTimeoutMs: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/** A duration written into SQL as a literal: a positive integer, checked. */
function milliseconds(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`Invalid timeout ${value}`);
  return value;
}

/** The limits, from the environment where it says so (read when a database is opened). */
export function databaseLimits(env: NodeJS.ProcessEnv = process.env): DatabaseLimits {
  return {
    poolSize: positive(env.DATABASE_POOL_SIZE, 10),
    statementTimeoutMs: positive(env.DATABASE_STATEMENT_TIMEOUT_MS, 5_000),
    idleInTransactionMs: 10_000,
    connectionTimeoutMs: positive(env.DATABASE_CONNECTION_TIMEOUT_MS, 5_000),
    idleTimeoutMs: 30_000,
  };
}

/**
 * The statements that open a tenant transaction on PostgreSQL, as one simple query (no
 * parameters): node-postgres sends `BEGIN` and the settings in a single message. Every setting is
 * local to the transaction (`SET LOCAL`: utility statements, neither planned nor answered with
 * rows), so it ends with the COMMIT or ROLLBACK: a pooled connection never carries one request's
 * company into the next, and a pooler in transaction mode may hand the connection to anyone after.
 * If one of them fails, the transaction is aborted and every statement sent after it in the
 * transaction is refused (never run without the fence). `genericPlan`: see ReadStatement.
 */
export function tenantBeginSql(
  companyId: number,
  limits: Pick<DatabaseLimits, 'statementTimeoutMs' | 'idleInTransactionMs'>,
  { genericPlan = false } = {},
): string {
  return [
    'begin',
    `set local role ${appRole}`,
    `set local app.company_id = '${tenantCompany(companyId)}'`,
    `set local statement_timeout = ${milliseconds(limits.statementTimeoutMs)}`,
    `set local idle_in_transaction_session_timeout = ${milliseconds(limits.idleInTransactionMs)}`,
    ...(genericPlan ? ['set local plan_cache_mode = force_generic_plan'] : []),
  ].join('; ');
}

/**
 * The same fence as one statement, inside a transaction already open (PGlite). PGlite runs in this
 * process's thread and has no timers: statement timeouts do not apply to it.
 */
export function tenantSettingsSql(companyId: number): string {
  return `select set_config('role', '${appRole}', true), set_config('app.company_id', '${tenantCompany(companyId)}', true)`;
}

/**
 * A statement for tenantRead built once (its text, its parameters with `sql.placeholder`s filled
 * from each call's values, and the name it is prepared under): a hot route keeps it and spends
 * nothing on building SQL per request, and PostgreSQL parses it once per connection.
 */
export interface ReadStatement {
  text: string;
  params: unknown[];
  /** The prepared statement's name, from its text; '' for an unnamed one (planned at each run). */
  name: string;
  /**
   * Always run the plan made once per connection (plan_cache_mode, `SET LOCAL` in this read's
   * transaction). For a statement whose best plan does not depend on its values, which PostgreSQL
   * would otherwise plan again at each run when it misjudges the generic plan's cost (a `limit $n`
   * does that).
   */
  genericPlan: boolean;
}

const dialect = new PgDialect();

export function readStatement(query: SQLWrapper, { genericPlan = false } = {}): ReadStatement {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return { text, params, name: `bo_${createHash('sha1').update(text).digest('base64url')}`, genericPlan };
}

/**
 * The statements of a list, one per shape of request (which filters are present, the sort: what
 * changes the text), each built at the first request of its shape: the request's values stay
 * placeholders, so every request of one shape runs the statement prepared under one name.
 */
export function statementsByShape<Shape extends Record<string, string | boolean | undefined>, Built>(
  build: (shape: Shape) => Built,
): (shape: Shape) => Built {
  const built = new Map<string, Built>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let statement = built.get(key);
    if (statement === undefined) {
      statement = build(shape);
      built.set(key, statement);
    }
    return statement;
  };
}

/**
 * The rows of a statement run with `execute` (hand-written SQL: node-postgres and PGlite both answer
 * `{ rows }`, which drizzle's type does not say), typed as the statement selects them.
 */
export const rowsOf = <Row = Record<string, unknown>>(result: unknown): Row[] =>
  (result as { rows: Row[] }).rows;

const statementOf = (query: SQLWrapper | ReadStatement): ReadStatement =>
  'text' in query ? query : readStatement(query);

/**
 * PGlite runs each statement synchronously on this thread, and hands its lock from one waiting
 * transaction to the next in a microtask: ten requests waiting ran back to back, and requests that
 * arrived meanwhile were not even read until all of them had ended, then waited for their own batch
 * (p95 ≈ 2 × p50 with ten in flight, bench/results.md). The tenant transactions take turns here
 * instead, first come first served, each after a pass of the event loop, so a request is read and
 * queued as soon as it arrives and waits for those ahead of it only.
 */
function turnsInArrivalOrder() {
  let last: Promise<unknown> = Promise.resolve();
  const nextLoopPass = () => new Promise<void>((resolve) => setImmediate(resolve));
  return <T>(run: () => Promise<T>): Promise<T> => {
    const turn = last.then(nextLoopPass).then(run);
    last = turn.catch(() => undefined);
    return turn;
  };
}

/** PGlite: in-process, so round trips cost nothing; its own transaction keeps other queries out. */
function pgliteTenantRunner(owner: Db, inTurn: ReturnType<typeof turnsInArrivalOrder>) {
  return async <T>(companyId: number, work: (tx: Tx) => Promise<T>): Promise<T> => {
    const settings = tenantSettingsSql(companyId);
    return inTurn(() =>
      owner.transaction(async (tx) => {
        await tx.execute(sql.raw(settings));
        return work(tx);
      }),
    );
  };
}

/**
 * A pooled connection for one tenant transaction. While it is checked out, an error the connection
 * raises between two statements (PostgreSQL ending an idle transaction, a lost connection) is kept
 * for the caller instead of crashing the process (node-postgres emits it on the client, and the
 * pool listens only to idle clients); a connection that raised one is closed, never reused.
 */
async function checkOut(pool: pg.Pool) {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost ??= error;
  };
  client.on('error', onError);
  return {
    client,
    /** The error the connection raised meanwhile, if any. */
    lost: () => lost,
    /** Back to the pool, or closed when `failure` (or an error it raised) puts its state in doubt. */
    release(failure?: Error) {
      client.off('error', onError);
      client.release(failure ?? lost);
    },
  };
}

/**
 * PostgreSQL: three round trips for a one-query request (BEGIN with the settings, the query,
 * COMMIT) instead of drizzle's four (BEGIN, settings, query, COMMIT). The work runs through a
 * drizzle instance bound to the transaction's pooled client (one per client, built once).
 */
function postgresTenantRunner(pool: pg.Pool, limits: DatabaseLimits) {
  const bound = new WeakMap<pg.PoolClient, Db>();
  return async <T>(companyId: number, work: (tx: Tx) => Promise<T>): Promise<T> => {
    const begin = tenantBeginSql(companyId, limits);
    const connection = await checkOut(pool);
    const { client } = connection;
    let tx = bound.get(client);
    if (!tx) {
      tx = drizzlePg({ client, schema }) as unknown as Db;
      bound.set(client, tx);
    }
    try {
      await client.query(begin);
      const result = await work(tx as unknown as Tx);
      await client.query('commit');
      connection.release();
      return result;
    } catch (error) {
      try {
        await client.query('rollback');
        connection.release();
      } catch (rollbackError) {
        // The connection is in an unknown state (settings possibly still on): destroy it.
        connection.release(rollbackError as Error);
      }
      // The connection's own error (an idle transaction ended by PostgreSQL) says more than the
      // "not queryable" of the statement that found it gone.
      throw connection.lost() ?? error;
    }
  };
}

/**
 * PostgreSQL: a tenant read in one round trip. The BEGIN with its settings, the statement and the
 * COMMIT are written together without waiting for each other's answers (node-postgres' `pipeline` mode) and
 * answered in order, all on one checked-out connection. Rows are used only if all three succeeded.
 * Whatever fails, the transaction is over once the COMMIT is answered (PostgreSQL turns the COMMIT
 * of a failed transaction into a ROLLBACK), so the connection goes back to the pool as clean as
 * it came; only a COMMIT without an answer (a lost connection) closes it.
 */
function postgresTenantReader(pool: pg.Pool, limits: DatabaseLimits) {
  return async <Row>(companyId: number, statement: ReadStatement, values: unknown[]): Promise<Row[]> => {
    const { text, name, genericPlan } = statement;
    const begin = tenantBeginSql(companyId, limits, { genericPlan });
    const connection = await checkOut(pool);
    const { client } = connection;
    // The three are written to the socket in one write, not three: one system call and one
    // wake-up of the backend (a small gain: the lists' bench did not move beyond its noise).
    const socket = client.connection.stream;
    socket.cork();
    const answers = [
      client.query(begin),
      client.query<Row & pg.QueryResultRow>({ name, text, values }),
      client.query('commit'),
    ] as const;
    socket.uncork();
    const [began, read, committed] = await Promise.allSettled(answers);
    connection.release(committed.status === 'rejected' ? (committed.reason as Error) : undefined);
    if (began.status === 'rejected') throw began.reason;
    if (read.status === 'rejected') throw read.reason;
    if (committed.status === 'rejected') throw committed.reason;
    return read.value.rows;
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
  const inTurn = turnsInArrivalOrder();
  return {
    kind: 'pglite',
    owner,
    pglite: client,
    withTenant: pgliteTenantRunner(owner, inTurn),
    tenantRead: async <Row>(
      companyId: number,
      query: SQLWrapper | ReadStatement,
      values: Record<string, unknown> = {},
    ) => {
      const settings = tenantSettingsSql(companyId);
      const { text, params } = statementOf(query);
      return inTurn(() =>
        client.transaction(async (tx) => {
          await tx.exec(settings);
          return (await tx.query<Row>(text, fillPlaceholders(params, values))).rows;
        }),
      );
    },
    close: () => client.close(),
  };
}

function openPostgres(databaseUrl: string): Database {
  const limits = databaseLimits();
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: limits.poolSize,
    connectionTimeoutMillis: limits.connectionTimeoutMs,
    idleTimeoutMillis: limits.idleTimeoutMs,
    // node-postgres' pipeline mode: queries given to a connection are written without waiting for
    // the previous answer (each keeps its own sync point; a transaction's queries still run in
    // order). tenantRead sends BEGIN, its statement and COMMIT together; code that awaits each
    // query behaves as without it.
    pipeline: true,
  });
  // An idle client losing its connection (server restart, terminated backend) emits on the pool;
  // unhandled, that event would crash the process. The pool replaces the client on next use.
  pool.on('error', (error) => createLogger().log('error', 'database-pool-error', { error: String(error) }));
  const owner = drizzlePg({ client: pool, schema }) as unknown as Db;
  const read = postgresTenantReader(pool, limits);
  return {
    kind: 'postgres',
    owner,
    withTenant: postgresTenantRunner(pool, limits),
    tenantRead: <Row>(
      companyId: number,
      query: SQLWrapper | ReadStatement,
      values: Record<string, unknown> = {},
    ) => {
      const statement = statementOf(query);
      return read<Row>(companyId, statement, fillPlaceholders(statement.params, values));
    },
    close: () => pool.end(),
  };
}

/** Adds `openListener` to a PostgreSQL database; its close() then ends the listeners too. */
function withListeners(database: Database, databaseUrl: string): Database {
  const listeners = new Set<pg.Client>();
  let closed = false;
  const close = database.close;
  return {
    ...database,
    openListener: async () => {
      if (closed) return undefined;
      const connectionString = process.env.DATABASE_LISTEN_URL || databaseUrl;
      const client = new pg.Client({ connectionString, keepAlive: true });
      listeners.add(client);
      client.once('end', () => listeners.delete(client));
      try {
        await client.connect();
      } catch (error) {
        listeners.delete(client);
        throw error;
      }
      return client;
    },
    close: async () => {
      closed = true;
      await Promise.all([
        ...[...listeners].map((client) => client.end().catch(() => {})),
        close.call(database),
      ]);
    },
  };
}

async function applyMigrations(database: Database): Promise<void> {
  // `owner` is typed as the drivers' common PgDatabase; each migrator wants its own driver's type,
  // which `kind` names (openDatabase built it with that driver).
  if (database.kind === 'pglite') {
    await migratePglite(database.owner as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder,
    });
  } else {
    await migratePg(database.owner as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
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
  const rows = rowsOf<{ created_at: string | number }>(
    await database.owner.execute(sql`select created_at from drizzle.__drizzle_migrations`),
  );
  const recorded = new Set(rows.map((row) => Number(row.created_at)));
  const missing = journal.entries.filter((entry) => !recorded.has(entry.when)).map((entry) => entry.tag);
  if (missing.length) {
    throw new Error(
      `This database lacks the migration(s) ${missing.join(', ')} (drizzle skips a migration ` +
        `dated before the last one it applied). Apply server/migrations/<name>.sql by hand, then record ` +
        `it in drizzle.__drizzle_migrations with its journal "when" as created_at.`,
    );
  }
}

/** Re-exported for bench/, which lives outside the workspace and cannot resolve drizzle-orm itself. */
export { sql } from 'drizzle-orm';
