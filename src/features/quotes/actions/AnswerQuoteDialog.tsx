import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../api/errors';
import type { QuoteAnswerInput, QuoteEditorDetail } from '../../../api/quotes';
import { lazy } from '../../../contract/lazy';
import { quoteAnswerLimits } from '../../../contract/quotes';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { button } from '../../../ui/button.css';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/modal/Modal';
import { InlineSpinner } from '../../../ui/Spinner';
import * as shared from '../../invoices/invoices.css';
import { quoteActionMessages as m } from './messages';

/** The longest name and reason kept are the contract's (the server's too). */
const answerSchema = lazy(() =>
  z.object({
    decision: z.enum(['accepted', 'refused'], { error: validationMessages.required }),
    signerName: z.string().trim().max(quoteAnswerLimits.signerName, validationMessages.tooLong),
    reason: z.string().trim().max(quoteAnswerLimits.reason, validationMessages.tooLong),
  }),
);
type AnswerValues = z.input<typeof answerSchema>;

export interface AnswerQuoteFormProps {
  /** Records the answer; an ApiError says why it was refused. */
  record: (input: QuoteAnswerInput) => Promise<QuoteEditorDetail>;
  onRecorded: (quote: QuoteEditorDetail) => void;
  onCancel: () => void;
}

/**
 * « Enregistrer la réponse du client »: the customer answered on paper or by phone. Accepted: who
 * signed; refused: why, when they said. A refusal of the server (a stale quote, an answer already
 * recorded online) is said in French and keeps what was typed.
 */
export function AnswerQuoteForm({ record, onRecorded, onCancel }: AnswerQuoteFormProps) {
  const { register, handleSubmit, formState, watch, setError } = useForm<AnswerValues>({
    defaultValues: { decision: 'accepted', signerName: '', reason: '' },
    resolver: zodResolver(answerSchema),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const decision = watch('decision');
  const { errors } = formState;

  async function submit(values: AnswerValues) {
    setFailure(null);
    const signerName = values.signerName.trim();
    const reason = values.reason.trim();
    try {
      onRecorded(
        await record({
          decision: values.decision,
          ...(signerName ? { signerName } : {}),
          ...(values.decision === 'refused' && reason ? { reason } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.key === 'validation') {
        const named = (['signerName', 'reason'] as const).filter((name) => error.fields[name]);
        named.forEach((name, index) => {
          setError(
            name,
            { message: fieldCodeMessage(error.fields[name] ?? '') },
            { shouldFocus: index === 0 },
          );
        });
        if (named.length > 0) return;
      }
      setFailure(errorMessageFor(error));
    }
  }

  return (
    <form
      noValidate
      aria-label={m.answerTitle}
      aria-busy={formState.isSubmitting}
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      onSubmit={handleSubmit(submit)}
    >
      {failure ? (
        <p className={shared.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <fieldset style={{ border: 0, margin: 0, padding: 0, display: 'flex', gap: 16 }}>
        <legend className={shared.label}>{m.decision}</legend>
        <label>
          <input type="radio" value="accepted" {...register('decision')} /> {m.accepted}
        </label>
        <label>
          <input type="radio" value="refused" {...register('decision')} /> {m.refused}
        </label>
      </fieldset>
      <Field label={m.signerName} hint={m.signerHint} error={errors.signerName?.message}>
        {(field) => <input {...field} {...register('signerName')} autoComplete="name" />}
      </Field>
      {decision === 'refused' ? (
        <Field label={m.reason} hint={m.reasonHint} error={errors.reason?.message}>
          {(field) => <textarea {...field} rows={4} {...register('reason')} />}
        </Field>
      ) : null}
      <div className={shared.actions} style={{ justifyContent: 'flex-end' }}>
        <button type="button" className={button.secondary} onClick={onCancel}>
          {m.cancel}
        </button>
        <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? <InlineSpinner /> : null}
          {m.saveAnswer}
        </button>
      </div>
    </form>
  );
}

export interface AnswerQuoteDialogProps extends AnswerQuoteFormProps {
  open: boolean;
}

export function AnswerQuoteDialog({ open, onCancel, ...props }: AnswerQuoteDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={m.answerTitle} size="narrow">
      {open ? <AnswerQuoteForm {...props} onCancel={onCancel} /> : null}
    </Modal>
  );
}
