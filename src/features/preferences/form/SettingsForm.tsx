import { type ReactNode, useId, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { ApiError } from '../../../api/errors';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { serverErrorMessage } from '../../../i18n/serverErrors';
import { shellMessages } from '../../../i18n/shellMessages';
import { validationMessages } from '../../../i18n/validationMessages';
import { useLeaveGuard } from '../../../routes/leaveGuard';
import { button } from '../../../ui/button.css';
import { FormDateField } from '../../../ui/FormDateField';
import { addToast } from '../../../ui/toasts/toastStore';
import * as styles from '../../customers/form/form.css';
import { type FieldKind, fromScreen, toScreen } from './formats';
import { preferencesMessages } from './messages';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  hint?: string;
  wide?: boolean;
  /** Shown, not editable (with its hint saying why). */
  readOnly?: boolean;
  autoComplete?: string;
  /** A select's choices: the value as text ('' for none) and its label. */
  options?: { value: string; label: string }[];
}

export interface SectionSpec {
  legend: string;
  fields: FieldSpec[];
}

type ScreenValues = Record<string, string | boolean>;
type Input = Record<string, unknown>;

export interface SettingsFormProps {
  sections: SectionSpec[];
  /** The stored values, in the API's units. */
  initial: Input;
  /** The shared contract's schema: the server checks the same. */
  schema: ZodType;
  save: (input: Input) => Promise<unknown>;
  onSaved?: (saved: unknown) => void;
  /** Error keys a field answers for: the message goes under it (email_already_used → email). */
  errorFields?: Record<string, string>;
  /** A rule across fields (a confirmation): field → message. */
  check?: (input: Input) => Record<string, string>;
  /** Loads the stored values again (after a stale save). */
  onReload?: () => void;
  submitLabel?: string;
  /** Live figures computed from what is typed (costs, the next customer code). */
  live?: (read: (name: string) => unknown) => ReactNode;
  /** Empties the form after a save (a new record, a password). */
  resetAfterSave?: boolean;
  /** Shown as one form region with this name. */
  label: string;
  /** Buttons beside the submit one (delete): `type="button"`, the caller's own actions. */
  actions?: ReactNode;
  /** Shows « Annuler », which leaves the form (a sheet or a new record closes) without saving. */
  onCancel?: () => void;
  /**
   * For a member who may read but not change it (a non-admin on an admin's sheet): every field shown
   * read-only, no save nor caller's actions (delete), and « Fermer » instead of « Annuler ».
   */
  readOnly?: boolean;
}

const allFields = (sections: SectionSpec[]) => sections.flatMap((section) => section.fields);

/**
 * A settings form: every field with its label, the spec's French messages under the wrong ones
 * (the contract's rules, then the server's), the section 8 toasts, nothing typed lost on an error,
 * the unsaved-changes guard and the stale-version notice of the customers sheet.
 */
export function SettingsForm({
  sections,
  initial,
  schema,
  save,
  onSaved,
  errorFields = {},
  check,
  onReload,
  submitLabel = preferencesMessages.save,
  live,
  resetAfterSave = false,
  label,
  actions,
  onCancel,
  readOnly = false,
}: SettingsFormProps) {
  const shown = readOnly
    ? sections.map((section) => ({
        ...section,
        fields: section.fields.map((field) => ({ ...field, readOnly: true })),
      }))
    : sections;
  const fields = allFields(shown);
  const screenValues = (values: Input): ScreenValues =>
    Object.fromEntries(fields.map((field) => [field.name, toScreen(field.kind, values[field.name])]));

  const resolver: Resolver<ScreenValues, unknown, Input> = async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const input: Input = { ...initial };
    for (const field of fields) {
      // A read-only field sends what is stored, whatever the browser reports of a disabled control.
      if (field.readOnly) continue;
      const parsed = fromScreen(field.kind, values[field.name] ?? '');
      if ('code' in parsed)
        errors[field.name] = { type: parsed.code, message: fieldCodeMessage(parsed.code) };
      else input[field.name] = parsed.value;
    }
    const result = schema.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (fields.some((field) => field.name === name) && !errors[name]) {
          errors[name] = { type: issue.message, message: fieldCodeMessage(issue.message) };
        }
      }
    }
    for (const [name, message] of Object.entries(check?.(input) ?? {})) {
      errors[name] ??= { type: 'check', message };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<ScreenValues> };
    // The form's own fields, as the contract outputs them (trimmed, upper-cased keys...), and nothing
    // else of what was loaded (an id, a version, computed figures): the API refuses keys it does not
    // know, so the page adds what its call needs (the version read) itself.
    const output = { ...input, ...(result.success ? (result.data as Input) : {}) };
    return { values: Object.fromEntries(fields.map(({ name }) => [name, output[name]])), errors: {} };
  };

  const { register, control, handleSubmit, formState, setError, reset, getValues, watch } = useForm<
    ScreenValues,
    unknown,
    Input
  >({ defaultValues: screenValues(initial), resolver, shouldFocusError: true });
  const [stale, setStale] = useState(false);
  useLeaveGuard(formState.isDirty, validationMessages.unsavedChanges);
  const ids = useId();

  const submit = handleSubmit(async (input) => {
    setStale(false);
    try {
      const saved = await save(input);
      // What is on screen is now what is stored: nothing left to lose on leaving.
      reset(resetAfterSave ? screenValues(initial) : getValues());
      addToast(shellMessages.updateSuccess, { type: 'success' });
      onSaved?.(saved);
    } catch (error) {
      const key = error instanceof ApiError ? error.key : '';
      if (key === 'stale_version') {
        setStale(true);
        return;
      }
      addToast(shellMessages.updateError, { type: 'error' });
      if (!(error instanceof ApiError)) return;
      const field = errorFields[key];
      if (field) setError(field, { message: serverErrorMessage(key) }, { shouldFocus: true });
      else if (key !== 'validation') addToast(serverErrorMessage(key), { type: 'error' });
      Object.entries(error.fields)
        .filter(([name]) => fields.some((f) => f.name === name))
        .forEach(([name, code], index) => {
          const message = key === 'validation' ? fieldCodeMessage(code) : serverErrorMessage(key);
          setError(name, { message }, { shouldFocus: index === 0 && !field });
        });
    }
  });

  const read = (name: string) => {
    const spec = fields.find((field) => field.name === name);
    const parsed = spec ? fromScreen(spec.kind, watch(name) ?? '') : { code: 'invalid' as const };
    return 'value' in parsed ? parsed.value : undefined;
  };

  return (
    <form
      className={styles.form}
      // A read-only form has nothing to send (Enter in its one field must not submit it).
      onSubmit={readOnly ? (event) => event.preventDefault() : submit}
      noValidate
      aria-label={label}
      aria-busy={formState.isSubmitting}
    >
      {stale ? (
        <div className={styles.alert} role="alert">
          <p>{serverErrorMessage('stale_version')}</p>
          {onReload ? (
            <button type="button" className={button.secondary} onClick={onReload}>
              {preferencesMessages.reload}
            </button>
          ) : null}
        </div>
      ) : null}
      {shown.map((section) => (
        <fieldset key={section.legend} className={styles.section}>
          <legend className={styles.legend}>{section.legend}</legend>
          <div className={styles.grid}>
            {section.fields.map((field) => {
              // A day is the French date field (typed dd/MM/yyyy or picked in its calendar); the
              // form keeps the text typed, which the resolver above reads (fromScreen).
              if (field.kind === 'date')
                return (
                  <FormDateField
                    key={field.name}
                    form={control}
                    name={field.name}
                    label={field.label}
                    valueFormat="text"
                    required={field.required}
                    readOnly={field.readOnly}
                    hint={field.hint}
                    className={field.wide ? styles.wide : undefined}
                  />
                );
              const id = `${ids}-${field.name}`;
              const message = formState.errors[field.name]?.message;
              const described = [field.hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(
                Boolean,
              );
              const common = {
                id,
                readOnly: field.readOnly,
                'aria-invalid': message ? true : undefined,
                'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
                'aria-required': field.required ? true : undefined,
                ...register(field.name),
              };
              const wide = field.wide || field.kind === 'textarea';
              return (
                <div key={field.name} className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
                  {field.kind === 'checkbox' ? (
                    <label className={styles.choice} htmlFor={id}>
                      <input type="checkbox" {...common} disabled={field.readOnly} />
                      {field.label}
                    </label>
                  ) : (
                    <>
                      <label className={styles.label} htmlFor={id}>
                        {field.label}
                        {field.required ? (
                          <span className={styles.required} aria-hidden="true">
                            {' '}
                            *
                          </span>
                        ) : null}
                      </label>
                      {field.kind === 'textarea' ? (
                        <textarea className={styles.textarea} {...common} />
                      ) : field.kind === 'select' ? (
                        <select className={styles.control} {...common} disabled={field.readOnly}>
                          {(field.options ?? []).map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <input
                          className={styles.control}
                          type={
                            field.kind === 'email' ? 'email' : field.kind === 'password' ? 'password' : 'text'
                          }
                          inputMode={
                            ['money', 'percent', 'coefficient'].includes(field.kind)
                              ? 'decimal'
                              : field.kind === 'integer'
                                ? 'numeric'
                                : undefined
                          }
                          autoComplete={field.autoComplete}
                          {...common}
                        />
                      )}
                    </>
                  )}
                  {field.hint ? (
                    <p id={`${id}-hint`} className={styles.hint}>
                      {field.hint}
                    </p>
                  ) : null}
                  {message ? (
                    <p id={`${id}-error`} className={styles.error}>
                      {message}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      {live ? live(read) : null}
      <div className={styles.actions}>
        {readOnly ? null : (
          <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
            {submitLabel}
          </button>
        )}
        {onCancel ? (
          <button type="button" className={button.secondary} onClick={onCancel}>
            {readOnly ? preferencesMessages.close : preferencesMessages.cancel}
          </button>
        ) : null}
        {readOnly ? null : actions}
      </div>
    </form>
  );
}
