/**
 * A measure group's form fields (its name and its job), written once for « Nouveau groupe de mesures »
 * and for a group's page: the same schema, the same fields, the same reading of a server refusal.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/errors';
import { lazy } from '../../contract/lazy';
import { measureRules } from '../../contract/measures';
import { fieldCodeMessage } from '../../i18n/fieldCodeMessages';
import { validationMessages } from '../../i18n/validationMessages';
import { Field } from '../../ui/Field';
import { FormCombobox } from '../../ui/FormCombobox';
import type { JobChoices } from './useJobChoices';

export const groupFormSchema = lazy(() =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, validationMessages.required)
      .max(measureRules.groupNameMax, validationMessages.tooLong),
    job: z.object({ id: z.number(), label: z.string() }).nullable(),
  }),
);
export type GroupFormValues = z.input<typeof groupFormSchema>;

export const useGroupForm = (defaultValues: DefaultValues<GroupFormValues>) =>
  useForm<GroupFormValues>({ defaultValues, resolver: zodResolver(groupFormSchema) });

/** Puts a 422's field errors on their fields (focusing the first); false when the refusal is not one. */
export function showFieldRefusal(form: UseFormReturn<GroupFormValues>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.key !== 'validation') return false;
  if (error.fields.name) {
    form.setError('name', { message: fieldCodeMessage(error.fields.name) }, { shouldFocus: true });
    return true;
  }
  if (error.fields.businessJobId) {
    form.setError('job', { message: fieldCodeMessage(error.fields.businessJobId) }, { shouldFocus: true });
    return true;
  }
  return false;
}

export interface GroupFieldsText {
  name: string;
  nameHint?: string;
  job: string;
  jobHint: string;
  jobPlaceholder: string;
  jobNoMatch: string;
  jobSearching: string;
}

export function GroupFields({
  form,
  jobs,
  text,
}: {
  form: UseFormReturn<GroupFormValues>;
  jobs: JobChoices;
  text: GroupFieldsText;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field label={text.name} required error={errors.name?.message} hint={text.nameHint}>
        {(field) => <input {...field} {...form.register('name')} aria-required autoComplete="off" />}
      </Field>
      <Field label={text.job} error={errors.job?.message} hint={text.jobHint}>
        {(field) => (
          <FormCombobox
            form={form.control}
            name="job"
            control={field}
            choices={jobs.choices}
            loading={jobs.loading}
            onSearch={jobs.onSearch}
            placeholder={text.jobPlaceholder}
            emptyText={text.jobNoMatch}
            loadingText={text.jobSearching}
          />
        )}
      </Field>
    </>
  );
}
