/**
 * Issue 22 in the quote editor: a line written from the price library as its designation is typed
 * (search as you type, keyboard and mouse), its cost kept with it, and the firm's margin view.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryItemSummary } from '../../../api/library';
import type { QuoteEditorDetail } from '../../../api/quotes';
import { setConfig } from '../../../config/config';
import { formatCents, formatPercent } from '../../../contract/format';
import { $session, resetSession } from '../../../session/session';
import { mockFetch, type RecordedCall } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { quoteEditorMessages as m } from './messages';
import { QuoteEditor } from './QuoteEditor';
import { editorQuote, priced, vatRates } from './testing/quoteEditorFixtures';

const path = '/v2/companies/1/quotes/12';

function item(id: number, changes: Partial<LibraryItemSummary>): LibraryItemSummary {
  return {
    id,
    kind: 'supply',
    code: `PL-${id}`,
    designation: 'Article',
    unit: 'u',
    familyId: null,
    unitCostCents: 1_000,
    supplier: '',
    vatRateId: null,
    lossBasisPoints: 0,
    fixedSalePriceCents: null,
    costCents: 1_000,
    salePriceCents: 1_500,
    version: 1,
    ...changes,
  };
}

/** Plaster boards: 24,50 € HT the m², costing 11,30 €, at 20 % by default. */
const library = [
  item(7, {
    designation: 'Plaque de plâtre BA13',
    unit: 'm²',
    costCents: 1_130,
    salePriceCents: 2_450,
    vatRateId: 1,
  }),
  item(8, { designation: 'Plaque hydrofuge H1', unit: 'm²', costCents: 1_500, salePriceCents: 3_100 }),
];

async function open(quote: QuoteEditorDetail) {
  const served = mockFetch({
    [`GET ${path}`]: () => ({ body: { data: quote } }),
    'GET /v2/companies/1/vat-rates': () => ({ body: { data: vatRates } }),
    'GET /v2/companies/1/document-settings': () => ({
      body: { data: { quantityPrecision: 2, unitPricePrecision: 2 } },
    }),
    'GET /v2/companies/1/library/items': ({ url }) => {
      const q = new URL(url).searchParams.get('q') ?? '';
      const found = library.filter((i) => i.designation.toLowerCase().includes(q.toLowerCase()));
      return { body: { data: found, info: { hits: found.length } } };
    },
    [`POST ${path}/edit`]: ({ body }) => ({
      body: { data: { ...quote, version: (body as { version: number }).version + 1 } },
    }),
  });
  render(<QuoteEditor quoteId={12} onOpenQuote={vi.fn()} autosaveDelayMs={50} />);
  await screen.findByRole('heading', { level: 1, name: /^Devis DE-2026-00012/ });
  return { ...served, user: userEvent.setup() };
}

const designation = (line: number) =>
  screen.getByRole<HTMLInputElement>('combobox', { name: `Désignation, ligne ${line}` });
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const region = (name: string) => screen.getByRole('region', { name });
const term = (name: string, text: string) =>
  within(region(name)).getByText(text.replace(/\s+/g, ' ')).nextElementSibling?.textContent;
const searches = (calls: RecordedCall[]) => calls.filter((call) => call.url.includes('/library/items'));

describe('quote editor: the price library and the margins', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: true, scopes: [] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('typing « plaq » lists the library’s items; Down, Enter fills the line with its figures and the totals follow', async () => {
    const { user, calls } = await open(editorQuote());
    expect(term(m.totals, 'Total HT')).toBe(formatCents(250_100));
    const field = designation(1);
    await user.clear(field);
    await user.type(field, 'plaq');
    const list = await screen.findByRole('listbox', { name: m.librarySuggestions('Désignation, ligne 1') });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.firstChild?.textContent),
    ).toEqual(['Plaque de plâtre BA13', 'Plaque hydrofuge H1']);
    expect(field.getAttribute('aria-expanded')).toBe('true');
    const asked = new URL(searches(calls).at(-1)?.url ?? '').searchParams;
    expect([asked.get('q'), asked.get('limit')]).toEqual(['plaq', '8']);

    const axeOpen = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(axeOpen.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
    await user.keyboard('{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]?.id);
    await user.keyboard('{Enter}');
    // The list's Enter takes the item: no line added under it, the focus stays.
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('Plaque de plâtre BA13');
    expect(textbox('Unité, ligne 1').value).toBe('m²');
    expect(textbox('Prix unitaire HT, ligne 1').value).toBe('24,5');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'TVA, ligne 1' }).value).toBe('1');
    // 12,5 m² × 24,50 € = 306,25 € instead of 375,00 €, now at 20 %.
    expect(term(m.totals, 'Total HT')).toBe(formatCents(250_100 - 37_500 + 30_625));
    expect(term(m.totals, m.vatAt(formatPercent(2000)))).toBe(formatCents(6_125));

    // Saved with its cost (the margin view's; the PDF never prints it).
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(m.saved));
    const sent = calls.filter((call) => call.url.endsWith('/edit')).at(-1)?.body as { items: unknown[] };
    expect(JSON.stringify(sent.items[0])).toContain('"costCents":1130');
  });

  it('the mouse picks too; Escape closes the list and keeps what was typed', async () => {
    const { user } = await open(editorQuote());
    const field = designation(3);
    await user.clear(field);
    await user.type(field, 'hydro');
    await user.click(await screen.findByRole('option', { name: /Plaque hydrofuge H1/ }));
    expect(field.value).toBe('Plaque hydrofuge H1');
    expect(textbox('Prix unitaire HT, ligne 3').value).toBe('31');
    // Without a default rate, the line keeps its own (10 %).
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'TVA, ligne 3' }).value).toBe('2');

    await user.clear(field);
    await user.type(field, 'plaque');
    await screen.findByRole('option', { name: /Plaque de plâtre BA13/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option', { name: /Plaque de plâtre/ })).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.value).toBe('plaque');
    // The list closed, the arrows are the grid's again: the row below (a sub-chapter).
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(textbox('Sous-chapitre 2.1'));
  });

  it('« Afficher les marges » shows each line’s déboursé sec, coefficient and margin, and the quote’s', async () => {
    const items = [
      { ...priced('Plaque de plâtre BA13', 12_500, 2_450, { unit: 'm²' }), costCents: 1_130 },
      { ...priced('Bande à joint', 2_000, 1_000), costCents: 800 },
      priced('Déplacement', 1_000, 5_000),
      { ...priced('Peinture', 1_000, 20_000, { option: true }), costCents: 9_000 },
    ];
    const { user } = await open(editorQuote('draft', items, { discountBasisPoints: 1_000 }));
    expect(screen.queryByRole('columnheader', { name: m.cost })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: m.showMargins }));
    expect(screen.getByRole('columnheader', { name: m.coefficient })).toBeTruthy();
    const cells = (line: number) =>
      [...(designation(line).closest('tr')?.querySelectorAll('td') ?? [])]
        .slice(-5, -1)
        .map((c) => c.textContent);
    // 141,25 € of cost for 306,25 € of sale: ×2,17, 165,00 € of margin, 53,88 %.
    expect(cells(1)).toEqual([formatCents(14_125), '2,17', formatCents(16_500), formatPercent(5388)]);
    expect(cells(2)).toEqual([formatCents(1_600), '1,25', formatCents(400), formatPercent(2000)]);
    expect(cells(3)).toEqual(['—', '—', '—', '—']);
    expect(cells(4)).toEqual([formatCents(9_000), '2,22', formatCents(11_000), formatPercent(5500)]);
    // Sale 306,25 + 20 + 50 = 376,25 €, 10 % off (37,63 €): 338,62 €. The lines with a cost take
    // 30,63 € and 2,00 € of it: 275,62 + 18,00 = 293,62 € for 157,25 € of cost → 136,37 € (46,44 %).
    expect(term(m.margins, m.totalCost)).toBe(formatCents(15_725));
    expect(term(m.margins, m.htAfterDiscount)).toBe(formatCents(33_862));
    expect(term(m.margins, m.totalMargin)).toBe(formatCents(13_637));
    expect(term(m.margins, m.totalMarginRate)).toBe(formatPercent(4644));
    expect(within(region(m.margins)).getByText(m.withoutCost(1))).toBeTruthy();
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);

    // Typed figures follow at once.
    const quantity = textbox('Quantité, ligne 2');
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(cells(2)).toEqual([formatCents(3_200), '1,25', formatCents(800), formatPercent(2000)]);

    await user.click(screen.getByRole('checkbox', { name: m.showMargins }));
    expect(screen.queryByRole('region', { name: m.margins })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: m.cost })).toBeNull();
  });
});
