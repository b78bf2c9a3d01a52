import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../api/errors';
import type { JobInput } from '../../../contract/jobs';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { errorMessageFor, serverErrorMessages } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { useLeaveGuard } from '../../../routes/leaveGuard';
import { button } from '../../../ui/button.css';
import type { ComboboxChoice } from '../../../ui/Combobox';
import { Field } from '../../../ui/Field';
import { FormCombobox } from '../../../ui/FormCombobox';
import { FormDateField } from '../../../ui/FormDateField';
import * as styles from '../../../ui/textField.css';
import { jobMessages as m } from '../messages';
import { type JobFormValues, jobFormFields, jobFormResolver } from './jobFormSchema';

export interface JobFormProps {
  /** create: « Créer l'affaire », no reception date; edit: the sheet's « Enregistrer l'affaire ». */
  mode: 'create' | 'edit';
  initialValues: JobFormValues;
  /** The users of the company who may follow the job. */
  owners: readonly ComboboxChoice[];
  /** The customers matching what is typed in the customer field. */
  customerChoices: readonly ComboboxChoice[];
  customersLoading?: boolean;
  onCustomerSearch: (text: string) => void;
  /** Sends the job; an ApiError says what went wrong. Resolves once saved. */
  save: (input: JobInput) => Promise<void>;
  /** After a stale save, on the user's request: the stored job in a new form. */
  onReload?: () => void;
  /** Secondary actions beside the save button. */
  extraActions?: ReactNode;
}

/** The API's field names whose form field has another name. */
type JobFormField = (typeof jobFormFields)[number];
const isJobFormField = (name: string): name is JobFormField =>
  (jobFormFields as readonly string[]).includes(name);

const formFieldOf: Record<string, JobFormField> = {
  customerId: 'customer',
  retainageBasisPoints: 'retainage',
};

/**
 * A job's fields (« Nouvelle affaire », and the job sheet): checked on submit with the contract's
 * rules and the spec's French sentences, the first wrong field focused. A refused save keeps
 * everything typed; a stale one (someone saved first) says so and offers to reload.
 */
export function JobForm({
  mode,
  initialValues,
  owners,
  customerChoices,
  customersLoading = false,
  onCustomerSearch,
  save,
  onReload,
  extraActions,
}: JobFormProps) {
  const { register, control, handleSubmit, formState, setError, reset, getValues } = useForm<
    JobFormValues,
    unknown,
    JobInput
  >({ defaultValues: initialValues, resolver: jobFormResolver });
  const { errors } = formState;
  /** A refusal about the whole form (the server's sentence), or the stale-save message. */
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  // Dirty until a save succeeds (reset below): a refused save keeps the guard up.
  useLeaveGuard(formState.isDirty, validationMessages.unsavedChanges);

  async function send(input: JobInput) {
    setFailure(null);
    try {
      await save(mode === 'create' ? { ...input, deliveryDate: null } : input);
      // What is on screen is now what is stored: nothing left to lose on leaving.
      reset(getValues());
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure({ message: errorMessageFor(error), stale: false });
        return;
      }
      if (error.key === 'stale_version') {
        setFailure({ message: serverErrorMessages.stale_version, stale: true });
        return;
      }
      if (error.key === 'retainage_already_paid') {
        setError(
          'deliveryDate',
          { message: serverErrorMessages.retainage_already_paid },
          { shouldFocus: true },
        );
        return;
      }
      if (error.key === 'validation' && error.fields) {
        // The fields in the form's order, so the first one the server refused takes the focus.
        const named = Object.entries(error.fields)
          .flatMap(([path, code]) => {
            const name = formFieldOf[path] ?? path;
            return isJobFormField(name) ? [{ name, code }] : [];
          })
          .sort((a, b) => jobFormFields.indexOf(a.name) - jobFormFields.indexOf(b.name));
        named.forEach(({ name, code }, index) => {
          setError(name, { message: fieldCodeMessage(code) }, { shouldFocus: index === 0 });
        });
        if (named.length > 0) return;
      }
      setFailure({ message: errorMessageFor(error), stale: false });
    }
  }

  const message = (name: keyof JobFormValues) => errors[name]?.message;
  return (
    <form
      className={styles.section}
      onSubmit={handleSubmit(send)}
      noValidate
      aria-busy={formState.isSubmitting}
    >
      {failure ? (
        <div className={styles.alert} role="alert">
          <p style={{ margin: 0 }}>{failure.message}</p>
          {failure.stale && onReload ? (
            <button type="button" className={button.secondary} style={{ marginTop: 8 }} onClick={onReload}>
              {m.reload}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className={styles.grid}>
        <Field label={m.jobName} required error={message('name')}>
          {(field) => <input {...field} {...register('name')} aria-required autoComplete="off" />}
        </Field>
        <Field label={m.customer} required error={message('customer')}>
          {(field) => (
            <FormCombobox
              form={control}
              name="customer"
              control={field}
              choices={customerChoices}
              loading={customersLoading}
              onSearch={onCustomerSearch}
              placeholder={m.customerSearchPlaceholder}
              emptyText={m.customerNoMatch}
              loadingText={m.customerSearching}
            />
          )}
        </Field>
        <Field label={m.siteAddress} error={message('siteAddress')}>
          {(field) => <input {...field} {...register('siteAddress')} autoComplete="off" />}
        </Field>
        <Field label={m.retainageField} error={message('retainage')} hint={m.retainageHint}>
          {(field) => <input {...field} {...register('retainage')} inputMode="decimal" />}
        </Field>
        <Field label={m.owner} error={message('ownerUserId')}>
          {(field) => (
            // Controlled: the users may arrive after the form opens, and the choice must then show.
            <Controller
              control={control}
              name="ownerUserId"
              render={({ field: owner }) => (
                <select {...field} {...owner}>
                  <option value="">{m.nobody}</option>
                  {owners.map((choice) => (
                    <option key={choice.id} value={String(choice.id)}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </Field>
        {mode === 'edit' ? (
          <FormDateField
            form={control}
            name="deliveryDate"
            valueFormat="text"
            label={m.deliveryDate}
            hint={m.deliveryDateHint}
          />
        ) : null}
      </div>
      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
          {mode === 'create' ? m.create : m.save}
        </button>
        {extraActions}
      </div>
    </form>
  );
}
