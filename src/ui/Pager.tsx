import type { ReactNode } from 'react';
import { formatCount } from '../i18n/format';
import * as styles from './dataTable.css';
import { pageItems } from './pageItems';

/**
 * The one pager of the lists (DataTable draws it under its rows; a list may draw it alone): the
 * rows shown (« 1–50 sur 1 234 », announced as it changes) and, when there is more than one page,
 * first, previous, the page numbers around the current one, next, last — buttons in the tab order,
 * each named in French; the current page is marked (aria-current).
 */
export interface PagerProps {
  /** From 0. */
  page: number;
  pageSize: number;
  /** How many rows the whole list has (the server's hits). */
  hits: number;
  onPage: (page: number) => void;
  /** The pager's name for screen readers, e.g. « Pages de la liste des clients ». */
  label?: string;
  /** The range's sentence when the default « 1–50 sur 1 234 » needs a noun. */
  range?: (from: number, to: number, total: number) => string;
  /** Beside the range: what is on its way (a later page loading). */
  status?: ReactNode;
}

export const pagerMessages = {
  label: 'Pages de la liste',
  first: 'Première page',
  previous: 'Page précédente',
  next: 'Page suivante',
  last: 'Dernière page',
  page: (page: number) => `Page ${formatCount(page)}`,
  range: (from: number, to: number, total: number) =>
    `${formatCount(from)}–${formatCount(to)} sur ${formatCount(total)}`,
} as const;

/** The last page (from 0) of a list of `hits` rows. */
export const lastPage = (hits: number, pageSize: number) => Math.max(0, Math.ceil(hits / pageSize) - 1);

export function Pager({
  page,
  pageSize,
  hits,
  onPage,
  label,
  range = pagerMessages.range,
  status,
}: PagerProps) {
  const first = page * pageSize;
  const last = lastPage(hits, pageSize);
  const step = (name: string, symbol: string, target: number, disabled: boolean) => (
    <button
      type="button"
      className={styles.pageButton}
      aria-label={name}
      title={name}
      disabled={disabled}
      onClick={() => onPage(target)}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  return (
    <div className={styles.footer}>
      <div className={styles.pageStatus}>
        <p role="status">{range(Math.min(first + 1, hits), Math.min(first + pageSize, hits), hits)}</p>
        {status}
      </div>
      {last > 0 ? (
        <nav className={styles.pager} aria-label={label ?? pagerMessages.label}>
          {step(pagerMessages.first, '«', 0, page === 0)}
          {step(pagerMessages.previous, '‹', page - 1, page === 0)}
          {pageItems(page, last).map((item, index) =>
            item === 'gap' ? (
              <span key={`gap-${index}`} className={styles.pageGap} aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className={`${styles.pageButton} ${Math.abs(item - page) > 1 && item !== 0 && item !== last ? styles.farPage : ''}`}
                aria-label={pagerMessages.page(item + 1)}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => {
                  if (item !== page) onPage(item);
                }}
              >
                {formatCount(item + 1)}
              </button>
            ),
          )}
          {step(pagerMessages.next, '›', page + 1, page >= last)}
          {step(pagerMessages.last, '»', last, page >= last)}
        </nav>
      ) : null}
    </div>
  );
}
