/**
 * The password derivations' queue (auth/passwords.ts): a burst waits its turn instead of taking
 * every core, and sign-in is refused at once ('busy') rather than queued without end.
 */
import { describe, expect, it } from 'vitest';
import {
  hashingConcurrency,
  hashingStats,
  hashPassword,
  maxQueuedSignIns,
  verifyOrBusy,
  verifyPassword,
} from '../src/auth/passwords.js';

describe('password derivations', () => {
  it(`a burst of 150 sign-ins: never more than ${hashingConcurrency} at once, the overflow refused without deriving`, async () => {
    const stored = await hashPassword('le bon mot de passe');
    const before = hashingStats().done;
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        verifyOrBusy(i === 0 ? 'le bon mot de passe' : `faux-${i}`, stored),
      ),
    );
    const busy = answers.filter((answer) => answer === 'busy').length;
    expect(answers[0]).toBe(true);
    expect(answers.filter((answer) => answer === false)).toHaveLength(150 - 1 - busy);
    // Whoever came once `maxQueuedSignIns` were waiting was refused, and derived nothing.
    expect(busy).toBeGreaterThanOrEqual(150 - hashingConcurrency - maxQueuedSignIns);
    expect(hashingStats().done - before).toBe(150 - busy);
    expect(hashingStats().maxActive).toBeLessThanOrEqual(hashingConcurrency);
    expect(hashingStats().waiting).toBe(0);
  });

  it('other callers (creating a user, changing a password) wait their turn instead', async () => {
    const stored = await hashPassword('x'.repeat(12));
    const answers = await Promise.all(
      Array.from({ length: maxQueuedSignIns + 10 }, () => verifyPassword('x'.repeat(12), stored)),
    );
    expect(answers.every(Boolean)).toBe(true);
  });
});
