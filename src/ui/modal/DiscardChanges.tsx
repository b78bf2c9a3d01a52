import { useEffect, useId, useRef } from 'react';
import { validationMessages } from '../../i18n/validationMessages';
import { button } from '../button.css';
import * as styles from './modal.css';

export const discardMessages = {
  /** Closing a dialog (the payment's) with something typed in it. */
  question: validationMessages.unsavedDialog,
  discard: 'Fermer sans enregistrer',
  /** Leaving the page (the leave guard's question). */
  leave: 'Quitter sans enregistrer',
  keep: 'Continuer la saisie',
} as const;

/**
 * The « discard what is typed? » question, in the product's style rather than the browser's
 * `confirm()`: an alert dialog drawn over what it protects (`Modal`'s `unsaved`), whose safe answer
 * (keep typing) has the focus, so Enter or Escape never throws anything away.
 */
export function DiscardChanges({
  question = discardMessages.question,
  discardLabel = discardMessages.discard,
  standalone = false,
  onDiscard,
  onKeep,
}: {
  question?: string;
  discardLabel?: string;
  /** Alone in its own <dialog> (`LeaveQuestion`) rather than over another dialog's panel. */
  standalone?: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  const questionId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div className={standalone ? undefined : styles.discardLayer}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={questionId}
        className={styles.discard}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Escape answers « keep »: it must not reach the <dialog> and close it.
          event.preventDefault();
          event.stopPropagation();
          onKeep();
        }}
      >
        <p id={questionId} className={styles.discardQuestion}>
          {question}
        </p>
        <div className={styles.discardActions}>
          <button type="button" ref={keepRef} className={button.primary} onClick={onKeep}>
            {discardMessages.keep}
          </button>
          <button type="button" className={button.secondary} onClick={onDiscard}>
            {discardLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
