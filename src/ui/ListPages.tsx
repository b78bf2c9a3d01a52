import { button } from './button.css';
import * as styles from './table.css';

/**
 * What a server-paged list's state says about its page (invoices, payments). The pages themselves
 * are the one pager, src/ui/Pager.tsx (DataTable draws it under its rows).
 */
export interface PagedList {
  load: 'idle' | 'loading' | 'loaded' | 'failed';
  rows: readonly unknown[];
  hits: number;
  /** From 0. */
  page: number;
}

/**
 * What a list shows under its filters: nothing more when its only load failed (the alert says so),
 * the spinner until the first answer, the empty panel, or its rows (a failed or busy later load
 * keeps the rows shown before: nothing on screen is lost).
 */
export function listView(state: PagedList): 'failed' | 'loading' | 'empty' | 'rows' {
  if (state.load === 'failed' && state.rows.length === 0) return 'failed';
  if (state.load === 'idle' || (state.load === 'loading' && state.rows.length === 0 && state.hits === 0))
    return 'loading';
  return state.hits === 0 ? 'empty' : 'rows';
}

/** A list whose page could not be loaded: the French sentence and a retry. */
export function ListFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.alert} role="alert">
      <p>{message}</p>
      <button type="button" className={button.secondary} onClick={onRetry}>
        Réessayer
      </button>
    </div>
  );
}
