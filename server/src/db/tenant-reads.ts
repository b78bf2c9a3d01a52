/**
 * Tenant reads on PostgreSQL: one read-only statement under the tenant fence in one round trip.
 *
 * BEGIN, SET LOCAL and COMMIT around every read cost PostgreSQL about as much CPU as the page
 * itself (bench/results.md), so tenant reads run on a pool of their own whose connections never
 * serve anything else: each becomes `bo_app` once (before its first read, awaited) and keeps its
 * company between reads; a read for another company sends the new setting in the same write as
 * its statement. Rows are used only once PostgreSQL has confirmed the setting they ran under, and
 * a connection whose state is in doubt is closed, never reused: a read never runs under a company
 * it was not given.
 *
 * A connection is checked out by a *lane*: the reads of one company, with the same plan and text
 * settings, sent on it one after the other without waiting for the previous answer. A hot list's
 * reads (statements declared `pipelined`) share up to `lanesPerKey` lanes: a backend that still
 * has a read queued does not fall asleep, and waking a sleeping backend for every read was the
 * largest single cost of a customers' page (bench/results.md, "Sixth round"). Every other read has
 * a lane of its own, so a heavy one (an export's page) never holds up the lists behind it.
 */
import pg from 'pg';
import type { ReadStatement } from './database.js';
import { appRole, tenantCompany } from './tenant-fence.js';
import { type TenantReadClient, textAsBytesTypes } from './text-as-bytes.js';

type ReadClient = TenantReadClient & pg.PoolClient;

/** What a connection is set to, once PostgreSQL has confirmed it. */
interface ReaderSettings {
  companyId: number;
  genericPlan: boolean;
}

/**
 * How many connections a hot list's reads of one company share. Measured (bench/results.md,
 * "Sixth round"): with the writes of a turn gathered, two beat one and ten on a 2-core machine.
 */
const lanesPerKey = 2;

interface Lane {
  /** The connection, checked out and (when new) made `bo_app`; rejects if either failed. */
  client: Promise<ReadClient>;
  /** The same connection once checked out, for closing the lane. */
  checkedOut?: ReadClient;
  /** The company setting sent with the first reads, confirmed or refused. */
  settings: Promise<void>;
  readonly textAsBytes: boolean;
  /** A hot list's lane, in `sharedLanes` under this key; absent: a read's own connection. */
  readonly key?: string;
  inFlight: number;
  /** The reads given to a shared lane in one turn of the event loop leave in one write. */
  writeScheduled?: boolean;
  /** Why the connection's state is in doubt: no read is sent on it any more, and it is closed. */
  failure?: Error;
}

/**
 * The session settings that take a connection from `from` (nothing: a new connection) to what a
 * read needs, as one simple query (its statements stand or fall together); '' when nothing changes.
 */
export function readerSettingsSql(from: ReaderSettings | undefined, to: ReaderSettings): string {
  const statements = [
    from ? null : `set role ${appRole}`,
    from?.companyId === to.companyId ? null : `set app.company_id = '${tenantCompany(to.companyId)}'`,
    from?.genericPlan === to.genericPlan
      ? null
      : `set plan_cache_mode = ${to.genericPlan ? 'force_generic_plan' : 'auto'}`,
  ].filter((statement) => statement !== null);
  return statements.join('; ');
}

/**
 * Holds a shared lane's writes until the end of this turn of the event loop: the reads of the
 * requests that arrived together reach the backend in one system call and one wake-up, not one each.
 */
function writeWithTheTurnsOtherReads(lane: Lane, client: ReadClient) {
  if (lane.writeScheduled) return;
  const { stream } = client.connection;
  stream.cork();
  lane.writeScheduled = true;
  setImmediate(() => {
    lane.writeScheduled = false;
    stream.uncork();
  });
}

/**
 * An error PostgreSQL answered for one statement: the connection is as it was (each read has its
 * own sync point, and no transaction is open). Anything else (a lost connection, a fatal error)
 * puts its state in doubt.
 */
const isStatementError = (error: unknown) =>
  error instanceof pg.DatabaseError && error.severity !== 'FATAL' && error.severity !== 'PANIC';

export function postgresTenantReader(pool: pg.Pool) {
  const confirmed = new WeakMap<pg.PoolClient, ReaderSettings>();
  const sharedLanes = new Map<string, Lane[]>();

  function openLane(wanted: ReaderSettings, textAsBytes: boolean, key?: string): Lane {
    let settingsSent!: (settings: Promise<void>) => void;
    // Its connection is assigned right below: the checkout refers to the lane.
    const lane = {
      textAsBytes,
      key,
      inFlight: 0,
      settings: new Promise((resolve) => {
        settingsSent = (settings) => resolve(settings);
      }),
    } as Lane;
    lane.client = (async () => {
      const client = (await pool.connect()) as ReadClient;
      lane.checkedOut = client;
      let current = confirmed.get(client);
      if (!current) {
        // A new connection: its role is set and confirmed before any statement is sent.
        await client.query(readerSettingsSql(undefined, wanted));
        current = wanted;
        confirmed.set(client, current);
      }
      const settings = readerSettingsSql(current, wanted);
      settingsSent(
        settings
          ? client.query(settings).then(() => {
              confirmed.set(client, wanted);
            })
          : Promise.resolve(),
      );
      if (textAsBytes) client.decodeTextAs('latin1');
      return client;
    })();
    // The reads of the lane await both; these handlers keep a failure from being reported as
    // unhandled before a read awaits it.
    lane.client.catch((error: Error) => settingsSent(Promise.reject(error)));
    lane.settings.catch(() => {});
    return lane;
  }

  function closeLane(lane: Lane) {
    if (lane.key !== undefined) {
      const lanes = sharedLanes.get(lane.key)?.filter((other) => other !== lane) ?? [];
      if (lanes.length) sharedLanes.set(lane.key, lanes);
      else sharedLanes.delete(lane.key);
    }
    const client = lane.checkedOut;
    if (!client) return;
    if (lane.textAsBytes) client.decodeTextAs('utf-8');
    if (lane.failure) {
      confirmed.delete(client);
      client.release(lane.failure);
    } else {
      client.release();
    }
  }

  /**
   * The lane a read goes on: a hot list's read joins the least busy of its company's lanes once
   * there are `lanesPerKey` of them, unless another read is waiting for a connection (then it
   * waits in the same queue, so a company with lanes never starves the others).
   */
  function laneFor(wanted: ReaderSettings, textAsBytes: boolean, pipelined: boolean): Lane {
    if (!pipelined) return openLane(wanted, textAsBytes);
    const key = `${wanted.companyId}:${wanted.genericPlan}:${textAsBytes}`;
    const lanes = sharedLanes.get(key) ?? [];
    const usable = lanes.filter((lane) => !lane.failure);
    if (usable.length >= lanesPerKey && pool.waitingCount === 0) {
      return usable.reduce((best, lane) => (lane.inFlight < best.inFlight ? lane : best));
    }
    const lane = openLane(wanted, textAsBytes, key);
    sharedLanes.set(key, [...lanes, lane]);
    return lane;
  }

  return async <Row>(companyId: number, statement: ReadStatement, values: unknown[]): Promise<Row[]> => {
    const { text, name, genericPlan, textAsBytes, pipelined } = statement;
    const lane = laneFor({ companyId: tenantCompany(companyId), genericPlan }, textAsBytes, pipelined);
    lane.inFlight++;
    try {
      const client = await lane.client.catch((error: Error) => {
        lane.failure ??= error;
        throw error;
      });
      if (lane.failure) throw lane.failure;
      if (lane.key !== undefined) writeWithTheTurnsOtherReads(lane, client);
      const read = client.query<Row & pg.QueryResultRow>({
        name,
        text,
        values,
        types: textAsBytes ? textAsBytesTypes : undefined,
      });
      const [set, rows] = await Promise.allSettled([lane.settings, read]);
      if (set.status === 'rejected') {
        lane.failure ??= set.reason as Error;
        throw set.reason;
      }
      if (rows.status === 'rejected') {
        if (!isStatementError(rows.reason)) lane.failure = rows.reason as Error;
        throw rows.reason;
      }
      return rows.value.rows;
    } finally {
      lane.inFlight--;
      if (lane.inFlight === 0) closeLane(lane);
    }
  };
}
