/**
 * Password hashing with node:crypto scrypt; the parameters travel with the hash.
 *
 * Every derivation waits its turn in one queue per process: at most `hashingConcurrency` run at
 * once (each takes about 50 ms of one core and 16 MiB), so a burst of sign-ins costs time to the
 * sign-ins, not the whole CPU to every other request (bench/results.md, issue 19). Sign-in does
 * not even wait when the queue is already long: it answers « too many attempts » (verifyOrBusy).
 */

import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { passwordRules } from '../../../src/contract/preferences.js';

const params = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;

/** Derivations at once: one core is left to everything else (at least one derivation). */
export const hashingConcurrency = Math.max(1, Math.floor(availableParallelism() / 2));

/** Sign-ins waiting beyond this many queued derivations are refused at once (about 4 s of work). */
export const maxQueuedSignIns = 64;

const stats = { done: 0, active: 0, maxActive: 0, waiting: 0 };
const waiting: (() => void)[] = [];

/** How many derivations ran, and the most that ever ran at once (tests and the bench read it). */
export function hashingStats(): Readonly<typeof stats> {
  return { ...stats, waiting: waiting.length };
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished derivation hands its slot to the first in line (`active` unchanged), so that a
  // newcomer cannot slip in between and `active` never exceeds the concurrency.
  if (stats.active >= hashingConcurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  else stats.active += 1;
  stats.maxActive = Math.max(stats.maxActive, stats.active);
  try {
    return await work();
  } finally {
    stats.done += 1;
    const next = waiting.shift();
    if (next) next();
    else stats.active -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise((resolve, reject) =>
        scrypt(
          password.normalize('NFKC'),
          salt,
          keyLength,
          { ...options, maxmem: 64 * 1024 * 1024 },
          (error, key) => (error ? reject(error) : resolve(key)),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt = '', key = ''] = stored.split('$');
  const wellFormed = algorithm === 'scrypt' && salt !== '' && key !== '';
  // Derive even when the hash is unusable, so that a refusal always costs the same time.
  const options = wellFormed ? { N: Number(n), r: Number(r), p: Number(p) } : params;
  const actual = await derive(password, Buffer.from(salt, 'base64'), options);
  const expected = Buffer.from(key, 'base64');
  return wellFormed && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Sign-in's check: 'busy' without deriving anything when `maxQueuedSignIns` derivations already
 * wait (a burst across many addresses), so that the queue, and the time a real person waits in
 * it, stay bounded.
 */
export async function verifyOrBusy(password: string, stored: string): Promise<boolean | 'busy'> {
  if (waiting.length >= maxQueuedSignIns) return 'busy';
  return verifyPassword(password, stored);
}

/** A hash no password matches: for users created without one, and to spend equal time on unknown emails. */
export const unusablePasswordHash = `scrypt$${params.N}$${params.r}$${params.p}$${Buffer.alloc(16).toString('base64')}$`;

/**
 * A new password chosen on a page (invitation, reset by mail): the rules of the account form
 * (src/contract/preferences.ts, `passwordRules`), and the two copies equal. Null when it will do.
 */
export function newPasswordProblem(
  password: string,
  confirmation: string,
): 'required' | 'too_short' | 'too_long' | 'mismatch' | null {
  if (!password) return 'required';
  if (password.length < passwordRules.min) return 'too_short';
  if (password.length > passwordRules.max) return 'too_long';
  return password === confirmation ? null : 'mismatch';
}
