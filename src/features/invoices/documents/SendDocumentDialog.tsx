import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../api/errors';
import { invoiceSendSchema } from '../../../contract/sending';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { button } from '../../../ui/button.css';
import { Modal } from '../../../ui/modal/Modal';
import { InlineSpinner } from '../../../ui/Spinner';
import * as shared from '../invoices.css';
import * as styles from './documents.css';
import {
  $mailDraft,
  type MailDraft,
  type MailedDocumentKind,
  reloadMailDraft,
  showMailDraft,
} from './mailDraftStore';
import { documentMessages as m } from './messages';

type Field = 'to' | 'subject' | 'text';

export type { MailDraft, MailedDocumentKind };

/** What is sent: the mail as the user left it. */
export interface MailInput {
  to: string;
  subject: string;
  text: string;
}

export interface SendDocumentDialogProps<Sent> {
  open: boolean;
  kind: MailedDocumentKind;
  /** The invoice's or the quote's id. */
  documentId: number;
  /** The PDF's name, shown as the attachment ('' when not known). */
  attachmentName: string;
  /** The proposed mail (`GET …/{id}/sendings`). */
  loadDraft: (documentId: number) => Promise<MailDraft>;
  /** The send (`POST …/{id}/send`); a refusal is an ApiError shown in the dialog. */
  send: (documentId: number, input: MailInput) => Promise<Sent>;
  onClose: () => void;
  onSent: (sent: Sent, input: MailInput) => void;
}

/**
 * The mail of a document (a validated invoice, a quote), as the sending settings propose it for it
 * (recipient: the customer's email), every word editable before sending. What was typed stays on a
 * refusal, and also when the dialog is closed and opened again: only a sent mail starts the next one
 * afresh. Keyboard: the recipient has the focus once the mail is shown, Enter in a one-line field
 * sends, and a refused field gets the focus back with its message. The endpoints are the caller's
 * (`loadDraft`, `send`): invoices and quotes share this one dialog. The proposal is read from a
 * store keyed on the document (mailDraftStore.ts), not fetched by the dialog, and is the form's
 * `values` (react-hook-form): a proposal that arrives fills the fields the user has not changed
 * (keepDirtyValues), never the ones typed in.
 */
export function SendDocumentDialog<Sent>({
  open,
  kind,
  documentId,
  attachmentName,
  loadDraft,
  send,
  onClose,
  onSent,
}: SendDocumentDialogProps<Sent>) {
  const ids = { to: useId(), subject: useId(), text: useId() };
  const [message, setMessage] = useState<string | null>(null);

  // The proposal is the store's (mailDraftStore.ts), keyed on the document: opening shows it afresh.
  const loadRef = useRef(loadDraft);
  loadRef.current = loadDraft;
  const proposal = useStore($mailDraft);
  const draft = open ? (proposal.data ?? null) : null;
  const loadFailed = open && !draft && proposal.error !== undefined;
  const proposed = useMemo<MailInput | undefined>(
    () => (draft ? { to: draft.to, subject: draft.subject, text: draft.text } : undefined),
    [draft],
  );
  // What was typed outlives the closing (the form's values stay while its fields are unmounted).
  const form = useForm<MailInput>({
    defaultValues: { to: '', subject: '', text: '' },
    values: proposed,
    resetOptions: { keepDirtyValues: true },
  });
  const { register, formState, setError, clearErrors, setFocus } = form;
  const errors = formState.errors;
  const busy = formState.isSubmitting;

  useEffect(() => {
    if (!open) return;
    clearErrors();
    setMessage(null);
    return showMailDraft({ kind, documentId, load: (id) => loadRef.current(id) });
  }, [open, kind, documentId, clearErrors]);

  // The mail shown: the keyboard starts in the recipient field (the dialog had focused its close button).
  useEffect(() => {
    if (open && draft) setFocus('to');
  }, [open, draft, setFocus]);

  /** Shows the refusals; the first refused field (in the dialog's order) gets the focus. */
  function refuse(found: Partial<Record<Field, string>>) {
    const first = (['to', 'subject', 'text'] as const).find((name) => found[name]);
    for (const name of ['to', 'subject', 'text'] as const) {
      const refusal = found[name];
      if (refusal) setError(name, { message: refusal }, { shouldFocus: name === first });
    }
  }

  async function submit(values: MailInput) {
    const checked = invoiceSendSchema.safeParse(values);
    const found: Partial<Record<Field, string>> = {};
    // The API would fall back on the customer's email; the dialog shows who gets the mail, so it asks.
    if (!values.to.trim()) found.to = fieldCodeMessage('required');
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= fieldCodeMessage(issue.message);
      }
    }
    setMessage(null);
    refuse(found);
    if (Object.keys(found).length > 0) return;
    try {
      const sent = await send(documentId, values);
      // Sent: the next opening starts afresh from the proposal, nothing typed is kept for it.
      form.reset(proposed);
      onSent(sent, values);
    } catch (error) {
      const refused =
        error instanceof ApiError && error.key === 'validation'
          ? Object.fromEntries(
              Object.entries(error.fields)
                .filter(([field]) => field in ids)
                .map(([field, code]) => [field, fieldCodeMessage(code)]),
            )
          : {};
      if (Object.keys(refused).length > 0) {
        refuse(refused);
      } else {
        setMessage(errorMessageFor(error));
      }
    }
  }

  const field = (name: Field) => ({
    id: ids[name],
    ...register(name),
    className: name === 'text' ? `${shared.control} ${styles.message}` : shared.control,
    // Read-only, not disabled, while sending: the focus stays where it was, and so does every word.
    readOnly: busy,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
  });
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`${ids[name]}-error`} className={shared.error}>
        {errors[name].message}
      </p>
    ) : null;

  return (
    <Modal open={open} onClose={onClose} title={m.sendTitle[kind]} loading={open && !draft && !loadFailed}>
      {loadFailed ? (
        <div className={styles.form}>
          <p className={shared.error} role="alert">
            {m.sendLoadFailed}
          </p>
          <div className={shared.actions}>
            <button type="button" className={button.secondary} onClick={onClose}>
              {m.sendCancel}
            </button>
            <button type="button" className={button.primary} onClick={reloadMailDraft}>
              {m.previewRetry}
            </button>
          </div>
        </div>
      ) : draft ? (
        <form className={styles.form} noValidate onSubmit={form.handleSubmit(submit)}>
          <dl className={shared.definitions}>
            {draft.senderEmail ? (
              <div>
                <dt>{m.sendFrom}</dt>
                <dd>{`${draft.senderName} <${draft.senderEmail}>`}</dd>
              </div>
            ) : null}
            {attachmentName ? (
              <div>
                <dt>{m.sendAttachment}</dt>
                <dd>{attachmentName}</dd>
              </div>
            ) : null}
          </dl>
          <div className={shared.field}>
            <label className={shared.label} htmlFor={ids.to}>
              {m.sendTo}
            </label>
            <input type="email" autoComplete="email" {...field('to')} />
            {fieldError('to')}
          </div>
          <div className={shared.field}>
            <label className={shared.label} htmlFor={ids.subject}>
              {m.sendSubject}
            </label>
            <input {...field('subject')} />
            {fieldError('subject')}
          </div>
          <div className={shared.field}>
            <label className={shared.label} htmlFor={ids.text}>
              {m.sendText}
            </label>
            <textarea rows={10} {...field('text')} />
            {fieldError('text')}
          </div>
          {message ? (
            <p className={shared.alert} role="alert">
              {message}
            </p>
          ) : null}
          <div className={shared.actions} style={{ justifyContent: 'flex-end' }}>
            <button type="button" className={button.secondary} onClick={onClose}>
              {m.sendCancel}
            </button>
            <button type="submit" className={button.primary} disabled={busy} aria-busy={busy || undefined}>
              {busy ? <InlineSpinner /> : null}
              {m.sendConfirm}
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
