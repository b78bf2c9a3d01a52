import { useEffect, useRef, useState } from 'react';
import { button } from './button.css';

/**
 * A record sheet's delete: the button becomes its confirmation in place, and takes the focus so the
 * keyboard stays where it was. `onConfirm` deletes and says the outcome itself (a refusal above the
 * sheet, a toast); afterwards the button is back to its first state.
 */
export function ConfirmDeleteButton({
  label,
  confirmLabel,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  if (!confirming)
    return (
      <button type="button" className={button.ghost} onClick={() => setConfirming(true)}>
        {label}
      </button>
    );
  return (
    <button
      ref={confirmButton}
      type="button"
      className={button.secondary}
      disabled={deleting}
      onClick={async () => {
        setDeleting(true);
        try {
          await onConfirm();
        } finally {
          setDeleting(false);
          setConfirming(false);
        }
      }}
    >
      {confirmLabel}
    </button>
  );
}
