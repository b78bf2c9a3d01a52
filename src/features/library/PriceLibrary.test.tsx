import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryFamily, LibraryItem, LibraryItemSummary } from '../../api/library';
import { invalidateKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { $session, resetSession } from '../../session/session';
import { mockFetch, type RecordedCall } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { $librarySheet, refreshLibrary } from './libraryStores';
import { PriceLibrary } from './PriceLibrary';

const base = '/v2/companies/1';
/** « 12,34 € » as the product writes it (U+00A0 before the symbol). */
const euros = (text: string) => `${text}\u00a0€`;

/** Hourly cost 30 €, hourly sale price 36 € (benefit 20 %), materials sold at cost × 1,5. */
const costs = {
  directLabourCostCents: 3000,
  employerChargesBasisPoints: 0,
  materialPurchaseCostCents: 0,
  siteCostCents: 0,
  indirectChargesCents: 0,
  overheadExpensesCents: 0,
  yearlySiteHours: 0,
  contingencyBasisPoints: 0,
  benefitBasisPoints: 2000,
  labourCoefficientMilli: 1000,
  materialsCoefficientMilli: 1500,
  version: 1,
  computed: {
    employerChargesCents: 0,
    mocCostCents: 3000,
    structureHourlyCents: 0,
    hourlyCostCents: 3000,
    hourlySalePriceCents: 3600,
  },
};

const summary = (
  fields: Partial<LibraryItemSummary> & Pick<LibraryItemSummary, 'id'>,
): LibraryItemSummary => ({
  kind: 'supply',
  code: '',
  designation: `Élément ${fields.id}`,
  unit: 'u',
  familyId: null,
  unitCostCents: 1000,
  supplier: '',
  vatRateId: null,
  lossBasisPoints: 0,
  fixedSalePriceCents: null,
  costCents: 1000,
  salePriceCents: 1500,
  version: 1,
  ...fields,
});

const plaster = summary({ id: 1, code: 'PLA-BA13', designation: 'Plaque de plâtre BA13', unit: 'm²' });
const labour = summary({
  id: 2,
  kind: 'labour',
  code: 'MO',
  designation: 'Heure de plaquiste',
  unit: 'h',
  unitCostCents: null,
  costCents: 3000,
  salePriceCents: 3600,
});
const paint = summary({ id: 3, code: 'PEI-01', designation: 'Peinture acrylique blanche', unit: 'l' });
const library = [plaster, labour, paint];

const detail = (item: LibraryItemSummary, components: LibraryItem['components'] = []): LibraryItem => ({
  ...item,
  components,
});

/** Words in any order, without accents or case, as the server searches. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const matches = (item: LibraryItemSummary, q: string | null) =>
  !q ||
  fold(q)
    .split(/\s+/)
    .every((word) => fold(`${item.code} ${item.designation}`).includes(word));

/**
 * The server's answers, then the signed-in session: the stores of the test before (mounted for a
 * moment after it) load again only once this test's answers are in place.
 */
function libraryRoutes(extra: Parameters<typeof mockFetch>[0] = {}) {
  const mocked = mockFetch({
    [`GET ${base}/library/items`]: ({ url }) => {
      const params = new URL(url).searchParams;
      const data = library.filter((item) => matches(item, params.get('q')));
      return { body: { data, info: { hits: data.length } } };
    },
    [`GET ${base}/library/families`]: () => ({
      body: { data: [{ id: 5, parentId: null, name: 'Plâtrerie', version: 1 }] },
    }),
    [`GET ${base}/settings/costs`]: () => ({ body: { data: costs } }),
    [`GET ${base}/vat-rates`]: () => ({
      body: { data: [{ id: 1, internalName: 'TVA 20 %', basisPoints: 2000, isDefault: true }] },
    }),
    ...Object.fromEntries(
      library.map((item) => [
        `GET ${base}/library/items/${item.id}`,
        () => ({ body: { data: detail(item) } }),
      ]),
    ),
    ...extra,
  });
  $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
  return mocked;
}

/** The sheet's live figures, as written (déboursé sec, sale price, coefficient). */
const figureValues = (figures: HTMLElement) =>
  [...figures.querySelectorAll('dd')].map((dd) => dd.textContent);

const lastCall = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && new URL(call.url).pathname === path).at(-1);

beforeEach(() => {
  setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
  setTokenCookie(makeToken(demoClaims));
});

afterEach(() => {
  // The session first: the stores (still mounted for a moment) then have no key to load again.
  resetSession();
  $librarySheet.set(null);
  refreshLibrary();
  invalidateKeys(() => true);
  setTokenCookie(null);
});

describe('price library list', () => {
  it("searches as the user types, and shows each item's costs formatted", async () => {
    const { calls } = libraryRoutes();
    const user = userEvent.setup();
    render(<PriceLibrary />);
    const table = await screen.findByRole('table', { name: 'Éléments de la bibliothèque' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const plasterRow = within(table).getByRole('button', { name: 'Plaque de plâtre BA13' }).closest('tr')!;
    expect(
      within(plasterRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['PLA-BA13', 'Plaque de plâtre BA13 Fourniture', 'm²', euros('10,00'), euros('15,00')]);

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un élément' }), 'platre ba13');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Éléments de la bibliothèque' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    const asked = new URL(lastCall(calls, 'GET', `${base}/library/items`)!.url).searchParams;
    expect(asked.get('q')).toBe('platre ba13');
    expect(asked.get('offset')).toBe('0');
  });

  it('filters by kind and by family from the side panel', async () => {
    const { calls } = libraryRoutes();
    const user = userEvent.setup();
    render(<PriceLibrary />);
    await screen.findByRole('table', { name: 'Éléments de la bibliothèque' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), "Main-d'œuvre");
    await waitFor(() =>
      expect(new URL(lastCall(calls, 'GET', `${base}/library/items`)!.url).searchParams.get('kind')).toBe(
        'labour',
      ),
    );
    const families = screen.getByRole('navigation', { name: 'Familles' });
    await user.click(await within(families).findByRole('button', { name: 'Plâtrerie' }));
    await waitFor(() =>
      expect(new URL(lastCall(calls, 'GET', `${base}/library/items`)!.url).searchParams.get('familyId')).toBe(
        '5',
      ),
    );
    expect(within(families).getByRole('button', { name: 'Plâtrerie' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });
});

describe('families', () => {
  it('adds a family under the one chosen, and the tree shows it', async () => {
    let families: LibraryFamily[] = [{ id: 5, parentId: null, name: 'Plâtrerie', version: 1 }];
    const { calls } = libraryRoutes({
      [`GET ${base}/library/families`]: () => ({ body: { data: families } }),
      [`POST ${base}/library/families`]: ({ body }) => {
        const family = { id: 6, version: 1, ...(body as { name: string; parentId: number | null }) };
        families = [...families, family];
        return { body: { data: family } };
      },
    });
    const user = userEvent.setup();
    render(<PriceLibrary />);
    const panel = screen.getByRole('navigation', { name: 'Familles' });
    await user.click(await within(panel).findByRole('button', { name: 'Plâtrerie' }));
    await user.click(within(panel).getByRole('button', { name: 'Ajouter une famille' }));
    const form = within(panel).getByRole('form', { name: 'Ajouter une famille' });
    // The name is required, in French, before anything is sent.
    await user.click(within(form).getByRole('button', { name: 'Créer la famille' }));
    expect(await within(form).findByText('Ce champ est obligatoire.')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /Nom de la famille/ }), 'Cloisons');
    expect((within(form).getByRole('combobox', { name: 'Dans la famille' }) as HTMLSelectElement).value).toBe(
      '5',
    );
    await user.click(within(form).getByRole('button', { name: 'Créer la famille' }));
    expect(await within(panel).findByRole('button', { name: 'Cloisons' })).toBeTruthy();
    expect(lastCall(calls, 'POST', `${base}/library/families`)!.body).toEqual({
      name: 'Cloisons',
      parentId: 5,
    });
  });

  it('renames and moves the chosen family, never under itself; a stale save keeps what was typed', async () => {
    // The tree of the test before (its answer may still be in the cache): a family and its sub-family.
    let families: LibraryFamily[] = [
      { id: 5, parentId: null, name: 'Plâtrerie', version: 1 },
      { id: 6, parentId: 5, name: 'Cloisons', version: 1 },
    ];
    let stale = true;
    const { calls } = libraryRoutes({
      [`GET ${base}/library/families`]: () => ({ body: { data: families } }),
      [`POST ${base}/library/families/6/edit`]: ({ body }) => {
        const sent = body as { version: number; name: string; parentId: number | null };
        if (stale) {
          // Someone else saved first: the tree loads again with their version.
          stale = false;
          families = families.map((f) => (f.id === 6 ? { ...f, version: 2 } : f));
          return { status: 409, body: { error: { key: 'stale_version' } } };
        }
        const saved = { id: 6, name: sent.name, parentId: sent.parentId, version: sent.version + 1 };
        families = families.map((f) => (f.id === 6 ? saved : f));
        return { body: { data: saved } };
      },
    });
    const user = userEvent.setup();
    render(<PriceLibrary />);
    const panel = screen.getByRole('navigation', { name: 'Familles' });
    await user.click(await within(panel).findByRole('button', { name: 'Plâtrerie' }));
    await user.click(within(panel).getByRole('button', { name: 'Modifier la famille « Plâtrerie »' }));
    const options = (form: HTMLElement) =>
      [...(within(form).getByRole('combobox', { name: 'Dans la famille' }) as HTMLSelectElement).options].map(
        (option) => option.text.trim(),
      );
    // Neither itself nor its sub-family is offered as its parent.
    expect(options(within(panel).getByRole('form', { name: 'Modifier la famille « Plâtrerie »' }))).toEqual([
      'Aucune (au premier niveau)',
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Annuler' }));

    await user.click(within(panel).getByRole('button', { name: 'Cloisons' }));
    await user.click(within(panel).getByRole('button', { name: 'Modifier la famille « Cloisons »' }));
    const form = within(panel).getByRole('form', { name: 'Modifier la famille « Cloisons »' });
    expect(options(form)).toEqual(['Aucune (au premier niveau)', 'Plâtrerie']);
    const name = within(form).getByRole('textbox', { name: /Nom de la famille/ });
    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la famille' }));
    expect(await within(form).findByText('Ce champ est obligatoire.')).toBeTruthy();
    await user.type(name, 'Cloisons sèches');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Dans la famille' }), '');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la famille' }));
    expect((await within(form).findByRole('alert')).textContent).toContain("n'ont pas été enregistrées");
    expect((name as HTMLInputElement).value).toBe('Cloisons sèches');
    expect(lastCall(calls, 'POST', `${base}/library/families/6/edit`)!.body).toEqual({
      id: 6,
      version: 1,
      name: 'Cloisons sèches',
      parentId: null,
    });
    // Saved again once the tree has loaded the other save's version.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.url.endsWith('/library/families')).length,
      ).toBeGreaterThan(0),
    );
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la famille' }));
    expect((await within(panel).findByRole('status')).textContent).toBe(
      'La famille « Cloisons sèches » a été enregistrée.',
    );
    expect(lastCall(calls, 'POST', `${base}/library/families/6/edit`)!.body).toMatchObject({ version: 2 });
    expect(await within(panel).findByRole('button', { name: 'Cloisons sèches' })).toBeTruthy();
  });
});

describe('item sheet', () => {
  it("creates a supply: its live figures, then the contract's fields sent", async () => {
    const { calls } = libraryRoutes({
      [`POST ${base}/library/items`]: ({ body }) => ({
        body: {
          data: detail(
            summary({
              ...(body as Partial<LibraryItemSummary>),
              id: 9,
              costCents: 1100,
              salePriceCents: 1650,
            }),
          ),
        },
      }),
      [`GET ${base}/library/items/9`]: () => ({
        body: {
          data: detail(summary({ id: 9, designation: 'Rail R48', costCents: 1100, salePriceCents: 1650 })),
        },
      }),
    });
    const user = userEvent.setup();
    render(<PriceLibrary />);
    await screen.findByRole('table', { name: 'Éléments de la bibliothèque' });
    await user.click(screen.getByRole('button', { name: 'Nouvel élément' }));
    await user.click(screen.getByRole('button', { name: 'Nouvelle fourniture' }));

    const form = await screen.findByRole('form', { name: 'Nouvelle fourniture' });
    // The contract's rules, in French, before anything is sent.
    await user.click(within(form).getByRole('button', { name: 'Créer la fourniture' }));
    expect(await within(form).findAllByText('Ce champ est obligatoire.')).toHaveLength(2);

    await user.type(within(form).getByRole('textbox', { name: /Désignation/ }), 'Rail R48');
    await user.type(within(form).getByRole('textbox', { name: 'Code' }), 'RAIL-48');
    await user.type(within(form).getByRole('textbox', { name: 'Unité' }), 'ml');
    await user.type(within(form).getByRole('textbox', { name: /Prix d'achat HT/ }), '10');
    await user.type(within(form).getByRole('textbox', { name: 'Perte (%)' }), '10');
    await user.type(within(form).getByRole('textbox', { name: 'Fournisseur' }), 'Placo');
    const figures = within(form).getByRole('region', { name: 'Prix calculés' });
    // 10 € + 10 % of loss; sold at cost × 1,5.
    await waitFor(() => expect(figureValues(figures)).toEqual([euros('11,00'), euros('16,50'), '1,50']));

    await user.click(within(form).getByRole('button', { name: 'Créer la fourniture' }));
    await screen.findByRole('form', { name: 'Rail R48' });
    expect(lastCall(calls, 'POST', `${base}/library/items`)!.body).toEqual({
      kind: 'supply',
      code: 'RAIL-48',
      designation: 'Rail R48',
      unit: 'ml',
      familyId: null,
      unitCostCents: 1000,
      supplier: 'Placo',
      vatRateId: null,
      lossBasisPoints: 1000,
      fixedSalePriceCents: null,
      components: [],
    });
  });

  it('composes a work from the library and shows its price as the server computes it', async () => {
    const created = (body: unknown) =>
      detail(summary({ ...(body as Partial<LibraryItemSummary>), id: 10, unitCostCents: null }), []);
    let sent: unknown = null;
    const { calls } = libraryRoutes({
      [`POST ${base}/library/items`]: ({ body }) => {
        sent = body;
        return { body: { data: created(body) } };
      },
      [`GET ${base}/library/items/10`]: () => ({ body: { data: created(sent) } }),
    });
    const user = userEvent.setup();
    render(<PriceLibrary />);
    await screen.findByRole('table', { name: 'Éléments de la bibliothèque' });
    await user.click(screen.getByRole('button', { name: 'Nouvel élément' }));
    await user.click(screen.getByRole('button', { name: 'Nouvel ouvrage' }));
    const form = await screen.findByRole('form', { name: 'Nouvel ouvrage' });
    await user.type(within(form).getByRole('textbox', { name: /Désignation/ }), 'Cloison BA13');

    const search = () => within(form).getByRole('combobox', { name: 'Ajouter un composant' });
    await user.type(search(), 'plaque');
    await user.click(await within(form).findByRole('option', { name: /Plaque de plâtre BA13/ }));
    // The new component's quantity takes the focus; the search box is empty again.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(form).getByRole('textbox', { name: 'Quantité de Plaque de plâtre BA13' }),
      ),
    );
    expect((search() as HTMLInputElement).value).toBe('');
    await user.type(search(), 'plaquiste');
    await user.click(await within(form).findByRole('option', { name: /Heure de plaquiste/ }));

    const plasterQuantity = within(form).getByRole('textbox', { name: 'Quantité de Plaque de plâtre BA13' });
    await user.clear(plasterQuantity);
    await user.type(plasterQuantity, '2,5');
    const labourQuantity = within(form).getByRole('textbox', { name: 'Quantité de Heure de plaquiste' });
    await user.clear(labourQuantity);
    await user.type(labourQuantity, '1,5');

    // 2,5 × 10 € + 1,5 h × 30 € = 70 €; sold 2,5 × 15 € + 1,5 h × 36 € = 91,50 €.
    const figures = within(form).getByRole('region', { name: 'Prix calculés' });
    await waitFor(() => expect(figureValues(figures).slice(0, 2)).toEqual([euros('70,00'), euros('91,50')]));

    // A fixed sale price replaces the computed one.
    await user.type(within(form).getByRole('textbox', { name: /Prix de vente HT imposé/ }), '100');
    await waitFor(() => expect(figureValues(figures)[1]).toBe(euros('100,00')));
    await user.clear(within(form).getByRole('textbox', { name: /Prix de vente HT imposé/ }));

    await user.click(within(form).getByRole('button', { name: 'Retirer Heure de plaquiste' }));
    await waitFor(() => expect(figureValues(figures).slice(0, 2)).toEqual([euros('25,00'), euros('37,50')]));
    await user.click(within(form).getByRole('button', { name: "Créer l'ouvrage" }));
    await waitFor(() => expect(lastCall(calls, 'POST', `${base}/library/items`)).toBeTruthy());
    expect(lastCall(calls, 'POST', `${base}/library/items`)!.body).toMatchObject({
      kind: 'work',
      designation: 'Cloison BA13',
      unitCostCents: null,
      components: [{ itemId: 1, quantityMilli: 2500 }],
    });
  });

  it('prices a stored work from its parts as stored, sub-works whole', async () => {
    const partition = summary({
      id: 4,
      kind: 'work',
      designation: 'Cloison',
      unitCostCents: null,
      version: 3,
    });
    const doubled = summary({ id: 5, kind: 'work', designation: 'Double plaque', unitCostCents: null });
    const lossy = summary({ id: 6, designation: 'Bande à joint', unitCostCents: 333, lossBasisPoints: 1000 });
    const component = (item: LibraryItemSummary, quantityMilli: number) => ({
      itemId: item.id,
      quantityMilli,
      kind: item.kind,
      code: item.code,
      designation: item.designation,
      unit: item.unit,
      costCents: item.costCents,
      salePriceCents: item.salePriceCents,
    });
    const { calls } = libraryRoutes({
      [`GET ${base}/library/items/4`]: () => ({
        body: { data: detail(partition, [component(doubled, 1000), component(labour, 500)]) },
      }),
      [`GET ${base}/library/items/5`]: () => ({
        body: { data: detail(doubled, [component(plaster, 2000), component(lossy, 3000)]) },
      }),
      [`GET ${base}/library/items/6`]: () => ({ body: { data: detail(lossy) } }),
    });
    $librarySheet.set({ mode: 'item', id: 4 });
    render(<PriceLibrary />);
    const form = await screen.findByRole('form', { name: 'Cloison' });
    const figures = within(form).getByRole('region', { name: 'Prix calculés' });
    // Déboursé sec: 2 × 10 € + 3 × 3,663 € (3,33 € + 10 %, exact) + 0,5 h × 30 € = 45,989 → 45,99 €;
    // sold: 2 × 15 € + 3 × 5,4945 € + 0,5 × 36 € = 64,4835 → 64,48 €.
    await waitFor(() => expect(figureValues(figures).slice(0, 2)).toEqual([euros('45,99'), euros('64,48')]));
    const read = calls.map((call) => new URL(call.url).pathname);
    expect(read).toEqual(expect.arrayContaining([`${base}/library/items/5`, `${base}/library/items/6`]));
  });

  it('says a stale save in French and keeps what was typed; « Recharger » shows the stored item', async () => {
    let stored = detail(plaster);
    libraryRoutes({
      [`GET ${base}/library/items/1`]: () => ({ body: { data: stored } }),
      [`POST ${base}/library/items/1/edit`]: () => ({
        status: 409,
        body: { error: { key: 'stale_version' } },
      }),
    });
    const user = userEvent.setup();
    render(<PriceLibrary />);
    const table = await screen.findByRole('table', { name: 'Éléments de la bibliothèque' });
    await user.click(within(table).getByRole('button', { name: 'Plaque de plâtre BA13' }));
    const form = await screen.findByRole('form', { name: 'Plaque de plâtre BA13' });
    const designation = within(form).getByRole('textbox', { name: /Désignation/ });
    await user.clear(designation);
    await user.type(designation, 'Plaque BA13 hydrofuge');
    // Someone else saves meanwhile.
    stored = { ...stored, designation: 'Plaque BA13 (Sophie)', version: 2 };
    await user.click(within(form).getByRole('button', { name: "Enregistrer l'élément" }));

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain(
      "Quelqu'un d'autre a enregistré ces informations pendant votre saisie",
    );
    expect((designation as HTMLInputElement).value).toBe('Plaque BA13 hydrofuge');

    await user.click(within(alert).getByRole('button', { name: 'Recharger' }));
    const reloaded = await screen.findByRole('form', { name: 'Plaque BA13 (Sophie)' });
    expect((within(reloaded).getByRole('textbox', { name: /Désignation/ }) as HTMLInputElement).value).toBe(
      'Plaque BA13 (Sophie)',
    );
  });

  it('asks before deleting, and says when a work still uses the item', async () => {
    libraryRoutes({
      [`POST ${base}/library/items/3/delete`]: () => ({
        status: 409,
        body: { error: { key: 'library_item_in_use' } },
      }),
    });
    const user = userEvent.setup();
    render(<PriceLibrary />);
    const table = await screen.findByRole('table', { name: 'Éléments de la bibliothèque' });
    await user.click(within(table).getByRole('button', { name: 'Peinture acrylique blanche' }));
    const form = await screen.findByRole('form', { name: 'Peinture acrylique blanche' });
    await user.click(within(form).getByRole('button', { name: "Supprimer l'élément" }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer cet élément ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Cet élément est utilisé dans la composition d'un ouvrage : retirez-le de cet ouvrage avant de le supprimer.",
    );
  });
});
