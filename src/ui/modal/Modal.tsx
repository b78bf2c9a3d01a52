import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { MODAL_DEFAULT_WIDTH, MODAL_NARROW_WIDTH, MODAL_TALL_CONTENT_RATIO } from '../../config/constants';
import { shellMessages } from '../../i18n/shellMessages';
import { iconButton } from '../button.css';
import { FrenchText } from '../FrenchText';
import { Spinner } from '../Spinner';
import { DiscardChanges } from './DiscardChanges';
import { deepActiveElement } from './deepActiveElement';
import * as styles from './modal.css';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, a backdrop click or the close button. */
  onClose: () => void;
  title: string;
  /** Shows a spinner instead of the content. */
  loading?: boolean;
  /** 720 px by default; 'narrow' is the 620 px variant. */
  size?: 'default' | 'narrow';
  /** Hides the close button (a modal the user cannot dismiss, such as the offline one). */
  dismissible?: boolean;
  /**
   * Something typed is not saved: Escape, a backdrop click and the close button ask first
   * (`DiscardChanges`) instead of throwing it away.
   */
  unsaved?: boolean;
  children?: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside) and gives Escape; focus goes back to where it was when the modal closes.
 */
export function Modal({
  open,
  onClose,
  title,
  loading = false,
  size = 'default',
  dismissible = true,
  unsaved = false,
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [isTall, setTall] = useState(false);
  const [asking, setAsking] = useState(false);
  const dismiss = () => {
    if (!dismissible || asking) return;
    if (unsaved) setAsking(true);
    else onClose();
  };

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const previouslyFocused = deepActiveElement();
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      // The same fallback as on opening, for a <dialog> without the modal API.
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      previouslyFocused?.focus();
    };
  }, [open]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel || typeof ResizeObserver === 'undefined') return;
    const measure = () => setTall(panel.scrollHeight > window.innerHeight * MODAL_TALL_CONTENT_RATIO);
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [open]);

  // The question goes with the dialog: closed and opened again, it starts afresh.
  useEffect(() => {
    if (!open) setAsking(false);
  }, [open]);

  if (!open) return null;
  const width = size === 'narrow' ? MODAL_NARROW_WIDTH : MODAL_DEFAULT_WIDTH;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard twin is Escape (onCancel).
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      style={{ width }}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) dismiss();
      }}
    >
      <div ref={panelRef} className={`${styles.panel} ${isTall ? styles.tall : ''}`} inert={asking}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            <FrenchText>{title}</FrenchText>
          </h2>
          {dismissible && (
            <button type="button" className={iconButton} aria-label={shellMessages.close} onClick={dismiss}>
              ×
            </button>
          )}
        </div>
        {loading ? <Spinner /> : children}
      </div>
      {asking ? (
        <DiscardChanges
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            onClose();
          }}
        />
      ) : null}
    </dialog>
  );
}
