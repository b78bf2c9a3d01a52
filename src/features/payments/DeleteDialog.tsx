import { useState } from 'react';
import { type BatchDeleteResult, batchDelete, type Received } from '../../api/payments';
import { formatIsoDate } from '../../i18n/format';
import { errorMessageFor, serverErrorMessage } from '../../i18n/serverErrors';
import { button } from '../../ui/button.css';
import { Modal } from '../../ui/modal/Modal';
import { DialogActions } from './DialogActions';
import { paymentMessages as m } from './messages';
import * as styles from './payments.css';

export interface DeleteDialogProps {
  open: boolean;
  enterpriseId: number;
  rows: readonly Received[];
  onClose: () => void;
  /** After an answer: the ids deleted, and the French sentences of what failed. */
  onDeleted: (deleted: number[], failures: string[]) => void;
  remove?: (enterpriseId: number, ids: number[]) => Promise<BatchDeleteResult>;
}

/** Asks before deleting the selected received payments, then deletes them in one batch. */
export function DeleteDialog({
  open,
  enterpriseId,
  rows,
  onClose,
  onDeleted,
  remove = batchDelete,
}: DeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
  return (
    <Modal open={open} onClose={onClose} title={m.deleteTitle(rows.length)} size="narrow">
      {error ? (
        <div className={styles.alert} role="alert">
          {error}
        </div>
      ) : null}
      <p>{m.deleteText(rows.length, total)}</p>
      <DialogActions
        confirm={
          <button
            type="button"
            className={button.primary}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                const answer = await remove(
                  enterpriseId,
                  rows.map((row) => row.id),
                );
                // Name the failed payments as the user sees them (invoice and date), not by id.
                const byId = new Map(rows.map((row) => [row.id, row]));
                const named = (key: string) =>
                  answer.data.failed
                    .filter((f) => (key === 'batch_payments_not_found') === (f.key === 'payment_not_found'))
                    .map((f) => byId.get(f.id))
                    .filter((row): row is Received => row !== undefined)
                    .map(
                      (row) =>
                        `${m.invoiceName(row.invoiceNumber, row.invoiceId)} du ${formatIsoDate(row.paidOn)}`,
                    );
                onDeleted(
                  answer.data.deleted,
                  answer.errors.map((e) => serverErrorMessage(e.key, { items: named(e.key).join(', ') })),
                );
              } catch (failure) {
                setError(errorMessageFor(failure));
              } finally {
                setBusy(false);
              }
            }}
          >
            {m.confirmDelete(rows.length)}
          </button>
        }
        progress={busy ? m.deleting(rows.length) : null}
        onCancel={onClose}
      />
    </Modal>
  );
}
