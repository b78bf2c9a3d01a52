import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { addToast } from '../../../ui/toasts/toastStore';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { invoiceMessages as m } from '../messages';
import { InvoiceEditorView } from './InvoiceEditorView';
import { createInvoiceEditor, type InvoiceEditor as Editor, hasUnsavedWork } from './invoiceEditorStore';

export interface InvoiceEditorProps {
  invoiceId: number;
  headingLevel?: 1 | 2;
  /** After a draft is deleted: the SPA goes to the list, an embedding page hears an event. */
  onDeleted: () => void;
  /** After a cancel: the credit note to open. */
  onOpenInvoice: (invoiceId: number) => void;
  /** After a partial credit note (« Créer un avoir »): the credit note; by default it opens. */
  onCreditNoteIssued?: (creditNoteId: number) => void;
}

/**
 * The invoice editor on the server: drafts save themselves (see invoiceEditorStore), and while a
 * change is not on the server yet the browser asks before the page is left or reloaded.
 */
export function InvoiceEditor({
  invoiceId,
  headingLevel,
  onDeleted,
  onOpenInvoice,
  onCreditNoteIssued = onOpenInvoice,
}: InvoiceEditorProps) {
  const enterpriseId = useEnterpriseId();
  const [editor, setEditor] = useState<Editor | null>(null);

  useEffect(() => {
    if (enterpriseId === null) return;
    const created = createInvoiceEditor({ enterpriseId, invoiceId });
    setEditor(created);
    void created.load();
    // Closing the tab or leaving the site: the edit lock is released (React does not unmount then).
    const leave = () => created.dispose();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      // Leaving inside the app: what waits is still sent, then the lock is released.
      void created.flush().finally(leave);
    };
  }, [enterpriseId, invoiceId]);

  if (!editor || enterpriseId === null)
    return <LoadingScreen title={m.loadingTitle} headingLevel={headingLevel} />;
  return (
    <ConnectedEditor
      editor={editor}
      enterpriseId={enterpriseId}
      headingLevel={headingLevel}
      onDeleted={onDeleted}
      onOpenInvoice={onOpenInvoice}
      onCreditNoteIssued={onCreditNoteIssued}
    />
  );
}

function ConnectedEditor({
  editor,
  enterpriseId,
  headingLevel,
  onDeleted,
  onOpenInvoice,
  onCreditNoteIssued,
}: Omit<InvoiceEditorProps, 'invoiceId' | 'onCreditNoteIssued'> & {
  editor: Editor;
  enterpriseId: number;
  onCreditNoteIssued: (creditNoteId: number) => void;
}) {
  const state = useStore(editor.$editor);
  const unsaved = hasUnsavedWork(state);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return (
    <InvoiceEditorView
      state={state}
      headingLevel={headingLevel}
      onEdit={editor.edit}
      onSave={() => void editor.flush()}
      onReload={() => void editor.load()}
      enterpriseId={enterpriseId}
      onAction={async (action, options) => {
        const answer = await editor.act(action, options);
        if (!answer) return false;
        if (action === 'validate') addToast(m.validated(answer.number, answer.kind), { type: 'success' });
        if (action === 'revert') addToast(m.reverted, { type: 'success' });
        if (action === 'cancel' && answer.creditNoteId !== null) {
          addToast(m.cancelled, { type: 'success' });
          onOpenInvoice(answer.creditNoteId);
        }
        return true;
      }}
      onDelete={async () => {
        if (!(await editor.remove())) return false;
        addToast(m.deleted, { type: 'success' });
        onDeleted();
        return true;
      }}
      onCreditNoteCreated={(creditNote) => {
        addToast(m.validated(creditNote.number, creditNote.kind), { type: 'success' });
        onCreditNoteIssued(creditNote.id);
      }}
    />
  );
}
