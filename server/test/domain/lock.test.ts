import { describe, expect, it } from 'vitest';
import { acquireLock, LOCK_IDLE_MS, lockHolder, releaseLock } from '../../src/domain/index.js';

const t0 = new Date('2026-03-01T09:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

describe('edit lock', () => {
  it('goes to the first session that opens the invoice', () => {
    expect(acquireLock(null, 'a', t0)).toEqual({ ok: true, value: { sessionId: 'a', lastActivityAt: t0 } });
  });

  it('refuses another session while the holder is active, and renews for the holder', () => {
    const lock = { sessionId: 'a', lastActivityAt: t0 };
    expect(acquireLock(lock, 'b', later(LOCK_IDLE_MS - 1))).toEqual({ ok: false, key: 'resource_locked' });
    expect(acquireLock(lock, 'a', later(LOCK_IDLE_MS + 5))).toEqual({
      ok: true,
      value: { sessionId: 'a', lastActivityAt: later(LOCK_IDLE_MS + 5) },
    });
    expect(lockHolder(lock, later(1000))).toBe('a');
  });

  it('expires after inactivity: another session takes it', () => {
    const lock = { sessionId: 'a', lastActivityAt: t0 };
    expect(lockHolder(lock, later(LOCK_IDLE_MS))).toBeNull();
    expect(acquireLock(lock, 'b', later(LOCK_IDLE_MS))).toEqual({
      ok: true,
      value: { sessionId: 'b', lastActivityAt: later(LOCK_IDLE_MS) },
    });
  });

  it('is released only by its holder', () => {
    const lock = { sessionId: 'a', lastActivityAt: t0 };
    expect(releaseLock(lock, 'b')).toBe(lock);
    expect(releaseLock(lock, 'a')).toBeNull();
    expect(releaseLock(null, 'a')).toBeNull();
  });
});
