/**
 * The quotes' screens as the SPA host mounts them (one lazy chunk): a quote in its editor
 * (`/affaires/devis/{quoteId}`), with its actions (send, the customer's answer, « Facturer »).
 */
import { quotePath } from '../../routes/paths';
import { $router } from '../../routes/router';
import { QuoteActions } from './actions/QuoteActions';
import { QuoteEditor } from './editor/QuoteEditor';

export function QuoteScreen({ quoteId }: { quoteId: string }) {
  return (
    <QuoteEditor
      key={quoteId}
      quoteId={Number(quoteId)}
      onOpenQuote={(id: number) => $router.open(quotePath(id))}
      renderActions={(quote, onChanged) => <QuoteActions quote={quote} onChanged={onChanged} />}
    />
  );
}
