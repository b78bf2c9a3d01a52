import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteEditorDetail } from '../../../api/quotes';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch, type RecordedCall } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { closeMeasurePicker } from './measures/measurePickerStores';
import { QuoteEditor } from './QuoteEditor';
import { editorQuote, priced, vatRates } from './testing/quoteEditorFixtures';

const path = '/v2/companies/1/quotes/12';
const groupsPath = '/v2/companies/1/measure-groups';
type Answer = { status?: number; body?: unknown };

const group = (id: number, name: string, job: { id: number; name: string } | null) => ({
  id,
  application: 'pix4d',
  externalId: null,
  name,
  businessJob: job ? { ...job, customerName: 'Claire Martin' } : null,
  measureCount: 3,
  totals: { length: 4_000, area: 25_300, volume: 0, count: 0 },
  lastDataAt: '2026-11-26T08:00:00Z',
  createdAt: '2026-11-20T08:00:00Z',
  updatedAt: '2026-11-26T08:00:00Z',
  version: 2,
});
const measure = (id: number, name: string, kind: string, valueMilli: number, unit: string) => ({
  id,
  externalId: null,
  name,
  kind,
  valueMilli,
  unit,
  note: '',
  geometry: null,
  position: id,
  updatedAt: '2026-11-26T08:00:00Z',
});
const roof = group(7, 'Relevé drone toiture', { id: 3, name: 'Rénovation Martin' });
const other = group(8, 'Hangar Dupuis', null);

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
    [`GET ${groupsPath}`]: ({ url }) => ({
      body:
        new URL(url).searchParams.get('businessJobId') === '3'
          ? { data: [roof], info: { hits: 1 } }
          : { data: [roof, other], info: { hits: 2 } },
    }),
    [`GET ${groupsPath}/7`]: () => ({
      body: {
        data: {
          ...roof,
          measures: [
            measure(1, 'Pan nord', 'area', 12_500, 'm²'),
            measure(2, 'Pan sud', 'area', 12_800, 'm²'),
            measure(3, 'Faîtage', 'length', 4_000, 'm'),
          ],
          quotes: [],
        },
      },
    }),
    ...extra,
  });
}

const oneLine = [priced('Couverture tuiles', 1_000, 6_500, { unit: '' })];

async function open(quote: QuoteEditorDetail) {
  const served = serve(quote);
  render(<QuoteEditor quoteId={12} onOpenQuote={vi.fn()} autosaveDelayMs={50} />);
  await screen.findByRole('heading', { level: 1, name: /^Devis DE-2026-00012/ });
  return { ...served, user: userEvent.setup() };
}

const quantity = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantité, ligne 1' });

describe('quote editor: « Insérer un métré » (issue 23)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: true, scopes: [] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    closeMeasurePicker();
    resetSession();
    setTokenCookie(null);
  });

  it('lists the job’s groups first, sums the measures ticked (one kind), sets the line and saves its source', async () => {
    const { user, calls } = await open(editorQuote('draft', oneLine));
    const button = screen.getByRole('button', { name: 'Insérer un métré, ligne 1' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: /Insérer un métré/ });
    const ofJob = await within(dialog).findByRole('region', {
      name: "Groupes de l'affaire Rénovation Martin",
    });
    expect(within(ofJob).getByRole('button', { name: /Relevé drone toiture/ })).toBeTruthy();
    const others = within(dialog).getByRole('region', { name: 'Autres groupes' });
    // The job's group is not listed twice.
    expect(
      within(others)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Hangar Dupuis')]);

    await user.click(within(ofJob).getByRole('button', { name: /Relevé drone toiture/ }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Pan nord/ }));
    // Another kind cannot be added to an area.
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /Faîtage/ }).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /Pan sud/ }));
    expect(within(dialog).getByRole('status').textContent).toBe('Somme : 25,3\u00a0m² (2 mesures)');
    await user.click(within(dialog).getByRole('button', { name: 'Insérer la quantité' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(quantity().value).toBe('25,3');
    // The line had no unit: it takes the measures'.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Unité, ligne 1' }).value).toBe('m²');
    expect(screen.getByText('Métré : Relevé drone toiture · 2 mesures')).toBeTruthy();
    // The focus is back on the line.
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/edit'))).toBe(true));
    const sent = calls.find((call) => call.url.endsWith('/edit'))?.body as {
      items: { measure?: unknown; quantityMilli: number }[];
    };
    expect(sent.items[0]).toMatchObject({
      quantityMilli: 25_300,
      measure: { groupId: 7, measureIds: [1, 2], valueMilli: 25_300 },
    });

    // Another quantity typed: the source goes, and the line says so.
    await user.clear(quantity());
    await user.type(quantity(), '30');
    expect(screen.queryByText(/^Métré :/)).toBeNull();
    expect(screen.getByText(/la quantité a été saisie, elle ne vient plus du métré/)).toBeTruthy();
  });

  it('marks a line whose measures changed; « Mettre à jour » takes the new sum on a draft', async () => {
    const measured = [
      {
        ...priced('Couverture tuiles', 12_500, 6_500, { unit: 'm²' }),
        measure: { groupId: 7, measureIds: [1], valueMilli: 12_500 },
      },
    ];
    const source = {
      path: [0],
      groupId: 7,
      groupName: 'Relevé drone toiture',
      application: 'pix4d',
      measureIds: [1],
      storedValueMilli: 12_500,
      currentValueMilli: 13_200,
      changed: true,
    };
    const { user } = await open(editorQuote('draft', measured, { measureSources: [source] }));
    expect(screen.getByText(/^Le métré a changé : 12,5\sm² → 13,2\sm²$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mettre à jour la quantité du métré, ligne 1' }));
    expect(quantity().value).toBe('13,2');
    expect(screen.queryByText(/Le métré a changé/)).toBeNull();
  });

  it('on a sent quote only marks the line: nothing changes it', async () => {
    const measured = [
      {
        ...priced('Couverture tuiles', 12_500, 6_500, { unit: 'm²' }),
        measure: { groupId: 7, measureIds: [1], valueMilli: 12_500 },
      },
    ];
    const source = {
      path: [0],
      groupId: 7,
      groupName: 'Relevé drone toiture',
      application: 'pix4d',
      measureIds: [1],
      storedValueMilli: 12_500,
      currentValueMilli: 13_200,
      changed: true,
    };
    await open(editorQuote('sent', measured, { measureSources: [source] }));
    expect(screen.getByText(/^Le métré a changé : 12,5\sm² → 13,2\sm²$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mettre à jour/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Insérer un métré/ })).toBeNull();
  });
});
