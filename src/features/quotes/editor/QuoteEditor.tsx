import { useStore } from '@nanostores/react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { getLibraryItem, listLibraryItems } from '../../../api/library';
import type { QuoteEditorDetail } from '../../../api/quotes';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { addToast } from '../../../ui/toasts/toastStore';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { quoteEditorMessages as m } from './messages';
import { QuoteEditorView } from './QuoteEditorView';
import { createQuoteEditor, hasUnsavedWork, type QuoteEditorStore } from './quoteEditorStore';

/**
 * The slot for the actions beyond editing (the send dialog, the customer's answer, « Facturer »:
 * src/features/quotes/actions). `onChanged` after a change made there: with the server's answer
 * (shown as is), or without it (the quote is read again); what waits to be saved is sent first.
 */
export type QuoteActionsSlot = (
  quote: QuoteEditorDetail,
  onChanged: (quote?: QuoteEditorDetail) => void,
) => ReactNode;

export interface QuoteEditorProps {
  quoteId: number;
  headingLevel?: 1 | 2;
  /** Opens another quote: the new revision (« Modifier »), the copy (« Dupliquer »), a revision of the list. */
  onOpenQuote: (quoteId: number) => void;
  renderActions?: QuoteActionsSlot;
  /** Tests give a shorter one. */
  autosaveDelayMs?: number;
}

/**
 * The quote editor on the server: a draft saves itself (see quoteEditorStore), and while a change
 * is not on the server yet the browser asks before the page is left or reloaded.
 */
export function QuoteEditor({
  quoteId,
  headingLevel,
  onOpenQuote,
  renderActions,
  autosaveDelayMs,
}: QuoteEditorProps) {
  const enterpriseId = useEnterpriseId();
  const [editor, setEditor] = useState<QuoteEditorStore | null>(null);

  useEffect(() => {
    if (enterpriseId === null) return;
    const created = createQuoteEditor({
      enterpriseId,
      quoteId,
      ...(autosaveDelayMs ? { autosaveDelayMs } : {}),
    });
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
  }, [enterpriseId, quoteId, autosaveDelayMs]);

  if (!editor || enterpriseId === null) {
    return <LoadingScreen title={m.loadingTitle} headingLevel={headingLevel} />;
  }
  return (
    <ConnectedEditor
      enterpriseId={enterpriseId}
      editor={editor}
      headingLevel={headingLevel}
      onOpenQuote={onOpenQuote}
      renderActions={renderActions}
    />
  );
}

/** The library's items for a designation typed: the 8 best (the server's search). */
export const LIBRARY_SUGGESTIONS = 8;

function ConnectedEditor({
  enterpriseId,
  editor,
  headingLevel,
  onOpenQuote,
  renderActions,
}: Omit<QuoteEditorProps, 'quoteId' | 'autosaveDelayMs'> & {
  editor: QuoteEditorStore;
  enterpriseId: number;
}) {
  const state = useStore(editor.$editor);
  const unsaved = hasUnsavedWork(state);
  const searchLibrary = useCallback(
    async (q: string) => (await listLibraryItems(enterpriseId, { q, limit: LIBRARY_SUGGESTIONS })).data,
    [enterpriseId],
  );
  const loadLibraryItem = useCallback((id: number) => getLibraryItem(enterpriseId, id), [enterpriseId]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return (
    <QuoteEditorView
      state={state}
      headingLevel={headingLevel}
      onEdit={editor.edit}
      onSave={() => void editor.flush()}
      onReload={() => void editor.load()}
      onOpenQuote={onOpenQuote}
      searchLibrary={searchLibrary}
      loadLibraryItem={loadLibraryItem}
      measures
      onShowMargins={editor.showMargins}
      onAction={async (action) => {
        const created = await editor.act(action);
        if (!created) return;
        addToast(action === 'revise' ? m.revised(created.number) : m.duplicated(created.number), {
          type: 'success',
        });
        onOpenQuote(created.id);
      }}
      actions={
        state.quote && renderActions
          ? renderActions(state.quote, (quote) => void editor.refresh(quote))
          : null
      }
    />
  );
}
