import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { InvoiceDetail } from '../../../api/invoices';
import { revertInvoiceSchema } from '../../../contract/invoiceInputs';
import { invoiceTextLimits } from '../../../contract/invoiceLines';
import { lazy } from '../../../contract/lazy';
import { button } from '../../../ui/button.css';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/modal/Modal';
import { InlineSpinner } from '../../../ui/Spinner';
import { textBy } from '../inputRules';
import * as shared from '../invoices.css';
import { invoiceMessages as m } from '../messages';
import * as styles from './editor.css';

/** The reason is required (the server keeps it with the validated version), within its length. */
export const revertSchema = lazy(() =>
  z.object({
    reason: textBy(revertInvoiceSchema.shape.reason, m.revertReasonRequired).transform((text) => text.trim()),
  }),
);
type RevertValues = z.input<typeof revertSchema>;

export interface RevertDialogProps {
  open: boolean;
  invoice: Pick<InvoiceDetail, 'number'>;
  busy: boolean;
  /** The server's French sentence after a refusal (409 invoice_already_sent…), shown in the dialog. */
  error: string | null;
  onClose: () => void;
  /** Sends the reason; the dialog stays open (what was typed kept) until the parent closes it. */
  onConfirm: (reason: string) => void;
}

/**
 * Asks before a validated invoice goes back to PROVISOIRE: says what will happen (same number,
 * the validated version kept) and asks its reason. A refusal keeps the dialog and the reason typed.
 */
export function RevertDialog({ open, invoice, busy, error, onClose, onConfirm }: RevertDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RevertValues>({ defaultValues: { reason: '' }, resolver: zodResolver(revertSchema) });

  // Each opening starts from an empty reason (a refusal does not close the dialog, so keeps it).
  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);

  const message = errors.reason?.message;
  return (
    <Modal open={open} onClose={onClose} title={m.revertTitle} size="narrow">
      <form noValidate onSubmit={handleSubmit((values) => onConfirm(revertSchema.parse(values).reason))}>
        <p>{m.revertText(invoice.number)}</p>
        {error ? (
          <p className={shared.alert} role="alert">
            {error}
          </p>
        ) : null}
        <Field label={m.revertReason} required error={message} hint={m.revertReasonHint}>
          {(control) => (
            <textarea
              {...control}
              {...register('reason')}
              rows={3}
              required
              maxLength={invoiceTextLimits.revertReason}
            />
          )}
        </Field>
        <div className={styles.modalActions}>
          <button type="button" className={button.secondary} onClick={onClose}>
            {m.close}
          </button>
          <button type="submit" className={button.primary} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <InlineSpinner /> : null}
            {m.revertConfirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
