import type { ReactNode } from 'react';
import { button } from '../../ui/button.css';
import { InlineSpinner } from '../../ui/Spinner';
import { paymentMessages as m } from './messages';
import * as styles from './payments.css';

/**
 * A batch dialog's buttons: its confirming button, « Annuler », and while the batch is on its way
 * the sentence saying what is being done (`progress`, null when idle).
 */
export function DialogActions({
  confirm,
  progress,
  onCancel,
}: {
  confirm: ReactNode;
  progress: string | null;
  onCancel: () => void;
}) {
  return (
    <div className={styles.actions}>
      {confirm}
      <button type="button" className={button.secondary} onClick={onCancel}>
        {m.cancel}
      </button>
      {progress ? (
        <span role="status">
          <InlineSpinner /> {progress}
        </span>
      ) : null}
    </div>
  );
}
