import { afterEach, describe, expect, it, vi } from 'vitest';
import { $now } from './now';

describe('$now', () => {
  afterEach(() => vi.useRealTimers());

  it('moves on every 10 s while something shows a relative time', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
    const seen: string[] = [];
    const stop = $now.subscribe((now) => seen.push(now.toISOString()));
    vi.advanceTimersByTime(20_000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([
      '2026-11-21T08:00:00.000Z',
      '2026-11-21T08:00:10.000Z',
      '2026-11-21T08:00:20.000Z',
    ]);
  });
});
