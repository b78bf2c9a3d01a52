import { useEffect, useMemo, useRef } from 'react';

/** A debounced function: each call puts off the last one; `cancel` drops the one waiting. */
export type Debounced<Args extends unknown[]> = ((...args: Args) => void) & { cancel: () => void };

/**
 * `callback` called once typing pauses for `delayMs` (one request per pause, not per key), with
 * the arguments of the last call. The component's unmounting drops a call still waiting, so no
 * search lands after its field is gone. The latest `callback` is the one called (no stale props).
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
): Debounced<Args> {
  const latest = useRef(callback);
  latest.current = callback;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const cancel = () => clearTimeout(timer.current);
    const call = (...args: Args) => {
      cancel();
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    };
    return Object.assign(call, { cancel });
  }, [delayMs]);
}
