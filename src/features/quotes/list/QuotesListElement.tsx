import type { ElementHostProps } from '../../../elements/defineElement';
import { emit } from '../../../elements/events';
import { QuotesList } from './QuotesList';

export type QuotesListElementProps = ElementHostProps;

/**
 * `<bo-quotes-list>`: the company's quotes on a platform page. Choosing a quote, or creating one
 * with « Nouveau devis », dispatches `bo-quote-open` with its id: the page opens
 * `<bo-quote-editor quote-id>` where it wants (the platform's « Devis » page, in place of the list).
 * This module is itself a lazy chunk (src/elements/lazyTags.ts): the list comes with it.
 */
export function QuotesListElement({ host }: QuotesListElementProps) {
  return <QuotesList headingLevel={2} onOpen={(id) => emit(host, 'bo-quote-open', { id })} />;
}
