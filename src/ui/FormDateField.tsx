import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField, type DateFieldProps } from './DateField';

export type FormDateFieldProps<Values extends FieldValues, Parsed> = Omit<
  DateFieldProps,
  'value' | 'onChange' | 'onBlur' | 'ref' | 'name' | 'error'
> & {
  /** The form's `control` (react-hook-form). */
  form: Control<Values, unknown, Parsed>;
  /** The form value holding the day (yyyy-MM-dd, or with `valueFormat="text"` the text typed). */
  name: FieldPath<Values>;
};

/**
 * A `DateField` bound to a react-hook-form value: the one way a form types a day (the job's
 * reception date, a customer's deadline date…). The form's check or the server's refusal shows
 * under the field; a refused form focuses it; its blur marks the value touched. Forms whose schema
 * reads dd/MM/yyyy text keep `valueFormat="text"`: what is typed stays in the form, even when wrong.
 */
export function FormDateField<Values extends FieldValues, Parsed = Values>({
  form,
  name,
  ...dateField
}: FormDateFieldProps<Values, Parsed>) {
  return (
    <Controller<Values, FieldPath<Values>, Parsed>
      control={form}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...dateField}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
