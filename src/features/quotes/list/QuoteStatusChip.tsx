import type { QuoteStatus } from '../../../api/quotes';
import { quoteStatusLabels } from './messages';
import * as styles from './quoteStatusChip.css';

/** A quote's status as a small chip: a word and a colour (Brouillon grey, Accepté green, …). */
export function QuoteStatusChip({ status }: { status: QuoteStatus }) {
  return <span className={`${styles.chip} ${styles.tone[status]}`}>{quoteStatusLabels[status]}</span>;
}
