import { shellMessages } from '../i18n/shellMessages';
import * as styles from './spinner.css';
import { visuallyHidden } from './theme.css';

export function Spinner({ label = shellMessages.loading }: { label?: string }) {
  return (
    <div className={styles.centered} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}

/** Decorative only: the text next to it is what assistive technology reads, so no second status. */
export function InlineSpinner() {
  return <span className={styles.inline} aria-hidden="true" />;
}
