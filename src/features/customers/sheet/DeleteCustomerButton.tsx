import { useState } from 'react';
import { deleteCustomer } from '../../../api/customers';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { button } from '../../../ui/button.css';
import { Modal } from '../../../ui/modal/Modal';
import { PermissionGate } from '../../../ui/permission/PermissionGate';
import { addToast } from '../../../ui/toasts/toastStore';
import { customerMessages } from '../messages';
import * as styles from './sheet.css';

/**
 * Asks first, naming the customer, with a red destructive button; the server refuses while a
 * document uses the customer (customer_in_use). Admins only (the server answers 403 to others):
 * a member sees the button inert, with the reason.
 */
export function DeleteCustomerButton({
  enterpriseId,
  customerId,
  customerName,
  onDeleted,
}: {
  enterpriseId: number;
  customerId: number;
  /** As the sheet's title shows it. */
  customerName: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await deleteCustomer(enterpriseId, customerId);
      setOpen(false);
      addToast(customerMessages.deleted, { type: 'success' });
      onDeleted();
    } catch (error) {
      setOpen(false);
      addToast(errorMessageFor(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PermissionGate adminRequired action="no_click">
        <button type="button" className={button.secondary} onClick={() => setOpen(true)}>
          {customerMessages.deleteCustomer}
        </button>
      </PermissionGate>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={customerMessages.deleteConfirmTitle(customerName)}
        size="narrow"
      >
        <p>{customerMessages.deleteConfirmText(customerName)}</p>
        <div className={styles.modalActions}>
          <button type="button" className={button.secondary} onClick={() => setOpen(false)}>
            {customerMessages.cancel}
          </button>
          <button
            type="button"
            className={styles.dangerButton}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {customerMessages.deleteConfirm}
          </button>
        </div>
      </Modal>
    </>
  );
}
