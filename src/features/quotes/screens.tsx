/**
 * The quotes' screens as the SPA host mounts them (one lazy chunk): every quote of the company
 * (`/affaires/devis`), and a quote in its editor (`/affaires/devis/{quoteId}`), with its actions
 * (send, the customer's answer, « Facturer »).
 */
import { clientPaths, quotePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { $router } from '../../routes/router';
import * as shared from '../invoices/invoices.css';
import { QuoteActions } from './actions/QuoteActions';
import { QuoteEditor } from './editor/QuoteEditor';
import { quotesListMessages as m } from './list/messages';
import { QuotesList } from './list/QuotesList';

export function QuoteScreen({ quoteId }: { quoteId: string }) {
  return (
    <>
      <nav aria-label={m.breadcrumb}>
        <RouteLink to={clientPaths.quotes} className={shared.link}>
          {m.allQuotes}
        </RouteLink>
      </nav>
      <QuoteEditor
        key={quoteId}
        quoteId={Number(quoteId)}
        onOpenQuote={(id: number) => $router.open(quotePath(id))}
        renderActions={(quote, onChanged) => <QuoteActions quote={quote} onChanged={onChanged} />}
      />
    </>
  );
}

/** The list of quotes (the platform page's `<bo-quotes-list>`): a quote chosen or created opens in the editor. */
export function QuotesListScreen() {
  return <QuotesList headingLevel={1} onOpen={(id: number) => $router.open(quotePath(id))} />;
}
