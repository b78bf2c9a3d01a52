import { useState } from 'react';
import { answerQuote, type QuoteAnswerInput, type QuoteEditorDetail } from '../../../api/quotes';
import { formatDate } from '../../../i18n/format';
import { newInvoiceFromQuotePath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { $session } from '../../../session/session';
import { button } from '../../../ui/button.css';
import { addToast } from '../../../ui/toasts/toastStore';
import { SendDocumentDialog } from '../../invoices/documents/SendDocumentDialog';
import * as shared from '../../invoices/invoices.css';
import { quotesChanged } from '../list/quotesStores';
import { AnswerQuoteDialog } from './AnswerQuoteDialog';
import { quoteActionMessages as m } from './messages';
import { loadQuoteMail, sendQuoteMail } from './quoteMail';

/** What the actions read of the quote (the editor's detail). */
export type QuoteForActions = Pick<QuoteEditorDetail, 'id' | 'version' | 'number' | 'allowed' | 'answer'>;

export interface QuoteActionsProps {
  quote: QuoteForActions;
  /**
   * The quote changed: with the server's answer (a recorded answer), or without (a sent mail: the
   * editor loads the quote again to show it `sent`).
   */
  onChanged: (quote?: QuoteEditorDetail) => void;
  /** The answer's call (tests and stories give their own); the API with the session's company by default. */
  recordAnswer?: (quote: QuoteForActions, input: QuoteAnswerInput) => Promise<QuoteEditorDetail>;
}

async function apiRecordAnswer(quote: QuoteForActions, input: QuoteAnswerInput) {
  const enterpriseId = $session.get().enterpriseId;
  if (enterpriseId === null) throw new Error('No signed-in company');
  const answered = await answerQuote(enterpriseId, quote.id, quote.version, input);
  quotesChanged();
  return answered;
}

/**
 * The quote editor's actions beyond editing (for its action slot): « Envoyer par email » (the one
 * send dialog, with the quote's endpoints), « Enregistrer la réponse du client » and « Facturer »
 * on an accepted quote (the invoicing's new-invoice-from-quote screen: a deposit, a progress
 * statement or the final invoice). Only what the server allows now is shown (`allowed`).
 */
export function QuoteActions({ quote, onChanged, recordAnswer = apiRecordAnswer }: QuoteActionsProps) {
  const [dialog, setDialog] = useState<'send' | 'answer' | null>(null);
  const close = () => setDialog(null);
  return (
    <div className={shared.actions}>
      {quote.answer ? (
        <p className={shared.subtitle}>
          {m.answered(quote.answer.decision, formatDate(quote.answer.answeredAt), quote.answer.signerName)}
          {quote.answer.channel === 'online' ? m.online : ''}
        </p>
      ) : null}
      {quote.allowed.send ? (
        <button type="button" className={button.secondary} onClick={() => setDialog('send')}>
          {m.send}
        </button>
      ) : null}
      {quote.allowed.answer ? (
        <button type="button" className={button.secondary} onClick={() => setDialog('answer')}>
          {m.answer}
        </button>
      ) : null}
      {quote.allowed.invoice ? (
        <RouteLink to={newInvoiceFromQuotePath(quote.id)} className={button.primary} title={m.invoiceHint}>
          {m.invoice}
        </RouteLink>
      ) : null}
      <SendDocumentDialog
        open={dialog === 'send'}
        kind="quote"
        documentId={quote.id}
        attachmentName={`${quote.number}.pdf`}
        loadDraft={(id) => loadQuoteMail(id, quote.number)}
        send={sendQuoteMail}
        onClose={close}
        onSent={(_sent, input) => {
          close();
          quotesChanged();
          addToast(m.sent(input.to), { type: 'success' });
          onChanged();
        }}
      />
      <AnswerQuoteDialog
        open={dialog === 'answer'}
        onCancel={close}
        record={(input) => recordAnswer(quote, input)}
        onRecorded={(answered) => {
          close();
          addToast(m.answerSaved[answered.status === 'refused' ? 'refused' : 'accepted'], {
            type: 'success',
          });
          onChanged(answered);
        }}
      />
    </div>
  );
}
