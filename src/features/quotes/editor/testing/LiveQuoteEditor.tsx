/**
 * The quote editor's view on a state of the tests' and stories' choosing, changed in place as the
 * store changes it (live totals and checks, no server): one harness for QuoteEditorComposition.test
 * and stories/quotes/QuoteEditor.stories, with the states and the composed line they share.
 */
import { useState } from 'react';
import type { QuoteEditorDetail } from '../../../../api/quotes';
import { QuoteEditorView } from '../QuoteEditorView';
import {
  buildContent,
  draftErrors,
  draftFromQuote,
  draftTotals,
  hasErrors,
  type QuoteDraft,
} from '../quoteDraft';
import type { QuoteEditorState } from '../quoteEditorStore';
import { priced, vatRates } from './quoteEditorFixtures';

/** The editor's state once `quote` is loaded and nothing is typed yet (`changes` on top). */
export function readyState(
  quote: QuoteEditorDetail,
  changes: Partial<QuoteEditorState> = {},
): QuoteEditorState {
  const draft = draftFromQuote(quote);
  return {
    status: 'ready',
    quote,
    draft,
    errors: { fields: {}, rows: {} },
    totals: draftTotals(buildContent(draft)),
    vatRates,
    precisions: { quantityPrecision: 2, unitPricePrecision: 2 },
    save: 'saved',
    message: null,
    busy: null,
    ...changes,
  };
}

/** A library work in a quote (issue 22): 10 m² of partition, a board and labour in its composition. */
export const composedLine = {
  ...priced('Cloison BA13', 10_000, 3_717, { unit: 'm²', rateId: 2 }),
  costCents: 2_840,
  composition: {
    libraryItemId: 9,
    components: [
      {
        itemId: 1,
        kind: 'supply' as const,
        designation: 'Plaque BA13',
        unit: 'm²',
        quantityMilli: 1_050,
        unitCostCents: 800,
        unitSaleCents: 1_040,
      },
      {
        itemId: 2,
        kind: 'labour' as const,
        designation: 'Pose',
        unit: 'h',
        quantityMilli: 500,
        unitCostCents: 4_000,
        unitSaleCents: 5_250,
      },
    ],
  },
};

const nothing = () => {};

export interface LiveQuoteEditorProps {
  state: QuoteEditorState;
  measures?: boolean;
  compositionsOpen?: boolean;
  /** Each draft the view makes (what the store would save). */
  onDraft?: (draft: QuoteDraft) => void;
}

export function LiveQuoteEditor({
  state,
  measures = false,
  compositionsOpen = false,
  onDraft,
}: LiveQuoteEditorProps) {
  const [current, setCurrent] = useState(state);
  return (
    <QuoteEditorView
      state={current}
      measures={measures}
      compositionsOpen={compositionsOpen}
      onEdit={(change) =>
        setCurrent((previous) => {
          const draft = change(previous.draft as QuoteDraft);
          onDraft?.(draft);
          const built = buildContent(draft);
          const errors = draftErrors(draft, built);
          return {
            ...previous,
            draft,
            errors,
            totals: draftTotals(built),
            save: hasErrors(errors) ? 'invalid' : 'dirty',
          };
        })
      }
      onSave={nothing}
      onReload={nothing}
      onAction={nothing}
      onOpenQuote={nothing}
    />
  );
}
