import { useId, useRef, useState } from 'react';
import { button } from '../../ui/button.css';
import { Modal } from '../../ui/modal/Modal';
import { InlineSpinner } from '../../ui/Spinner';
import { addToast } from '../../ui/toasts/toastStore';
import * as styles from './applications.css';
import { applicationsMessages as m } from './messages';

/**
 * The API key, shown this once: selectable whole (a read-only field), « Copier la clé », and the
 * warning that it will never be shown again. Closing the dialog forgets it (the caller drops it).
 */
export function KeyDialog({
  apiKey,
  title,
  label,
  onClose,
}: {
  apiKey: string | null;
  title: string;
  label: string;
  onClose: () => void;
}) {
  const fieldId = useId();
  const warningId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!apiKey) return;
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
      addToast(m.copied, { type: 'success' });
    } catch {
      // No clipboard (an insecure page, a refused permission): the key is selected for a Ctrl+C.
      field.current?.select();
      addToast(m.copyFailed, { type: 'alert' });
    }
  }

  return (
    <Modal
      open={apiKey !== null}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      title={title}
      size="narrow"
    >
      {apiKey !== null ? (
        <div className={styles.form}>
          <p id={warningId} className={styles.warning} role="note">
            {m.keyWarning}
          </p>
          <label htmlFor={fieldId} style={{ fontWeight: 500 }}>
            {m.keyLabel}
          </label>
          <textarea
            id={fieldId}
            ref={field}
            className={styles.apiKey}
            readOnly
            rows={2}
            value={apiKey}
            aria-describedby={warningId}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className={styles.subtitle}>{m.keyHowTo(label)}</p>
          <div className={styles.endActions}>
            <button type="button" className={button.secondary} onClick={copy}>
              {m.copy}
            </button>
            <button
              type="button"
              className={copied ? button.primary : button.secondary}
              onClick={() => {
                setCopied(false);
                onClose();
              }}
            >
              {m.keyDone}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

/** A question before a change that cannot be undone (a new key, a disconnection). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  busy,
  failure,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  busy: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} size="narrow">
      {open ? (
        <div className={styles.form}>
          <p>{text}</p>
          {failure ? (
            <p className={styles.alert} role="alert">
              {failure}
            </p>
          ) : null}
          <div className={styles.endActions}>
            <button type="button" className={button.secondary} onClick={onClose}>
              {m.cancel}
            </button>
            <button type="button" className={button.primary} disabled={busy} onClick={onConfirm}>
              {busy ? <InlineSpinner /> : null}
              {confirm}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
