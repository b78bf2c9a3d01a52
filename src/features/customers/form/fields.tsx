import { type ReactNode, useId } from 'react';
import { type FieldPath, get, useFormContext } from 'react-hook-form';
import type { CustomerFormValues } from './customerFormSchema';
import * as styles from './form.css';

type Name = FieldPath<CustomerFormValues>;

/** The field's message from validation or from the server, shown under it in red. */
function useFieldError(name: Name): string | undefined {
  const { formState } = useFormContext<CustomerFormValues>();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

interface FieldProps {
  name: Name;
  label: string;
  required?: boolean;
  hint?: string;
  /** A non-blocking warning under the field (announced politely, the save still goes). */
  warning?: string;
  wide?: boolean;
}

/** Label above, control, then the hint or the error: the control is described by both. */
function FieldFrame({
  label,
  required,
  hint,
  warning,
  wide,
  message,
  ids,
  children,
}: Omit<FieldProps, 'name'> & {
  message: string | undefined;
  ids: { control: string; hint: string; error: string; warning: string };
  children: ReactNode;
}) {
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label className={styles.label} htmlFor={ids.control}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorText id={ids.error} message={message} />
      {warning === undefined ? null : (
        // Always there for the fields that may warn: a live region announces what enters it.
        <p id={ids.warning} className={styles.warning} role="status">
          {warning}
        </p>
      )}
    </div>
  );
}

function useFieldIds(hint: string | undefined, message: string | undefined, warning?: string) {
  const id = useId();
  const ids = {
    control: `${id}-control`,
    hint: `${id}-hint`,
    error: `${id}-error`,
    warning: `${id}-warning`,
  };
  const describedBy =
    [hint ? ids.hint : null, message ? ids.error : null, warning ? ids.warning : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return { ids, describedBy };
}

export function TextField({
  name,
  type = 'text',
  autoComplete,
  inputMode,
  ...frame
}: FieldProps & {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
}) {
  const { register } = useFormContext<CustomerFormValues>();
  const message = useFieldError(name);
  const { ids, describedBy } = useFieldIds(frame.hint, message, frame.warning);
  return (
    <FieldFrame {...frame} message={message} ids={ids}>
      <input
        id={ids.control}
        className={styles.control}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={message ? true : undefined}
        aria-required={frame.required || undefined}
        aria-describedby={describedBy}
        {...register(name)}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ name, ...frame }: FieldProps) {
  const { register } = useFormContext<CustomerFormValues>();
  const message = useFieldError(name);
  const { ids, describedBy } = useFieldIds(frame.hint, message);
  return (
    <FieldFrame {...frame} message={message} ids={ids}>
      <textarea
        id={ids.control}
        className={styles.textarea}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...register(name)}
      />
    </FieldFrame>
  );
}

export function SelectField({
  name,
  options,
  ...frame
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const { register } = useFormContext<CustomerFormValues>();
  const message = useFieldError(name);
  const { ids, describedBy } = useFieldIds(frame.hint, message);
  return (
    <FieldFrame {...frame} message={message} ids={ids}>
      <select
        id={ids.control}
        className={styles.control}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...register(name)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Radio buttons or checkboxes in a fieldset whose legend is the label. */
export function ChoiceField({
  name,
  label,
  kind,
  options,
  wide,
}: {
  name: Name;
  label: string;
  kind: 'radio' | 'checkbox';
  options: readonly { value: string; label: string }[];
  wide?: boolean;
}) {
  const { register } = useFormContext<CustomerFormValues>();
  const message = useFieldError(name);
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className={`${styles.field} ${styles.choices} ${wide ? styles.wide : ''}`}
      aria-describedby={message ? errorId : undefined}
    >
      <legend className={styles.label}>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input type={kind} value={option.value} {...register(name)} />
          {option.label}
        </label>
      ))}
      <ErrorText id={errorId} message={message} />
    </fieldset>
  );
}
