import { Suspense } from 'react';
import type { ElementHostProps } from '../../../elements/defineElement';
import { emit } from '../../../elements/events';
import { drawsAtOnce, lazyComponent } from '../../../ui/lazyComponent';
import { Spinner } from '../../../ui/Spinner';

/** The list, its table and « Nouveau devis »: a lazy chunk, so the page's first load does not grow. */
const QuotesList = lazyComponent(async () => (await import('./QuotesList')).QuotesList);

export type QuotesListElementProps = ElementHostProps;

/**
 * `<bo-quotes-list>`: the company's quotes on a platform page. Choosing a quote, or creating one
 * with « Nouveau devis », dispatches `bo-quote-open` with its id: the page opens
 * `<bo-quote-editor quote-id>` where it wants (the platform's « Devis » page, in place of the list).
 */
function QuotesListElementDrawn({ host }: QuotesListElementProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <QuotesList headingLevel={2} onOpen={(id) => emit(host, 'bo-quote-open', { id })} />
    </Suspense>
  );
}

export const QuotesListElement = drawsAtOnce(QuotesListElementDrawn, QuotesList);
