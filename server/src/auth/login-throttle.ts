/**
 * Sign-in rate limit per IP + email: after `maxFailures` failures within `windowSeconds`, further
 * attempts are refused until the window ends. Counted in the database so that every server process
 * sees the same counters.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { loginFailures } from '../db/schema.js';

export interface LoginThrottle {
  isBlocked(ip: string, email: string): Promise<boolean>;
  recordFailure(ip: string, email: string): Promise<void>;
  reset(ip: string, email: string): Promise<void>;
}

export const loginThrottleDefaults = { maxFailures: 5, windowSeconds: 15 * 60 };

function throttleKey(ip: string, email: string): string {
  // Hashed: the table should not become a list of who tried which address.
  return createHash('sha256').update(`${ip}\n${email.trim().toLowerCase()}`).digest('base64url');
}

export function createLoginThrottle(
  owner: Db,
  { maxFailures, windowSeconds } = loginThrottleDefaults,
): LoginThrottle {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  return {
    async isBlocked(ip, email) {
      const [row] = await owner
        .select({ failures: loginFailures.failures })
        .from(loginFailures)
        .where(
          sql`${loginFailures.key} = ${throttleKey(ip, email)} and ${loginFailures.windowStartedAt} > now() - ${window}`,
        );
      return (row?.failures ?? 0) >= maxFailures;
    },
    async recordFailure(ip, email) {
      const expired = sql`${loginFailures.windowStartedAt} <= now() - ${window}`;
      await owner
        .insert(loginFailures)
        .values({ key: throttleKey(ip, email), failures: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${loginFailures.windowStartedAt} end`,
          },
        });
    },
    async reset(ip, email) {
      await owner.delete(loginFailures).where(eq(loginFailures.key, throttleKey(ip, email)));
    },
  };
}
