/**
 * Sign-in rate limit per IP + email: at most `maxAttempts` passwords are checked within
 * `windowSeconds`; after that every attempt is refused, right password included, until the window
 * ends. Each attempt is counted by one atomic upsert *before* the password is checked, so concurrent
 * attempts cannot all slip past a check made earlier. Counted in the database so that every server
 * process sees the same counters; a successful sign-in clears its counter.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { loginFailures } from '../db/schema.js';

export interface LoginThrottle {
  /** Counts one attempt; false when it is over the limit (the password must not be checked). */
  attempt(ip: string, email: string): Promise<boolean>;
  reset(ip: string, email: string): Promise<void>;
}

/** 5 passwords checked per IP + email per 15 minutes. */
export const loginThrottleDefaults = { maxAttempts: 5, windowSeconds: 15 * 60 };

function throttleKey(ip: string, email: string): string {
  // Hashed: the table should not become a list of who tried which address.
  return createHash('sha256').update(`${ip}\n${email.trim().toLowerCase()}`).digest('base64url');
}

export function createLoginThrottle(
  owner: Db,
  { maxAttempts, windowSeconds } = loginThrottleDefaults,
): LoginThrottle {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  return {
    async attempt(ip, email) {
      const expired = sql`${loginFailures.windowStartedAt} <= now() - ${window}`;
      // The row lock of ON CONFLICT DO UPDATE serialises concurrent attempts on one key: each one
      // sees the count the previous one left.
      const [row] = await owner
        .insert(loginFailures)
        .values({ key: throttleKey(ip, email), failures: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${loginFailures.windowStartedAt} end`,
          },
        })
        .returning({ attempts: loginFailures.failures });
      return row!.attempts <= maxAttempts;
    },
    async reset(ip, email) {
      await owner.delete(loginFailures).where(eq(loginFailures.key, throttleKey(ip, email)));
    },
  };
}
