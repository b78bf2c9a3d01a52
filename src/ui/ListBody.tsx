import type { ReactNode } from 'react';
import { ListFailed, type listView } from './ListPages';
import { centeredActions } from './panel.css';
import { Spinner } from './Spinner';
import { subtitle } from './screen.css';
import { emptyPanel } from './table.css';

/** What a list shows under its filters (listView for the paged lists' states, pageView for a query's). */
export type ListBodyView = ReturnType<typeof listView>;

/**
 * A list read through the data layer (src/api/query.ts): nothing more than the alert when its only
 * load failed, the spinner until the first answer, then empty or rows (a later load keeps the rows).
 */
export const pageView = (page: { info: { hits: number } } | undefined, failed: boolean): ListBodyView =>
  page === undefined ? (failed ? 'failed' : 'loading') : page.info.hits === 0 ? 'empty' : 'rows';

export interface ListBodyProps {
  view: ListBodyView;
  /** The last load failed: its sentence and « Réessayer », above the rows kept from before. */
  failed?: { message: string; onRetry: () => void } | null;
  /** The spinner's words for screen readers (« Chargement… » by default). */
  loadingLabel?: string;
  /** No row at all, or none for these filters: what the panel says, and its buttons. */
  empty: { title: ReactNode; text?: ReactNode; actions?: ReactNode };
  /** The rows (the list's DataTable): drawn only when there are some. */
  rows: () => ReactNode;
}

/** The one way a list says it failed, loads, is empty or shows its rows (every list of the product). */
export function ListBody({ view, failed, loadingLabel, empty, rows }: ListBodyProps) {
  return (
    <>
      {failed ? <ListFailed message={failed.message} onRetry={failed.onRetry} /> : null}
      {view === 'loading' ? (
        <Spinner label={loadingLabel} />
      ) : view === 'empty' ? (
        <div className={emptyPanel}>
          <p>
            <strong>{empty.title}</strong>
          </p>
          {empty.text ? <p className={subtitle}>{empty.text}</p> : null}
          {empty.actions ? <div className={centeredActions}>{empty.actions}</div> : null}
        </div>
      ) : view === 'rows' ? (
        rows()
      ) : null}
    </>
  );
}
