/**
 * Fixed-window counter kept in this process's memory. Good enough to blunt a flood of client-log
 * beacons; sign-in failures, which must hold across processes, are counted in the database instead
 * (auth/login-throttle.ts).
 */
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
