import type { InvoiceKind, InvoiceStatus } from '../../api/invoices';
import { type InvoiceChipStatus, statusLabel } from './messages';
import * as styles from './statusChip.css';

/** Which word a row shows: cancelled and overdue say more than "validée". */
export function chipStatus(invoice: {
  status: InvoiceStatus;
  cancelled: boolean;
  overdue?: boolean;
}): InvoiceChipStatus {
  if (invoice.cancelled) return 'cancelled';
  if (invoice.overdue) return 'overdue';
  return invoice.status;
}

/**
 * The status as a small chip with a word and a colour (PROVISOIRE grey, validée green, en retard
 * red). With the kind, the word agrees with it: « Avoir AV-0003 validé » (un avoir is masculine).
 */
export function StatusChip({ status, kind }: { status: InvoiceChipStatus; kind?: InvoiceKind }) {
  return <span className={`${styles.chip} ${styles.tone[status]}`}>{statusLabel(status, kind)}</span>;
}
