import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { setLeaveQuestion } from '../../routes/leaveGuard';
import { DiscardChanges, discardMessages } from './DiscardChanges';
import * as styles from './modal.css';

interface Asked {
  question: string;
  answer: (leave: boolean) => void;
}

/**
 * The leave guard's question in the product's style (issue 26: no browser `confirm()`): mounted
 * once by the SPA, it answers `whenLeaving` for every form with unsaved changes (customer, job,
 * settings…). The safe answer, stay, has the focus; Escape stays too.
 */
export function LeaveQuestion() {
  const [asked, setAsked] = useState<Asked | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(
    () =>
      setLeaveQuestion(
        (question) =>
          new Promise<boolean>((resolve) => {
            setAsked({ question, answer: resolve });
          }),
      ),
    [],
  );
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !asked) return;
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    };
  }, [asked]);
  if (!asked) return null;
  const answer = (leave: boolean) => {
    setAsked(null);
    asked.answer(leave);
  };
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-label={asked.question}
      onCancel={(event) => {
        event.preventDefault();
        answer(false);
      }}
    >
      <DiscardChanges
        standalone
        question={asked.question}
        discardLabel={discardMessages.leave}
        onKeep={() => answer(false)}
        onDiscard={() => answer(true)}
      />
    </dialog>
  );
}
