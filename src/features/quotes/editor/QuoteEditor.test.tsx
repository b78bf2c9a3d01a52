import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteEditorDetail } from '../../../api/quotes';
import { setConfig } from '../../../config/config';
import { formatCents, formatPercent } from '../../../contract/format';
import { $session, resetSession } from '../../../session/session';
import { mockFetch, type RecordedCall } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { quoteEditorMessages as m } from './messages';
import { QuoteEditor, type QuoteEditorProps } from './QuoteEditor';
import { editorQuote, vatRates } from './testing/quoteEditorFixtures';

const path = '/v2/companies/1/quotes/12';
type Answer = { status?: number; body?: unknown };

function serve(quote: QuoteEditorDetail, extra: Record<string, (call: RecordedCall) => Answer> = {}) {
  return mockFetch({
    [`GET ${path}`]: () => ({ body: { data: quote } }),
    'GET /v2/companies/1/vat-rates': () => ({ body: { data: vatRates } }),
    'GET /v2/companies/1/document-settings': () => ({
      body: { data: { quantityPrecision: 2, unitPricePrecision: 2 } },
    }),
    [`POST ${path}/edit`]: ({ body }) => ({
      body: { data: { ...quote, version: (body as { version: number }).version + 1 } },
    }),
    ...extra,
  });
}

async function open(quote: QuoteEditorDetail, props: Partial<QuoteEditorProps> = {}, extra = {}) {
  const served = serve(quote, extra);
  const onOpenQuote = vi.fn();
  render(<QuoteEditor quoteId={12} onOpenQuote={onOpenQuote} autosaveDelayMs={50} {...props} />);
  await screen.findByRole('heading', { level: 1, name: /^Devis DE-2026-00012/ });
  return { ...served, onOpenQuote, user: userEvent.setup() };
}

/** A field of the grid: a designation is a combobox (it searches the price library), the others text. */
const cell = (name: string) =>
  screen.queryByRole<HTMLInputElement>('textbox', { name }) ??
  screen.getByRole<HTMLInputElement>('combobox', { name });
const totals = () => screen.getByRole('region', { name: m.totals });
/** The amount beside a term of the totals. */
const total = (term: string) =>
  // Testing Library compares the text with its spaces collapsed (U+00A0 included), not the term.
  within(totals()).getByText(term.replace(/\s+/g, ' ')).nextElementSibling?.textContent;
/** The line total (last amount cell) of the row holding the field. */
const rowTotal = (field: HTMLElement) => {
  const cells = field.closest('tr')?.querySelectorAll('td');
  return cells?.[cells.length - 2]?.textContent;
};
const edits = (calls: RecordedCall[]) => calls.filter((call) => call.url.endsWith('/edit'));

describe('quote editor', { timeout: 30_000 }, () => {
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

  it('has no accessibility violation axe can see in jsdom (a draft, every field named)', async () => {
    await open(editorQuote());
    const results = await axe.run(document.body, {
      // jsdom draws nothing: contrasts are checked in Chromium (tests/, Storybook's a11y addon).
      // The landmarks are the host page's (the SPA's layout, a platform page), not the editor's.
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
  });

  it("editing a quantity updates its line, its chapter's subtotal and the totals at once", async () => {
    const { user } = await open(editorQuote());
    expect(total('Total HT')).toBe(formatCents(250_100));
    const plumbing = cell('Chapitre 2').closest('tr') as HTMLElement;
    expect(plumbing.textContent).toContain(formatCents(119_000));
    expect(plumbing.textContent).toContain(m.chapterOptions(formatCents(65_000)));
    const quantity = cell('Quantité, ligne 4');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(rowTotal(quantity)).toBe(formatCents(13_500));
    expect(plumbing.textContent).toContain(formatCents(123_500));
    expect(total('Total HT')).toBe(formatCents(254_600));
    expect(total(m.vatAt(formatPercent(1000)))).toBe(formatCents(25_460));
    expect(total('Total TTC')).toBe(formatCents(280_060));
    // The deposit asked at signature: 30 % of the TTC.
    expect(total(m.depositAmount(formatPercent(3000)))).toBe(formatCents(84_018));
  });

  it('shows an option with its amount, never in the total; unticked, it counts', async () => {
    const { user } = await open(editorQuote());
    const option = screen.getByRole('checkbox', { name: 'Option, ligne 5' });
    expect(option).toHaveProperty('checked', true);
    expect(rowTotal(option)).toBe(formatCents(65_000));
    expect(total(m.optionsTotal)).toBe(formatCents(65_000));
    expect(total('Total HT')).toBe(formatCents(250_100));
    await user.click(option);
    expect(total('Total HT')).toBe(formatCents(315_100));
    expect(within(totals()).queryByText(m.optionsTotal)).toBeNull();
  });

  it('a global discount lowers the base of each rate', async () => {
    const { user } = await open(editorQuote());
    await user.type(screen.getByRole('textbox', { name: m.discount }), '10');
    expect(total(m.grossExclTax)).toBe(formatCents(250_100));
    expect(total(m.discountAmount(formatPercent(1000)))).toBe(formatCents(-25_010));
    expect(total('Total HT')).toBe(formatCents(225_090));
    expect(total(m.vatAt(formatPercent(1000)))).toBe(formatCents(22_509));
  });

  it('saves the whole tree by itself after the typing stops', async () => {
    const { user, calls } = await open(editorQuote(), { autosaveDelayMs: 300 });
    const designation = cell('Désignation, ligne 4');
    await user.clear(designation);
    await user.type(designation, 'Siphon inox');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(m.saved));
    const saves = edits(calls).map(
      (call) => call.body as { version: number; items: { title?: string; items?: unknown[] }[] },
    );
    // Each save sends the version the one before it answered (a busy machine may save mid-typing).
    expect(saves.map((body) => body.version)).toEqual(saves.map((_, index) => 3 + index));
    const sent = saves.at(-1)!;
    expect(sent.items.map((item) => item.title)).toEqual(['Démolition', 'Plomberie', 'Carrelage']);
    expect(JSON.stringify(sent.items[1])).toContain('"designation":"Siphon inox"');
  });

  it('a stale save (409) keeps what was typed on screen, with the way to reload', async () => {
    const { user } = await open(
      editorQuote(),
      { autosaveDelayMs: 500 },
      { [`POST ${path}/edit`]: () => ({ status: 409, body: { error: { key: 'stale_version' } } }) },
    );
    const designation = cell('Désignation, ligne 1');
    await user.clear(designation);
    await user.type(designation, 'Dépose faïence');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.stale);
    expect(within(alert).getByRole('button', { name: m.reload })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Désignation, ligne 1' })).toBeNull();
    expect(screen.getByText('Dépose faïence')).toBeTruthy();
  });

  it('Enter adds a line under the current one, in its chapter; Alt + arrow moves it', async () => {
    const { user } = await open(editorQuote());
    await user.click(cell('Désignation, ligne 1'));
    await user.keyboard('{Enter}');
    const added = cell('Désignation, ligne 2');
    expect(document.activeElement).toBe(added);
    await user.keyboard('Protection des sols');
    expect(cell('Désignation, ligne 2').value).toBe('Protection des sols');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(cell('Désignation, ligne 1').value).toBe('Protection des sols');
    expect(document.activeElement).toBe(cell('Désignation, ligne 1'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell('Désignation, ligne 2'));
    expect(cell('Désignation, ligne 2').value).toBe('Dépose carrelage mural');
  });

  it('adds chapters, sub-chapters, texts and lines from its buttons, and removes them', async () => {
    const { user } = await open(editorQuote('draft', []));
    expect(screen.getByText(m.noLines)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.addChapter }));
    await user.keyboard('Maçonnerie');
    await user.click(screen.getByRole('button', { name: m.addSubChapter }));
    await user.keyboard('Fondations');
    await user.click(screen.getByRole('button', { name: m.addLine }));
    await user.keyboard('Béton');
    await user.click(screen.getByRole('button', { name: m.addText }));
    await user.keyboard('Selon étude de sol.');
    expect(cell('Chapitre 1').value).toBe('Maçonnerie');
    expect(cell('Sous-chapitre 1.1').value).toBe('Fondations');
    expect(cell('Désignation, ligne 1').closest('tr')?.dataset.depth).toBe('2');
    expect(cell('Texte, ligne 2').value).toBe('Selon étude de sol.');
    await user.click(screen.getByRole('button', { name: m.removeRow('Fondations') }));
    expect(screen.queryByRole('combobox', { name: 'Désignation, ligne 1' })).toBeNull();
    expect(document.activeElement).toBe(cell('Chapitre 1'));
  });

  it("its dates are French date fields: « Valable jusqu'au » picked in its calendar is saved as a day", async () => {
    const { user, calls } = await open(editorQuote());
    expect(screen.getByRole('button', { name: 'Changer la date, vendredi 20 novembre 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Changer la date, lundi 11 janvier 2027' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Changer la date, dimanche 20 décembre 2026' }));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: m.validUntil }).value).toBe('21/12/2026');
    await waitFor(() => expect(edits(calls).at(-1)?.body).toMatchObject({ validUntil: '2026-12-21' }));
  });

  it('a sent quote is read-only; « Modifier » opens its new revision', async () => {
    const revision = editorQuote('draft', undefined, { id: 13, number: 'DE-2026-00012-B', revisionIndex: 1 });
    const { user, onOpenQuote, calls } = await open(
      editorQuote('sent'),
      {},
      { [`POST ${path}/revise`]: () => ({ body: { data: revision } }) },
    );
    expect(screen.getByRole('note').textContent).toBe(m.readOnlySent);
    expect(screen.queryByRole('combobox', { name: 'Désignation, ligne 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: m.addLine })).toBeNull();
    expect(screen.getByText('Siphon de sol')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.revise }));
    await waitFor(() => expect(onOpenQuote).toHaveBeenCalledWith(13));
    expect(calls.find((call) => call.url.endsWith('/revise'))?.body).toEqual({ version: 3 });
  });

  it('an accepted quote is frozen: no « Modifier », « Dupliquer » only; the actions slot gets the quote', async () => {
    const slot = vi.fn((quote: QuoteEditorDetail) => <p>Actions de {quote.number}</p>);
    await open(editorQuote('accepted'), { renderActions: slot });
    expect(screen.getByRole('note').textContent).toBe(m.frozen);
    expect(screen.queryByRole('button', { name: m.revise })).toBeNull();
    expect(screen.getByRole('button', { name: m.duplicate })).toBeTruthy();
    expect(screen.getByText('Actions de DE-2026-00012')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: m.title })).toBeNull();
  });

  it('lists the revisions of its number; an earlier one opens', async () => {
    const quote = editorQuote('draft', undefined, {
      id: 12,
      number: 'DE-2026-00012-B',
      revisions: [
        { id: 11, number: 'DE-2026-00012', status: 'sent', date: '2026-11-10' },
        { id: 12, number: 'DE-2026-00012-B', status: 'draft', date: '2026-11-20' },
      ],
    });
    const { user, onOpenQuote } = await open(quote);
    const revisions = screen.getByRole('navigation', { name: m.revisions });
    expect(within(revisions).getByText('DE-2026-00012-B').getAttribute('aria-current')).toBe('page');
    await user.click(within(revisions).getByRole('button', { name: 'DE-2026-00012' }));
    expect(onOpenQuote).toHaveBeenCalledWith(11);
  });
});
