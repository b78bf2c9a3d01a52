import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { quoteEditorMessages as m } from './messages';
import { buildContent, type QuoteDraft } from './quoteDraft';
import { composedLine, LiveQuoteEditor, readyState } from './testing/LiveQuoteEditor';
import { editorQuote } from './testing/quoteEditorFixtures';

describe('quote editor: a work’s composition (issue 22) and the edit lock', { timeout: 60_000 }, () => {
  it('unfolds a composed line; a component’s quantity changed, the line’s price and total follow', async () => {
    const user = userEvent.setup();
    let last: QuoteDraft | null = null;
    render(
      <LiveQuoteEditor
        state={readyState(editorQuote('draft', [composedLine]))}
        onDraft={(draft) => (last = draft)}
      />,
    );
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
    render(<LiveQuoteEditor state={readyState(editorQuote('draft'), { lockedElsewhere: true })} />);
    expect(screen.getByRole('alert').textContent).toBe(m.locked);
    expect(screen.queryByRole('textbox', { name: 'Quantité, ligne 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter une ligne' })).toBeNull();
  });
});
