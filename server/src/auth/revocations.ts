/**
 * Logout and locking a user take effect on every instance of the API before their answer returns
 * (issue 19, item 3): each instance drops the revoked session's or user's remembered tokens
 * (auth/session-cache.ts), here at once, elsewhere through PostgreSQL LISTEN/NOTIFY, and the
 * revoking instance waits until every other one has said it did.
 *
 * - Each instance keeps one connection of its own (Database.openListener: outside the pools and
 *   any transaction-mode pooler, which cannot carry LISTEN) listening on `bo_revocations` and
 *   `bo_revocation_acks`, and names itself in `application_name` once it listens: the instances
 *   to wait for are read from pg_stat_activity, which forgets a process the moment it dies.
 * - A revocation is sent (pg_notify, outside any transaction: delivered at once) with a nonce;
 *   every other instance forgets, then answers on the ack channel; the sender waits for all of
 *   them, `revocationAckTimeoutMs` at most (a stalled instance: logged, and its remembered tokens
 *   still end within `sessionCacheSeconds`).
 * - An instance whose listener is not connected remembers no token at all (every request asks the
 *   database), and forgets everything when it connects again: nothing it missed can linger.
 *
 * PGlite is one process: forgetting in the instances of this process is all there is to do.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import { createLogger } from '../log.js';
import type { SessionCache } from './session-cache.js';

export const revocationChannel = 'bo_revocations';
const ackChannel = 'bo_revocation_acks';
const instancePrefix = 'bo-revocations ';
/** How long a revocation waits for the other instances' word. */
export const revocationAckTimeoutMs = 1000;
const reconnectAfterMs = 1000;

type Revocation = { sessionId: string } | { companyId: number; userId: number };

export interface RevocationBus {
  /** A new app's memory of tokens on this database: it hears every revocation from now on. */
  attach(cache: SessionCache): void;
  /** Forgets the revocation's tokens in every instance; resolves once all have (or the timeout). */
  revoke(revocation: Revocation): Promise<void>;
  /** Resolves once this instance hears the others' revocations (at once on PGlite). */
  ready: Promise<void>;
}

const buses = new WeakMap<Database, RevocationBus>();

/** The one bus of a database (every app opened on it in this process shares it). */
export function revocationBus(db: Database): RevocationBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = db.openListener ? postgresBus(db.openListener) : localBus();
    buses.set(db, bus);
  }
  return bus;
}

function forgetIn(caches: Iterable<SessionCache>, revocation: Revocation) {
  for (const cache of caches) {
    if ('sessionId' in revocation) cache.forgetSession(revocation.sessionId);
    else cache.forgetUser(revocation.companyId, revocation.userId);
  }
}

function localBus(): RevocationBus {
  const caches = new Set<SessionCache>();
  return {
    attach(cache) {
      caches.add(cache);
      cache.forgetAll(true);
    },
    revoke: async (revocation) => forgetIn(caches, revocation),
    ready: Promise.resolve(),
  };
}

function postgresBus(openListener: () => Promise<pg.Client | undefined>): RevocationBus {
  const log = createLogger();
  const id = randomBytes(9).toString('base64url');
  const caches = new Set<SessionCache>();
  /** Revocations sent by this instance, waiting for the others: nonce → who has not answered. */
  const waits = new Map<string, { pending: Set<string>; done: () => void }>();
  let listener: pg.Client | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const remembering = (on: boolean) => {
    for (const cache of caches) cache.forgetAll(on);
  };

  const onNotification = (client: pg.Client) => (message: pg.Notification) => {
    if (message.channel === ackChannel) {
      const [nonce = '', from = ''] = (message.payload ?? '').split(' ');
      const wait = waits.get(nonce);
      if (wait?.pending.delete(from) && wait.pending.size === 0) wait.done();
      return;
    }
    if (message.channel !== revocationChannel) return;
    let body: { n: string; f: string } & Revocation;
    try {
      body = JSON.parse(message.payload ?? '');
    } catch {
      return;
    }
    if (body.f === id) return;
    forgetIn(caches, body);
    client.query('select pg_notify($1, $2)', [ackChannel, `${body.n} ${id}`]).catch(() => {});
  };

  const connect = async () => {
    const client = await openListener();
    if (!client) return; // the database is closed
    client.on('notification', onNotification(client));
    client.on('error', (error) => log.log('warn', 'revocation-listener-error', { error: String(error) }));
    client.on('end', () => {
      if (listener !== client) return;
      listener = undefined;
      // Revocations sent meanwhile would not be heard: remember nothing until connected again.
      remembering(false);
      setTimeout(start, reconnectAfterMs).unref();
    });
    await client.query(`listen ${revocationChannel}; listen ${ackChannel}`);
    // Named only once it listens: whoever sees this name can count on its answer.
    await client.query(`set application_name = '${instancePrefix}${id}'`);
    listener = client;
    remembering(true);
    markReady();
  };
  const start = () => {
    connect().catch((error: unknown) => {
      log.log('warn', 'revocation-listener-error', { error: String(error) });
      setTimeout(start, reconnectAfterMs).unref();
    });
  };
  start();

  return {
    attach(cache) {
      caches.add(cache);
      cache.forgetAll(listener !== undefined);
    },
    async revoke(revocation) {
      forgetIn(caches, revocation);
      const client = listener;
      if (!client) {
        log.log('warn', 'session-revocation-unacknowledged', { reason: 'listener not connected' });
        return;
      }
      try {
        await tellOthers(client, revocation);
      } catch (error) {
        // The revocation itself stands (it is in the database); only the word to the others failed.
        log.log('warn', 'session-revocation-unacknowledged', { error: String(error) });
      }
    },
    ready,
  };

  /** Sends the revocation and waits for every other listening instance to say it forgot. */
  async function tellOthers(client: pg.Client, revocation: Revocation): Promise<void> {
    const nonce = randomBytes(9).toString('base64url');
    const { rows } = await client.query<{ id: string }>(
      `select substr(application_name, $1) as id from pg_stat_activity
         where datname = current_database() and starts_with(application_name, $2) and pid <> pg_backend_pid()`,
      [instancePrefix.length + 1, instancePrefix],
    );
    const pending = new Set(rows.map((row) => row.id).filter((other) => other !== id));
    let timer: NodeJS.Timeout | undefined;
    const answered =
      pending.size === 0
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            waits.set(nonce, { pending, done: () => resolve(true) });
            timer = setTimeout(() => resolve(false), revocationAckTimeoutMs);
          });
    try {
      await client.query('select pg_notify($1, $2)', [
        revocationChannel,
        JSON.stringify({ n: nonce, f: id, ...revocation }),
      ]);
      if (!(await answered)) {
        log.log('warn', 'session-revocation-unacknowledged', { instances: [...pending] });
      }
    } finally {
      clearTimeout(timer);
      waits.delete(nonce);
    }
  }
}
