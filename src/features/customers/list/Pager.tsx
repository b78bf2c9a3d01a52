import { formatCount } from '../../../i18n/format';
import { customerMessages } from '../messages';
import * as styles from './list.css';
import { pageItems } from './pageItems';

export interface PagerProps {
  /** From 0. */
  page: number;
  /** The last page, from 0. */
  last: number;
  onPage: (page: number) => void;
}

/**
 * First, previous, the page numbers around the current one, next, last: buttons in the tab order,
 * each named in French for screen readers; the current page is marked (aria-current).
 */
export function Pager({ page, last, onPage }: PagerProps) {
  const step = (label: string, symbol: string, target: number, disabled: boolean) => (
    <button
      type="button"
      className={styles.pageButton}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => onPage(target)}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  return (
    <nav className={styles.pager} aria-label={customerMessages.pagination}>
      {step(customerMessages.firstPage, '«', 0, page === 0)}
      {step(customerMessages.previousPage, '‹', page - 1, page === 0)}
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
            aria-label={customerMessages.pageNumber(item + 1)}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => {
              if (item !== page) onPage(item);
            }}
          >
            {formatCount(item + 1)}
          </button>
        ),
      )}
      {step(customerMessages.nextPage, '›', page + 1, page >= last)}
      {step(customerMessages.lastPage, '»', last, page >= last)}
    </nav>
  );
}
