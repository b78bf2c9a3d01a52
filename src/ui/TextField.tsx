import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import * as styles from './textField.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's French message (a form's own check or the server's 422), under it in red. */
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A labelled input: label above, control, then the hint and the error, both describing the control
 * (a screen reader reads the message when the field gets the focus).
 */
export function TextField({ label, value, onChange, error, hint, required, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <input
        {...input}
        id={id}
        className={styles.control}
        value={value}
        required={required}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
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
