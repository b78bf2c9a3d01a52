/**
 * The price library's server data (issue 22), through the data layer (src/api/query.ts). The
 * element lives on a platform page (`/app/prive/#/base-donnees`), outside the SPA's router, so what
 * the list shows (search, kind, family, sort, page) and which sheet is open are the screen's own
 * atoms; every store is still keyed on the session's company and loads when a component reads it.
 */
import { atom, computed, map } from 'nanostores';
import {
  costFiguresAnswer,
  createLibraryFamily,
  createLibraryItem,
  deleteLibraryItem,
  editLibraryFamily,
  editLibraryItem,
  getLibraryItem,
  type LibraryFamily,
  type LibraryItem,
  type LibraryItemSummary,
  type LibraryItemWrite,
  type LibrarySortKey,
  libraryFamiliesAnswer,
  libraryItemAnswer,
  libraryPageAnswer,
  libraryQueryString,
  vatRateChoicesAnswer,
} from '../../api/library';
import {
  $companyPath,
  createApiStore,
  createFetcherStore,
  invalidateKeys,
  mutateCache,
  revalidateKeys,
} from '../../api/query';
import type { LibraryKind } from '../../contract/library';
import { type PricedItem, pricingRates } from '../../contract/pricing';
import { logger } from '../../logging/logger';

export const LIBRARY_PAGE_SIZE = 50;
/** Items offered when composing a work, for what is typed. */
export const COMPONENT_CHOICES = 20;

// ---------------------------------------------------------------------------------------------
// The list

export interface LibraryListQuery {
  q: string;
  /** '' for every kind. */
  kind: LibraryKind | '';
  /** The family and its sub-families; null for all. */
  familyId: number | null;
  sort: LibrarySortKey;
  order: 'asc' | 'desc';
  /** From 0. */
  page: number;
}

export const initialLibraryQuery: LibraryListQuery = {
  q: '',
  kind: '',
  familyId: null,
  sort: 'designation',
  order: 'asc',
  page: 0,
};

export const $libraryQuery = map<LibraryListQuery>({ ...initialLibraryQuery });

/** A new search, filter or sort goes back to the first page; a page change keeps the rest. */
export function setLibraryQuery(changes: Partial<LibraryListQuery>): void {
  const page = changes.page ?? 0;
  $libraryQuery.set({ ...$libraryQuery.get(), ...changes, page });
}

const $libraryApiQuery = computed($libraryQuery, (query) => {
  const text = libraryQueryString({
    q: query.q.trim() || undefined,
    kind: query.kind || undefined,
    familyId: query.familyId ?? undefined,
    sort: query.sort,
    order: query.order,
    limit: LIBRARY_PAGE_SIZE,
    offset: query.page * LIBRARY_PAGE_SIZE,
  });
  return `/library/items${text}`;
});

export const $libraryPage = createApiStore(libraryPageAnswer, [$companyPath, $libraryApiQuery], {
  onError: (error) => logger.error('Error getting library items', { error }),
});

export const $libraryFamilies = createApiStore(libraryFamiliesAnswer, [$companyPath, '/library/families']);

/** What the prices use of « Coûts et prix de vente », as the server prices with them. */
export const $libraryCosts = createApiStore(costFiguresAnswer, [$companyPath, '/settings/costs']);

export const $libraryRates = computed($libraryCosts, ({ data }) => (data ? pricingRates(data.data) : null));

export const $vatRateChoices = createApiStore(vatRateChoicesAnswer, [$companyPath, '/vat-rates']);

// ---------------------------------------------------------------------------------------------
// The item sheet

export type LibrarySheet = { mode: 'new'; kind: LibraryKind } | { mode: 'item'; id: number } | null;

/** The sheet shown instead of the list (null: the list). */
export const $librarySheet = atom<LibrarySheet>(null);

const $sheetItemId = computed($librarySheet, (sheet) => (sheet?.mode === 'item' ? String(sheet.id) : null));

export const $sheetItem = createApiStore(libraryItemAnswer, [$companyPath, '/library/items/', $sheetItemId], {
  onError: (error) => logger.error('Error getting library item', { error }),
});

export const openItem = (id: number) => $librarySheet.set({ mode: 'item', id });
export const openNewItem = (kind: LibraryKind) => $librarySheet.set({ mode: 'new', kind });
export const closeSheet = () => $librarySheet.set(null);

/** What the composition's search box looks for (set after a pause in the typing). */
export const $componentSearch = atom('');

const $componentApiQuery = computed($componentSearch, (q) => {
  const text = libraryQueryString({ q: q.trim() || undefined, limit: COMPONENT_CHOICES });
  return `/library/items${text}`;
});

export const $componentChoices = createApiStore(libraryPageAnswer, [$companyPath, $componentApiQuery]);

// ---------------------------------------------------------------------------------------------
// What a work's live price needs: each component as the pricing rule reads it, sub-works whole

/** The rule's view of an item (a work's components come from its detail). */
export function pricedItemOf(
  item: LibraryItemSummary & { components?: LibraryItem['components'] },
): PricedItem {
  return {
    id: item.id,
    kind: item.kind,
    unitCostCents: item.unitCostCents,
    lossBasisPoints: item.lossBasisPoints,
    fixedSalePriceCents: item.fixedSalePriceCents,
    components: (item.components ?? []).map(({ itemId, quantityMilli }) => ({ itemId, quantityMilli })),
  };
}

/** Each item read once per change of the library: `${companyPath}/${id}` → its rule's view. */
const priced = new Map<string, Promise<PricedItem>>();

/** A list answer already says all the rule needs of an item that is not a work. */
export function rememberPriced(prefix: string, item: LibraryItemSummary): void {
  if (item.kind !== 'work') priced.set(`${prefix}/${item.id}`, Promise.resolve(pricedItemOf(item)));
}

function pricedOne(prefix: string, id: number): Promise<PricedItem> {
  const key = `${prefix}/${id}`;
  let known = priced.get(key);
  if (!known) {
    known = getLibraryItem(Number(prefix.slice(prefix.lastIndexOf('/') + 1)), id).then(pricedItemOf);
    // A failed read is asked again next time.
    known.catch(() => priced.delete(key));
    priced.set(key, known);
  }
  return known;
}

/** `ids` and, through any depth, the components of the works among them. */
async function pricedClosure(prefix: string, ids: readonly number[]): Promise<Record<number, PricedItem>> {
  const found: Record<number, PricedItem> = {};
  let next = [...new Set(ids)];
  while (next.length > 0) {
    const items = await Promise.all(next.map((id) => pricedOne(prefix, id)));
    next = [];
    for (const item of items) {
      found[item.id] = item;
      for (const { itemId } of item.components) if (!(itemId in found)) next.push(itemId);
    }
    next = [...new Set(next)].filter((id) => !(id in found));
  }
  return found;
}

/** The component ids the sheet prices with (sorted, comma-separated), set by the sheet. */
export const $pricingIds = atom<string | null>(null);

export const $pricedComponents = createFetcherStore<Record<number, PricedItem>, unknown>(
  [$companyPath, '/library/priced/', $pricingIds],
  {
    fetcher: (prefix, _path, ids) =>
      pricedClosure(String(prefix), String(ids).split(',').filter(Boolean).map(Number)),
    // Nothing to ask again on focus: a change of the library empties it (refreshLibrary).
    revalidateOnFocus: false,
  },
);

export function setPricingIds(ids: readonly number[]): void {
  const text = [...new Set(ids)].sort((a, b) => a - b).join(',');
  $pricingIds.set(text === '' ? null : text);
}

// ---------------------------------------------------------------------------------------------
// Changes

function companyId(): number {
  const path = $companyPath.get();
  if (path === null) throw new Error('No session company');
  return Number(path.slice(path.lastIndexOf('/') + 1));
}

const itemKey = (id: number) => `${$companyPath.get()}/library/items/${id}`;

/**
 * After a change: every list, every other item's sheet (a work's price follows its parts) and the
 * live prices' reads load again; `keep` (the item just saved, cached from the answer) stays.
 */
export function refreshLibrary(keep?: number): void {
  const prefix = $companyPath.get();
  priced.clear();
  if (prefix === null) return;
  const kept = keep === undefined ? null : itemKey(keep);
  invalidateKeys((key) => key.startsWith(`${prefix}/library/`) && key !== kept);
}

/** Creates the item; its sheet is cached and shown, the lists load again. */
export async function createItem(input: LibraryItemWrite): Promise<LibraryItem> {
  const item = await createLibraryItem(companyId(), input);
  mutateCache(itemKey(item.id), { data: item });
  refreshLibrary(item.id);
  $librarySheet.set({ mode: 'item', id: item.id });
  return item;
}

/** Saves the changes made from `from.version` (409 stale_version when someone saved since). */
export async function saveItem(
  from: LibraryItem,
  changes: Partial<Omit<LibraryItemWrite, 'kind'>>,
): Promise<LibraryItem> {
  if (Object.keys(changes).length === 0) return from;
  const item = await editLibraryItem(companyId(), from.id, from.version, changes);
  mutateCache(itemKey(item.id), { data: item });
  refreshLibrary(item.id);
  return item;
}

/** The stored item read again (after a stale save). */
export async function reloadItem(id: number): Promise<LibraryItem> {
  const item = await getLibraryItem(companyId(), id);
  mutateCache(itemKey(id), { data: item });
  return item;
}

/** Deletes the item (409 library_item_in_use while a work uses it); back to the list. */
export async function removeItem(id: number): Promise<void> {
  await deleteLibraryItem(companyId(), id);
  closeSheet();
  refreshLibrary();
}

/** The tree loads again, still shown meanwhile (an open family form keeps its options). */
const refreshFamilies = () => {
  const prefix = $companyPath.get();
  if (prefix !== null) revalidateKeys((key) => key === `${prefix}/library/families`);
};

export async function addFamily(input: { name: string; parentId: number | null }): Promise<LibraryFamily> {
  const family = await createLibraryFamily(companyId(), input);
  refreshFamilies();
  return family;
}

/**
 * Renames or moves `from` (the version shown). The tree loads again whatever the answer: after a
 * 409 stale_version it shows the other save, and the form keeps what was typed.
 */
export async function editFamily(
  from: LibraryFamily,
  changes: { name: string; parentId: number | null },
): Promise<LibraryFamily> {
  try {
    return await editLibraryFamily(companyId(), from.id, from.version, changes);
  } finally {
    refreshFamilies();
  }
}
