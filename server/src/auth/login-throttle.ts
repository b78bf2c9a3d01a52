/**
 * Sign-in limits (OWASP Authentication Cheat Sheet, « Protect Against Automated Attacks » and
 * « Account Lockout »), counted in the database so that every instance shares them
 * (http/rate-limit.ts), each attempt counted *before* its password is checked:
 *
 * - per address, across accounts: `address.limit` failed (or in-flight) checks per window, so one
 *   address cannot make the server hash for 600 emails; a successful sign-in gives its count back,
 *   so an office where people sign in every morning behind one address is not refused;
 * - per account, across addresses: `account.limit` checks at once, then one per growing delay
 *   (doubling up to a cap) rather than a hard lock-out: guessing at one account from 120 addresses
 *   gets a handful of tries an hour, and its owner is only slowed down, never locked for good;
 * - a browser holding the account's device cookie (auth/device-cookie.ts) skips both and has a
 *   counter of its own (`device`): its owner signs in during a burst against the account or from
 *   the attacker's address.
 *
 * The number of passwords hashed at once is bounded apart (auth/passwords.ts).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import {
  type CounterAnswer,
  type CounterRule,
  createSharedCounters,
  type SharedCounters,
} from '../http/rate-limit.js';

export interface SignInLimits {
  address: CounterRule;
  account: CounterRule;
  device: CounterRule;
}

export const loginThrottleDefaults: SignInLimits = {
  // 20 failed sign-ins from one address per 15 minutes, whatever the emails.
  address: { limit: 20, windowSeconds: 15 * 60 },
  // 5 at once per account; then 30 s, 1 min, 2 min… up to 15 min between tries; forgotten after
  // a day without one (about 100 tries a day at most, against 600 in a minute before).
  account: { limit: 5, windowSeconds: 86400, growingDelay: { firstSeconds: 30, maxSeconds: 15 * 60 } },
  // A known browser: 10 wrong passwords per 15 minutes (then it is refused like any over limit).
  device: { limit: 10, windowSeconds: 15 * 60 },
};

/** `unchecked`: the password was not checked after all (the hashing queue was full). */
export type SignInOutcome = 'success' | 'failure' | 'unchecked';

export type SignInVerdict =
  | {
      allowed: true;
      /** Says how the check ended, so the counters keep only what must count. */
      settle(outcome: SignInOutcome): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /**
   * Counts one attempt; not allowed means the password must not be checked. `device` is the nonce
   * of a device cookie valid for this email (auth/device-cookie.ts), when the browser sent one.
   */
  attempt(input: {
    ip: string;
    email: string;
    device?: string | undefined;
    /**
     * What is counted: sign-ins, or requests for a reset link by mail (« Mot de passe oublié ? »,
     * pages/password-reset.ts). The same rules, counters of their own: someone slowed down after
     * wrong passwords can still ask for a link, and a burst of links is refused as a burst of
     * sign-ins is (no mailbox flooded, no server mailing for 600 addresses).
     */
    purpose?: ThrottledPurpose;
  }): Promise<SignInVerdict>;
  /**
   * The account's password was just reset through its mail (auth/password-resets.ts): whoever
   * guessed at it before no longer matters, its owner signs in at once.
   */
  forgetAccount(email: string): Promise<void>;
}

export type ThrottledPurpose = 'sign-in' | 'password-reset';

/** Hashed: the table should not become a list of who tried which address or account. */
const keyOf = (kind: string, value: string, purpose: ThrottledPurpose = 'sign-in') =>
  `${purpose}:${kind}:${createHash('sha256').update(value).digest('base64url')}`;

const refused = ({ retryAfterSeconds }: CounterAnswer): SignInVerdict => ({
  allowed: false,
  retryAfterSeconds,
});

export function createLoginThrottle(
  owner: Db,
  limits: SignInLimits = loginThrottleDefaults,
  counters: SharedCounters = createSharedCounters(owner),
): LoginThrottle {
  return {
    forgetAccount: (email) => counters.clear(keyOf('account', email.trim().toLowerCase())),
    async attempt({ ip, email, device, purpose }) {
      const account = email.trim().toLowerCase();
      if (device) {
        const key = keyOf('device', `${device}\n${account}`, purpose);
        const verdict = await counters.hit(key, limits.device);
        if (!verdict.allowed) return refused(verdict);
        return {
          allowed: true,
          settle: async (outcome) => {
            if (outcome === 'success') await counters.clear(key);
            else if (outcome === 'unchecked') await counters.giveBack(key);
          },
        };
      }
      const addressKey = keyOf('address', ip, purpose);
      const accountKey = keyOf('account', account, purpose);
      const byAddress = await counters.hit(addressKey, limits.address);
      if (!byAddress.allowed) return refused(byAddress);
      const byAccount = await counters.hit(accountKey, limits.account);
      if (!byAccount.allowed) {
        // Nothing was checked: the address keeps its count for attempts that were.
        await counters.giveBack(addressKey);
        return refused(byAccount);
      }
      return {
        allowed: true,
        async settle(outcome) {
          if (outcome === 'failure') return;
          if (outcome === 'unchecked') {
            await Promise.all([counters.giveBack(addressKey), counters.giveBack(accountKey)]);
            return;
          }
          // The password was right: neither the address nor the account was being guessed at.
          await Promise.all([counters.giveBack(addressKey), counters.clear(accountKey)]);
        },
      };
    },
  };
}
