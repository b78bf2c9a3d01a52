import { useCallback, useEffect, useState } from 'react';
import { useEnterpriseId } from '../customers/sheet/useEnterpriseId';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: T };

/**
 * Loads what a settings page shows once its company is known; `reload` asks again (after a stale
 * save), `set` keeps what a save answered.
 */
export function useLoad<T>(load: (() => Promise<T>) | null, key: unknown) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // `key` says when `load` asks for something else (a new function each render otherwise).
  useEffect(() => {
    if (!load) return;
    let current = true;
    // A reload keeps what is on screen until the new answer is there (no flash, no lost state).
    setState((previous) => (previous.status === 'loaded' ? previous : { status: 'loading' }));
    load().then(
      (data) => current && setState({ status: 'loaded', data }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: 'loaded', data }), []);
  return { state, reload, set };
}

/** `useLoad` for what belongs to the signed-in company: asked once the token's company is known. */
export function useCompanyLoad<T>(load: (enterpriseId: number) => Promise<T>) {
  const enterpriseId = useEnterpriseId();
  const loaded = useLoad(enterpriseId === null ? null : () => load(enterpriseId), enterpriseId);
  return { enterpriseId, ...loaded };
}
