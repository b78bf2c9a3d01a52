import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { BusinessJob } from '../../../api/businessJobs';
import { ApiError } from '../../../api/errors';
import type { QuoteEditorDetail } from '../../../api/quotes';
import { lazy } from '../../../contract/lazy';
import { quoteTextLimits } from '../../../contract/quotes';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { button } from '../../../ui/button.css';
import type { ComboboxChoice } from '../../../ui/Combobox';
import { Field } from '../../../ui/Field';
import { FormCombobox } from '../../../ui/FormCombobox';
import { Modal } from '../../../ui/modal/Modal';
import { InlineSpinner } from '../../../ui/Spinner';
import { useDebouncedCallback } from '../../../ui/useDebouncedCallback';
import * as shared from '../../invoices/invoices.css';
import { quotesListMessages as m } from './messages';
import { $quoteJobChoices, $quoteJobSearch, createQuoteDraft } from './quotesStores';

/** Typing waits this long before the job search changes (one request per pause, not per key). */
export const JOB_SEARCH_DELAY_MS = 250;

const choiceSchema = lazy(() => z.object({ id: z.number(), label: z.string() }));
const newQuoteSchema = lazy(() =>
  z.object({
    job: choiceSchema.nullable().refine((job) => job !== null, validationMessages.required),
    title: z
      .string()
      .trim()
      .min(1, validationMessages.required)
      .max(quoteTextLimits.title, validationMessages.tooLong),
  }),
);
type NewQuoteValues = z.input<typeof newQuoteSchema>;

/** A job as the combobox offers it: its name and its customer. */
export const jobChoice = (job: Pick<BusinessJob, 'id' | 'name' | 'customerName'>): ComboboxChoice => ({
  id: job.id,
  label: `${job.name} (${job.customerName})`,
});

/** The job combobox's choices (from the data layer) and what it calls as the user types. */
function useJobChoices() {
  const { data, loading } = useStore($quoteJobChoices);
  const onSearch = useDebouncedCallback((text: string) => $quoteJobSearch.set(text), JOB_SEARCH_DELAY_MS);
  const choices = useMemo(() => (data?.data ?? []).map(jobChoice), [data]);
  return { choices, loading, onSearch };
}

export interface NewQuoteFormProps {
  /** The job chosen beforehand (the job sheet's « Nouveau devis »): no combobox then. */
  job?: ComboboxChoice;
  jobChoices: readonly ComboboxChoice[];
  jobsLoading?: boolean;
  onJobSearch: (text: string) => void;
  /** Creates the draft; an ApiError says what went wrong. */
  create: (input: { businessJobId: number; title: string }) => Promise<QuoteEditorDetail>;
  onCreated: (quote: QuoteEditorDetail) => void;
  onCancel: () => void;
}

/**
 * « Nouveau devis »: the job (searched by its name or its customer's) and the quote's object. The
 * draft is created at once (POST /quotes: numbered, valid for the company's « Durée de validité »),
 * then the editor opens on it. A refusal keeps what was typed and says why.
 */
export function NewQuoteForm({
  job,
  jobChoices,
  jobsLoading = false,
  onJobSearch,
  create,
  onCreated,
  onCancel,
}: NewQuoteFormProps) {
  const { control, register, handleSubmit, formState, setError } = useForm<NewQuoteValues>({
    defaultValues: { job: job ?? null, title: '' },
    resolver: zodResolver(newQuoteSchema),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = formState;

  async function submit(values: NewQuoteValues) {
    if (!values.job) return;
    setFailure(null);
    try {
      onCreated(await create({ businessJobId: values.job.id, title: values.title.trim() }));
    } catch (error) {
      if (error instanceof ApiError && error.key === 'validation' && error.fields.title) {
        setError('title', { message: fieldCodeMessage(error.fields.title) }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.key === 'validation' && error.fields.businessJobId) {
        setError('job', { message: fieldCodeMessage(error.fields.businessJobId) }, { shouldFocus: true });
        return;
      }
      setFailure(errorMessageFor(error));
    }
  }

  return (
    <form
      noValidate
      aria-label={m.newTitle}
      aria-busy={formState.isSubmitting}
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      onSubmit={handleSubmit(submit)}
    >
      {failure ? (
        <p className={shared.alert} role="alert">
          {failure}
        </p>
      ) : null}
      {job ? (
        <p>
          {m.job} : <strong>{job.label}</strong>
        </p>
      ) : (
        <Field label={m.job} required error={errors.job?.message}>
          {(field) => (
            <FormCombobox
              form={control}
              name="job"
              control={field}
              choices={jobChoices}
              loading={jobsLoading}
              onSearch={onJobSearch}
              placeholder={m.jobPlaceholder}
              emptyText={m.jobNoMatch}
              loadingText={m.jobSearching}
            />
          )}
        </Field>
      )}
      <Field label={m.quoteTitle} required error={errors.title?.message} hint={m.quoteTitleHint}>
        {(field) => <input {...field} {...register('title')} aria-required autoComplete="off" />}
      </Field>
      <div className={shared.actions} style={{ justifyContent: 'flex-end' }}>
        <button type="button" className={button.secondary} onClick={onCancel}>
          {m.cancel}
        </button>
        <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? <InlineSpinner /> : null}
          {m.create}
        </button>
      </div>
    </form>
  );
}

export interface NewQuoteDialogProps {
  open: boolean;
  /** The job chosen beforehand (the job sheet), else the dialog asks for one. */
  job?: ComboboxChoice;
  onClose: () => void;
  /** The draft is created: the caller opens its editor. */
  onCreated: (quote: QuoteEditorDetail) => void;
}

/** « Nouveau devis » in a dialog, over the data layer (the jobs searched, the draft created). */
export function NewQuoteDialog({ open, job, onClose, onCreated }: NewQuoteDialogProps) {
  const jobs = useJobChoices();
  return (
    <Modal open={open} onClose={onClose} title={m.newTitle} size="narrow">
      {open ? (
        <NewQuoteForm
          job={job}
          jobChoices={jobs.choices}
          jobsLoading={jobs.loading}
          onJobSearch={jobs.onSearch}
          create={createQuoteDraft}
          onCreated={onCreated}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
