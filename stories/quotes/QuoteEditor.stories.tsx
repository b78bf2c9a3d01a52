import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { QuoteEditorDetail } from '../../src/api/quotes';
import { quoteEditorMessages } from '../../src/features/quotes/editor/messages';
import { QuoteEditorView } from '../../src/features/quotes/editor/QuoteEditorView';
import {
  buildContent,
  draftErrors,
  draftFromQuote,
  draftTotals,
  hasErrors,
  type QuoteDraft,
} from '../../src/features/quotes/editor/quoteDraft';
import type { QuoteEditorState } from '../../src/features/quotes/editor/quoteEditorStore';
import { editorQuote, vatRates } from '../../src/features/quotes/editor/testing/quoteEditorFixtures';
import { serverErrorMessages } from '../../src/i18n/serverErrors';

function ready(quote: QuoteEditorDetail, changes: Partial<QuoteEditorState> = {}): QuoteEditorState {
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

/** The editor on a given state; typing changes it in place as the store does (live totals, no server). */
function EditorStory({ state }: { state: QuoteEditorState }) {
  const [current, setCurrent] = useState(state);
  return (
    <QuoteEditorView
      state={current}
      onEdit={(change: (draft: QuoteDraft) => QuoteDraft) =>
        setCurrent((previous) => {
          const draft = change(previous.draft as QuoteDraft);
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
      onSave={() => {}}
      onReload={() => {}}
      onAction={() => {}}
      onOpenQuote={() => {}}
    />
  );
}

const meta: Meta<typeof EditorStory> = { title: 'Quotes/Editor', component: EditorStory };
export default meta;
type Story = StoryObj<typeof EditorStory>;

/** A new draft: no line yet, the buttons that add the first chapter or line. */
export const DraftEmpty: Story = { args: { state: ready(editorQuote('draft', [])) } };
/** A draft of three chapters, a sub-chapter, a text line and an option; live totals and a 30 % deposit. */
export const DraftThreeChapters: Story = { args: { state: ready(editorQuote()) } };
/** A discount of 5 %: the gross total, the discount, then the bases per rate. */
export const DraftWithDiscount: Story = {
  args: { state: ready(editorQuote('draft', undefined, { discountBasisPoints: 500 })) },
};
/** Sent: read-only, « Modifier » makes a new revision; two revisions listed. */
export const Sent: Story = {
  args: {
    state: ready(
      editorQuote('sent', undefined, {
        revisions: [
          { id: 11, number: 'DE-2026-00012', status: 'refused', date: '2026-11-10' },
          { id: 12, number: 'DE-2026-00012', status: 'sent', date: '2026-11-20' },
        ],
      }),
    ),
  },
};
/** Accepted: frozen, only « Dupliquer ». */
export const Accepted: Story = { args: { state: ready(editorQuote('accepted')) } };
/** A save the server refused: what was typed stays, with a retry. */
export const SavingError: Story = {
  args: {
    state: ready(editorQuote(), { save: 'failed', message: serverErrorMessages.internal_error }),
  },
};
/** Someone else saved first: the typed values stay, read-only, with « Recharger le devis ». */
export const Stale: Story = {
  args: { state: ready(editorQuote(), { save: 'stale', message: quoteEditorMessages.stale }) },
};
export const NotFound: Story = {
  args: { state: { ...ready(editorQuote()), status: 'notFound', quote: null, draft: null, totals: null } },
};
