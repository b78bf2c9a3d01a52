/**
 * « Gestion chantier »: the progress of each chapter of the job's accepted quote, entered on site
 * (issue 24). What is saved is what the next progress statement (situation) of that quote proposes
 * (GET /quotes/{id}'s `siteProgressBasisPoints`). A save is made from the version read: when someone
 * entered progress meanwhile the API answers 409 stale_version, the last progress shown is read
 * again and what was typed stays in the fields, to check and save again.
 */
import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/errors';
import { formatCents, formatIsoDate, formatPercent } from '../../contract/format';
import { errorMessageFor } from '../../i18n/serverErrors';
import { button } from '../../ui/button.css';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { actions, panel, sectionTitle } from '../../ui/panel.css';
import { Spinner } from '../../ui/Spinner';
import { addToast } from '../../ui/toasts/toastStore';
import { $progress, type Progress, saveProgress } from './api';
import { siteMessages as m } from './messages';
import { parsePercent, percentText, steppedPercent } from './percent';
import * as styles from './siteManagement.css';

const todayIso = () => new Date().toISOString().slice(0, 10);

export function ProgressPanel({ heading: H, jobId }: { heading: 'h2' | 'h3'; jobId: number }) {
  const progress = useStore($progress);
  const id = useId();
  const data = progress.data?.data;
  return (
    <section className={panel} aria-labelledby={id}>
      <H id={id} className={sectionTitle}>
        {m.progress}
      </H>
      {data ? (
        data.quote ? (
          // Keyed on the job and the quote, not the version: a read after a 409 keeps what is typed.
          <ProgressForm key={`${jobId}-${data.quote.id}`} jobId={jobId} progress={data} />
        ) : (
          <p className={styles.muted}>{m.progressNoQuote}</p>
        )
      ) : progress.error ? (
        <p role="alert">{errorMessageFor(progress.error)}</p>
      ) : (
        <Spinner label={m.loading} />
      )}
    </section>
  );
}

type Values = { day: string } & Record<string, string>;
const field = (index: number) => `c${index}`;

export interface ProgressFormProps {
  jobId: number;
  progress: Progress;
  /** Called after a 409 to read the progress again (the store's revalidation by default). */
  onStale?: () => void;
}

export function ProgressForm({ jobId, progress, onStale = () => $progress.revalidate() }: ProgressFormProps) {
  const quote = progress.quote!;
  // Each field starts at the chapter's last progress: the user moves it on from there.
  const form = useForm<Values>({
    defaultValues: {
      day: todayIso(),
      ...Object.fromEntries(
        progress.chapters.map((c, i) => [
          field(i),
          c.percentBasisPoints === null ? '' : percentText(c.percentBasisPoints),
        ]),
      ),
    },
  });
  const dayRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    if (!values.day) {
      form.setError('day', { message: m.dayRequired });
      dayRef.current?.focus();
      return;
    }
    const chapters: { chapter: string; percentBasisPoints: number }[] = [];
    for (const [index, chapter] of progress.chapters.entries()) {
      const percent = parsePercent(values[field(index)] ?? '');
      if (percent === false) {
        form.setError(field(index), { message: m.badPercent }, { shouldFocus: true });
        setError(m.badPercent);
        return;
      }
      // Sent: what differs from the last progress (an empty field leaves the chapter as it is).
      if (percent !== null && percent !== chapter.percentBasisPoints)
        chapters.push({ chapter: chapter.chapter, percentBasisPoints: percent });
    }
    if (chapters.length === 0) {
      setError(m.nothingChanged);
      form.setFocus(field(0));
      return;
    }
    try {
      await saveProgress(jobId, { day: values.day, version: progress.version, chapters });
      addToast(m.progressSaved(quote.number), { type: 'success' });
      form.reset(values);
    } catch (failure) {
      if (failure instanceof ApiError && failure.key === 'stale_version') {
        setError(m.progressStale);
        onStale();
      } else setError(errorMessageFor(failure));
    }
  });

  const step = (name: string) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    form.setValue(name, steppedPercent(event.currentTarget.value, event.key === 'ArrowUp' ? 1 : -1), {
      shouldDirty: true,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={m.progress}>
      <p className={styles.muted}>{m.progressOf(quote.number, quote.title)}</p>
      <p className={styles.muted}>{m.progressHint}</p>
      <div className={styles.row}>
        <DateField
          label={m.progressDay}
          required
          value={form.watch('day')}
          onChange={(day) => {
            form.setValue('day', day);
            form.clearErrors('day');
          }}
          error={errors.day?.message}
          ref={dayRef}
        />
      </div>
      <div className={styles.chapters}>
        {progress.chapters.map((chapter, index) => {
          const name = field(index);
          const last =
            chapter.percentBasisPoints === null
              ? m.noProgressYet
              : m.lastProgress(
                  formatPercent(chapter.percentBasisPoints),
                  formatIsoDate(chapter.day ?? ''),
                  chapter.userName,
                );
          return (
            <Field
              key={chapter.chapter}
              label={chapter.chapter}
              error={errors[name]?.message}
              hint={
                <>
                  {last}
                  <br />
                  {m.chapterAmount(formatCents(chapter.totalExclTaxCents))}
                </>
              }
            >
              {(control) => (
                <input
                  {...control}
                  className={`${control.className} ${styles.percentInput}`}
                  inputMode="decimal"
                  autoComplete="off"
                  aria-label={m.progressOfChapter(chapter.chapter)}
                  {...form.register(name)}
                  onKeyDown={step(name)}
                />
              )}
            </Field>
          );
        })}
      </div>
      {error ? <p role="alert">{error}</p> : null}
      <div className={actions}>
        <button type="submit" className={button.primary} disabled={isSubmitting}>
          {m.saveProgress}
        </button>
      </div>
    </form>
  );
}
