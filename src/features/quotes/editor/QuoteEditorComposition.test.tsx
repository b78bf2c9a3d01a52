import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { QuoteEditorDetail } from '../../../api/quotes';
import { quoteEditorMessages as m } from './messages';
import { QuoteEditorView } from './QuoteEditorView';
import {
  buildContent,
  draftErrors,
  draftFromQuote,
  draftTotals,
  hasErrors,
  type QuoteDraft,
} from './quoteDraft';
import type { QuoteEditorState } from './quoteEditorStore';
import { editorQuote, priced, vatRates } from './testing/quoteEditorFixtures';

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

/** The view on a state that changes as the store's does (live totals, no server). */
function Editor({ state, onSent }: { state: QuoteEditorState; onSent?: (draft: QuoteDraft) => void }) {
  const [current, setCurrent] = useState(state);
  return (
    <QuoteEditorView
      state={current}
      onEdit={(change) =>
        setCurrent((previous) => {
          const draft = change(previous.draft as QuoteDraft);
          onSent?.(draft);
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
      onSave={vi.fn()}
      onReload={vi.fn()}
      onAction={vi.fn()}
      onOpenQuote={vi.fn()}
    />
  );
}

const composed = {
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

describe('quote editor: a work’s composition (issue 22) and the edit lock', { timeout: 60_000 }, () => {
  it('unfolds a composed line; a component’s quantity changed, the line’s price and total follow', async () => {
    const user = userEvent.setup();
    let last: QuoteDraft | null = null;
    render(<Editor state={ready(editorQuote('draft', [composed]))} onSent={(draft) => (last = draft)} />);
    const toggle = screen.getByRole('button', { name: "Détailler l'ouvrage (2 composants)" });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const panel = screen.getByRole('region', { name: "Composition de l'ouvrage, Cloison BA13" });
    const board = within(panel).getByRole<HTMLInputElement>('textbox', {
      name: 'Quantité par unité, Plaque BA13',
    });
    expect(board.value).toBe('1,05');
    await user.clear(board);
    await user.type(board, '2');
    // 2 × 10,40 + 0,5 × 52,50 = 47,05 € a m²; 10 m² = 470,50 € HT.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Prix unitaire HT, ligne 1' }).value).toBe(
      '47,05',
    );
    expect(within(panel).getByText(/Déboursé sec 36,00\s€ · prix de vente 47,05\s€ par unité/)).toBeTruthy();
    const sent = buildContent(last as unknown as QuoteDraft).content.items[0];
    expect(sent).toMatchObject({
      unitPriceCents: 4_705,
      costCents: 3_600,
      composition: { components: [{ quantityMilli: 2_000 }, {}] },
    });

    // A price typed stops following the composition, and says so.
    const price = screen.getByRole<HTMLInputElement>('textbox', { name: 'Prix unitaire HT, ligne 1' });
    await user.clear(price);
    await user.type(price, '50');
    expect(within(panel).getByText(m.compositionPriceTyped)).toBeTruthy();
    expect(buildContent(last as unknown as QuoteDraft).content.items[0]).toMatchObject({
      composition: { priceTyped: true },
    });
  });

  it('a draft another session edits is read-only, and says why', () => {
    render(<Editor state={ready(editorQuote('draft'), { lockedElsewhere: true })} />);
    expect(screen.getByRole('alert').textContent).toBe(m.locked);
    expect(screen.queryByRole('textbox', { name: 'Quantité, ligne 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter une ligne' })).toBeNull();
  });
});
