import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './Field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's French message (a form's own check or the server's 422), under it in red. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** To move the focus to the input (a refused form focuses its first wrong field). */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input (see `Field`): label above, input, then the hint and the error. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <input
          {...input}
          {...control}
          className={className ? `${control.className} ${className}` : control.className}
          value={value}
          required={required}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}
