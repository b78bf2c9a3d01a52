import { useContext } from 'react';
import type { InvoiceSending } from '../../../api/invoiceDocuments';
import { InvoiceDocumentSourceContext } from './documentSource';
import { SendDocumentDialog } from './SendDocumentDialog';

export interface SendInvoiceDialogProps {
  open: boolean;
  invoiceId: number;
  attachmentName: string;
  onClose: () => void;
  onSent: (sending: InvoiceSending) => void;
}

/** A validated invoice's mail: the one dialog, with the invoice's endpoints (from the context's source). */
export function SendInvoiceDialog({ invoiceId, ...props }: SendInvoiceDialogProps) {
  const source = useContext(InvoiceDocumentSourceContext);
  return (
    <SendDocumentDialog
      {...props}
      kind="invoice"
      documentId={invoiceId}
      loadDraft={async (id) => (await source.sendings(id)).draft}
      send={(id, input) => source.send(id, input)}
    />
  );
}
