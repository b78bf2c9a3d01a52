/**
 * The mail proposed for the document the send dialog shows (SendDocumentDialog), through the data
 * layer (src/api/query.ts): one store keyed on the document (its kind and id), which loads by
 * itself once a dialog opens on a document, so that the dialog reads a store instead of fetching
 * in its own effect, and an answer for another document never shows. The proposal comes from the
 * caller's endpoint (`load`: the invoice's `GET …/sendings`, the quote's `GET …/mail`), as the one
 * dialog serves both.
 */
import { atom } from 'nanostores';
import type { InvoiceMailDraft } from '../../../api/invoiceDocuments';
import { createFetcherStore, invalidateKeys, revalidateKeys } from '../../../api/query';

/** The kinds of document sent by email. */
export type MailedDocumentKind = 'invoice' | 'quote';

/** The mail proposed for a document (the sending settings rendered for it). */
export type MailDraft = InvoiceMailDraft;

export interface MailedDocument {
  kind: MailedDocumentKind;
  documentId: number;
  /** Asks the server for the document's proposed mail. */
  load: (documentId: number) => Promise<MailDraft>;
}

/** The key of the document whose mail the open dialog proposes; null while no send dialog is open. */
const $mailedKey = atom<string | null>(null);
/** Each document opened, by its key: the fetcher finds there how to ask for its proposal. */
const opened = new Map<string, MailedDocument>();

const keyOf = ({ kind, documentId }: MailedDocument) => `mail-draft/${kind}/${documentId}`;

/** The proposed mail of the open dialog's document: `{data?, error?, loading}` (nothing while closed). */
export const $mailDraft = createFetcherStore<MailDraft>([$mailedKey], {
  fetcher: (...parts) => {
    const document = opened.get(parts.join(''))!;
    return document.load(document.documentId);
  },
  // A proposal that failed is said with a « Réessayer » button: not asked again behind the user.
  onErrorRetry: null,
});

/**
 * Opens the document's proposal: it loads now, afresh (the sending settings may have changed since
 * the last opening, whose answer is dropped first). Answers the closing.
 */
export function showMailDraft(document: MailedDocument): () => void {
  const key = keyOf(document);
  opened.set(key, document);
  invalidateKeys(key);
  $mailedKey.set(key);
  return () => {
    if ($mailedKey.get() === key) $mailedKey.set(null);
  };
}

/** Asks again for the open document's proposal (after a failure). */
export function reloadMailDraft(): void {
  const key = $mailedKey.get();
  if (key) revalidateKeys(key);
}
