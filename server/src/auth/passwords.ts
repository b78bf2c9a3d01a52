/** Password hashing with node:crypto scrypt; the parameters travel with the hash. */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const params = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
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

/** A hash no password matches: for users created without one, and to spend equal time on unknown emails. */
export const unusablePasswordHash = `scrypt$${params.N}$${params.r}$${params.p}$${Buffer.alloc(16).toString('base64')}$`;
