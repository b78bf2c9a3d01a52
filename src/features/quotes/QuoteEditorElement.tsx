import { Suspense, useState } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { emit } from '../../elements/events';
import { drawsAtOnce, lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';

/** The editor, its grid and the quote's actions: a lazy chunk, so the page's first load does not grow. */
const QuoteEditorWithActions = lazyComponent(async () => {
  const [{ QuoteEditor }, { QuoteActions }] = await Promise.all([
    import('./editor/QuoteEditor'),
    import('./actions/QuoteActions'),
  ]);
  return (props: { quoteId: number; onOpenQuote: (id: number) => void }) => (
    <QuoteEditor
      {...props}
      headingLevel={2}
      renderActions={(quote, onChanged) => <QuoteActions quote={quote} onChanged={onChanged} />}
    />
  );
});

export interface QuoteEditorElementProps extends ElementHostProps {
  quoteId?: number;
}

/**
 * `<bo-quote-editor quote-id="12">`: the quote editor on a platform page. « Modifier » (a new
 * revision), « Dupliquer » and a revision chosen in the list open that quote in the same element
 * and dispatch `bo-quote-opened` {id, previousId}, so the page can update its address.
 */
function QuoteEditorElementDrawn({ quoteId, host }: QuoteEditorElementProps) {
  const [opened, setOpened] = useState<{ from: number | undefined; id: number } | null>(null);
  // A new quote-id attribute wins over a quote opened from inside.
  const current = opened && opened.from === quoteId ? opened.id : quoteId;
  if (!current || !Number.isInteger(current) || current < 1) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <QuoteEditorWithActions
        key={current}
        quoteId={current}
        onOpenQuote={(id) => {
          setOpened({ from: quoteId, id });
          emit(host, 'bo-quote-opened', { id, previousId: current });
        }}
      />
    </Suspense>
  );
}

export const QuoteEditorElement = drawsAtOnce(QuoteEditorElementDrawn, QuoteEditorWithActions);
