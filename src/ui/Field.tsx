import { type ReactNode, useId } from 'react';
import * as styles from './textField.css';

/** What a field hands its control (spread it on the input or select). */
export interface FieldControl {
  /** The id the label points to. */
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  /** The hint and the error, read when the control gets the focus. */
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A red star after the label (hidden from screen readers: the control itself says `required`). */
  required?: boolean | undefined;
  /** The field's French message (a form's own check or the server's 422), under it in red. */
  error?: string | null | undefined;
  hint?: ReactNode;
  className?: string | undefined;
  /** The control, given its id, class and the ids of the texts that describe it. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * A labelled control of any kind (input, select, a list's filter): label above, control, then the
 * hint and the error, both describing the control. The one place that ties a label, a control and
 * its message together, so every form and filter reads the same to a screen reader.
 */
export function Field({ label, required, error, hint, className, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
