/**
 * The quote's mail for the one send dialog (SendDocumentDialog): the proposal from the server
 * (`GET …/quotes/{id}/mail`) and the send (`POST …/quotes/{id}/send`).
 */
import { ApiError } from '../../../api/errors';
import { getQuoteMailDraft, sendQuote } from '../../../api/quotes';
import { $session } from '../../../session/session';
import type { MailDraft, MailInput } from '../../invoices/documents/SendDocumentDialog';

function enterpriseId(): number {
  const id = $session.get().enterpriseId;
  if (id === null) throw new Error('No signed-in company');
  return id;
}

/**
 * Without a proposal from the server (an API that answers the send but not the proposal), the
 * dialog still opens: the recipient to type, a plain French subject and message to edit.
 */
export function fallbackQuoteMail(number: string): MailDraft {
  return {
    to: '',
    senderName: '',
    senderEmail: '',
    subject: `Devis ${number}`,
    text: [
      'Bonjour,',
      '',
      `Veuillez trouver ci-joint notre devis ${number}. Le lien de ce message vous permet de le consulter et de l'accepter en ligne.`,
      '',
      'Nous restons à votre disposition pour toute question.',
      '',
      'Cordialement,',
    ].join('\n'),
  };
}

export async function loadQuoteMail(quoteId: number, number: string): Promise<MailDraft> {
  try {
    return (await getQuoteMailDraft(enterpriseId(), quoteId)).draft;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405))
      return fallbackQuoteMail(number);
    throw error;
  }
}

export const sendQuoteMail = async (quoteId: number, input: MailInput) =>
  sendQuote(enterpriseId(), quoteId, input);
