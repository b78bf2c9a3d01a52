import { shellMessages } from '../i18n/shellMessages';
import * as styles from './spinner.css';

export function Spinner({ label = shellMessages.loading }: { label?: string }) {
  return (
    <div className={styles.centered} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {label}
      </span>
    </div>
  );
}
