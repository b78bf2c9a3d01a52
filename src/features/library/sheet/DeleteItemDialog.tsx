import { useState } from 'react';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { button } from '../../../ui/button.css';
import { Modal } from '../../../ui/modal/Modal';
import * as form from '../../../ui/textField.css';
import { libraryMessages as m } from '../messages';

export interface DeleteItemDialogProps {
  open: boolean;
  designation: string;
  onClose: () => void;
  /** Deletes; a refusal (409 library_item_in_use) is said in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
}

/** « Supprimer cet élément ? »: the confirmation, and the server's French sentence when refused. */
export function DeleteItemDialog({ open, designation, onClose, onConfirm }: DeleteItemDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={m.deleteTitle} size="narrow">
      <p>{m.deleteText(designation)}</p>
      {error ? (
        <div className={form.alert} role="alert">
          <p style={{ margin: 0 }}>{error}</p>
        </div>
      ) : null}
      <div className={form.actions} style={{ marginTop: 16 }}>
        <button
          type="button"
          className={button.primary}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (failure) {
              setError(errorMessageFor(failure));
            } finally {
              setBusy(false);
            }
          }}
        >
          {m.deleteConfirm}
        </button>
        <button type="button" className={button.secondary} onClick={close}>
          {m.cancel}
        </button>
      </div>
    </Modal>
  );
}
