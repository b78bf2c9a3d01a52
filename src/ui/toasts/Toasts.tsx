import { useStore } from '@nanostores/react';
import { shellMessages } from '../../i18n/shellMessages';
import { FrenchText } from '../FrenchText';
import { $toasts, dismissToast, toastTone } from './toastStore';
import * as styles from './toasts.css';

/** The toast area, at the top centre of the window. */
export function Toasts() {
  const toasts = useStore($toasts);
  return (
    <section className={styles.region} aria-label="Messages">
      {toasts.map((toast) => {
        const tone = toastTone[toast.type];
        return (
          <div
            key={toast.id}
            className={`${styles.tone[tone]} ${toast.show ? '' : styles.leaving}`}
            role={tone === 'error' ? 'alert' : 'status'}
            data-tone={tone}
          >
            <span className={styles.content}>
              <FrenchText>{toast.content}</FrenchText>
            </span>
            <button
              type="button"
              className={styles.close}
              aria-label={shellMessages.close}
              onClick={() => dismissToast(toast.id)}
            >
              ×
            </button>
          </div>
        );
      })}
    </section>
  );
}
