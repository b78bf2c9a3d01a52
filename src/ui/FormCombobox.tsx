import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Combobox, type ComboboxProps } from './Combobox';

export type FormComboboxProps<Values extends FieldValues, Parsed> = Omit<
  ComboboxProps,
  'value' | 'onChange' | 'onBlur' | 'inputRef'
> & {
  /** The form's `control` (react-hook-form). */
  form: Control<Values, unknown, Parsed>;
  /** The form value holding the choice (a `ComboboxChoice` or null). */
  name: FieldPath<Values>;
};

/**
 * A `Combobox` bound to a react-hook-form value: the one way a form chooses a job, a customer…
 * (the form's errors focus it, its blur marks the value touched).
 */
export function FormCombobox<Values extends FieldValues, Parsed = Values>({
  form,
  name,
  ...combobox
}: FormComboboxProps<Values, Parsed>) {
  return (
    <Controller<Values, FieldPath<Values>, Parsed>
      control={form}
      name={name}
      render={({ field }) => (
        <Combobox
          {...combobox}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}
