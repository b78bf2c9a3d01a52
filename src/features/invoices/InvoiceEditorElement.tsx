import { Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { emit } from '../../elements/events';
import { drawsAtOnce, lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';

/** The editor, its grid and its dialogs: a lazy chunk, so the page's first load does not grow. */
const InvoiceEditor = lazyComponent(async () => (await import('./editor/InvoiceEditor')).InvoiceEditor);

export interface InvoiceEditorElementProps extends ElementHostProps {
  invoiceRefId?: number;
}

/**
 * `<bo-invoice-editor invoice-ref-id="4521">`: the invoice editor on a platform page. Deleting the
 * draft dispatches `bo-invoice-deleted`; cancelling a validated invoice dispatches
 * `bo-invoice-cancelled` with its credit note, a partial credit note (« Créer un avoir »)
 * `bo-credit-note-issued` with it; the page decides where to go.
 */
function InvoiceEditorElementDrawn({ invoiceRefId, host }: InvoiceEditorElementProps) {
  if (!invoiceRefId || !Number.isInteger(invoiceRefId) || invoiceRefId < 1) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <InvoiceEditor
        key={invoiceRefId}
        invoiceId={invoiceRefId}
        headingLevel={2}
        onDeleted={() => emit(host, 'bo-invoice-deleted', { id: invoiceRefId })}
        onOpenInvoice={(creditNoteId) =>
          emit(host, 'bo-invoice-cancelled', { id: invoiceRefId, creditNoteId })
        }
        onCreditNoteIssued={(creditNoteId) =>
          emit(host, 'bo-credit-note-issued', { id: invoiceRefId, creditNoteId })
        }
      />
    </Suspense>
  );
}

export const InvoiceEditorElement = drawsAtOnce(InvoiceEditorElementDrawn, InvoiceEditor);
