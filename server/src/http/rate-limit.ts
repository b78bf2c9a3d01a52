/**
 * Rate limits. Two kinds:
 * - `createSharedCounters`: counters in PostgreSQL (table rate_counters), the same for every
 *   instance of the API. Sign-in (auth/login-throttle.ts) and the invoice mails (routes/sending.ts)
 *   count there: a limit that each process kept alone multiplied with the number of processes.
 * - `createRateLimiter`: a fixed window in this process's memory, only to blunt a flood of
 *   client-log beacons (each costs no more than a log line; a database write per beacon would cost
 *   more than the beacon).
 */
import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

export interface RateLimiter {
  /** Counts one hit for `key`; false when the key is over its limit in the current window. */
  hit(key: string): boolean;
}

export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 10000,
}: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
  const windows = new Map<string, { startedAt: number; hits: number }>();
  return {
    hit(key) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        // Bounded memory: forget everything when too many keys pile up (an attacker rotating IPs).
        if (windows.size >= maxKeys) windows.clear();
        window = { startedAt: now, hits: 0 };
        windows.set(key, window);
      }
      window.hits += 1;
      return window.hits <= limit;
    },
  };
}

/**
 * A counter's rule. Fixed window: `limit` hits per `windowSeconds` from the first. Growing delay:
 * `limit` hits at once, then one hit per delay, the delay doubling from `firstSeconds` up to
 * `maxSeconds` at each hit let through; the counter is forgotten `windowSeconds` after the last
 * hit let through. A refused hit changes nothing (it neither extends a window nor a delay).
 */
export interface CounterRule {
  limit: number;
  windowSeconds: number;
  growingDelay?: { firstSeconds: number; maxSeconds: number };
}

export interface CounterAnswer {
  allowed: boolean;
  /** When refused: whole seconds until a hit may be let through again (Retry-After). */
  retryAfterSeconds: number;
}

export interface SharedCounters {
  /** Counts one hit, atomically: concurrent hits on one key are let through one by one. */
  hit(key: string, rule: CounterRule): Promise<CounterAnswer>;
  /** Gives one hit back (it turned out not to count, e.g. a successful sign-in). */
  giveBack(key: string): Promise<void>;
  /** Starts the key's counter again from zero. */
  clear(key: string): Promise<void>;
}

const seconds = (value: number): SQL => {
  if (!Number.isFinite(value) || value < 0) throw new Error(`Not a duration: ${value}`);
  return sql.raw(`make_interval(secs => ${value})`);
};

/** Rows are deleted some time after they expire, by one statement per process and minute. */
const pruneEveryMs = 60_000;

export function createSharedCounters(owner: Db): SharedCounters {
  let prunedAt = Date.now();
  const prune = () => {
    if (Date.now() - prunedAt < pruneEveryMs) return;
    prunedAt = Date.now();
    owner
      .execute(sql`delete from rate_counters where expires_at < now() - interval '1 minute'`)
      .catch(() => {});
  };

  return {
    async hit(key, { limit, windowSeconds, growingDelay }) {
      prune();
      const grant = randomBytes(9).toString('base64url');
      const window = seconds(windowSeconds);
      /** When the next hit may pass, once `hits` hits have been let through. */
      const notBefore = (hits: SQL) => {
        if (!growingDelay) return sql`now()`;
        const { firstSeconds, maxSeconds } = growingDelay;
        return sql`case when ${hits} >= ${sql.raw(String(limit))} then now() + least(
          ${seconds(firstSeconds)} * power(2, least(${hits} - ${sql.raw(String(limit))}, 30)), ${seconds(maxSeconds)})
          else now() end`;
      };
      const expired = sql`rc.expires_at <= now()`;
      const allowed = growingDelay
        ? sql`(rc.hits < ${sql.raw(String(limit))} or rc.not_before <= now())`
        : sql`rc.hits < ${sql.raw(String(limit))}`;
      // One statement, one row lock: concurrent hits of one key queue on the row and each sees
      // what the previous one left. The RETURNING says whether this hit wrote its own grant id.
      const { rows } = (await owner.execute(sql`
        insert into rate_counters as rc (key, hits, not_before, expires_at, grant_id)
        values (${key}, 1, ${notBefore(sql.raw('1'))}, now() + ${window}, ${grant})
        on conflict (key) do update set
          hits = case when ${expired} then 1 when ${allowed} then rc.hits + 1 else rc.hits end,
          not_before = case when ${expired} then ${notBefore(sql.raw('1'))}
                            when ${allowed} then ${notBefore(sql`(rc.hits + 1)`)} else rc.not_before end,
          expires_at = case when ${expired} then now() + ${window}
                            when ${allowed} and ${sql.raw(growingDelay ? 'true' : 'false')} then now() + ${window}
                            else rc.expires_at end,
          grant_id = case when ${expired} or ${allowed} then ${grant} else rc.grant_id end
        returning rc.grant_id = ${grant} as allowed,
          -- The wall clock, not this transaction's start: a transaction that began before the one
          -- which set the delay would otherwise announce a second more than the delay.
          greatest(1, ceil(extract(epoch from ${sql.raw(growingDelay ? 'rc.not_before' : 'rc.expires_at')} - clock_timestamp())))::int as retry_after`)) as unknown as {
        rows: { allowed: boolean; retry_after: number }[];
      };
      const row = rows[0]!;
      return { allowed: row.allowed, retryAfterSeconds: row.allowed ? 0 : row.retry_after };
    },
    async giveBack(key) {
      await owner.execute(
        sql`update rate_counters set hits = greatest(hits - 1, 0) where key = ${key} and expires_at > now()`,
      );
    },
    async clear(key) {
      await owner.execute(sql`delete from rate_counters where key = ${key}`);
    },
  };
}
