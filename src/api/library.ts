/**
 * The price library's calls (issue 22, « Base de données »), as server/src/schemas/library.ts
 * answers them: items with their cost (déboursé sec) and sale price in cents, families, and the
 * costs screen's « how many prices change ». Errors are ApiErrors; answers are checked here.
 */
import * as v from 'valibot';
import type { CostsInput } from '../contract/preferences';
import { libraryKinds } from '../contract/pricing';
import { getJson, postJson } from './client';
import { queryString } from './invoices';

const int = () => v.pipe(v.number(), v.integer());
const data = <S extends v.GenericSchema>(schema: S) => v.object({ data: schema });

const itemEntries = {
  id: int(),
  kind: v.picklist(libraryKinds),
  code: v.string(),
  designation: v.string(),
  unit: v.string(),
  familyId: v.nullable(int()),
  /** supply: purchase price; equipment: its cost; labour: its own hourly cost (null: the company's). */
  unitCostCents: v.nullable(int()),
  supplier: v.string(),
  vatRateId: v.nullable(int()),
  lossBasisPoints: int(),
  fixedSalePriceCents: v.nullable(int()),
  /** Déboursé sec of one unit, at the company's current costs. */
  costCents: int(),
  /** Sale price excl. VAT of one unit. */
  salePriceCents: int(),
  version: int(),
};

/** An item of a list page (no composition). */
export const libraryItemSummarySchema = v.object(itemEntries);
export type LibraryItemSummary = v.InferOutput<typeof libraryItemSummarySchema>;

const componentSchema = v.object({
  itemId: int(),
  quantityMilli: int(),
  kind: v.picklist(libraryKinds),
  code: v.string(),
  designation: v.string(),
  unit: v.string(),
  costCents: int(),
  salePriceCents: int(),
});
export type LibraryComponent = v.InferOutput<typeof componentSchema>;

/** One item with its composition (a work's components, in order). */
export const libraryItemSchema = v.object({ ...itemEntries, components: v.array(componentSchema) });
export type LibraryItem = v.InferOutput<typeof libraryItemSchema>;

export const libraryPageAnswer = v.object({
  data: v.array(libraryItemSummarySchema),
  info: v.object({ hits: int() }),
});
export type LibraryPage = v.InferOutput<typeof libraryPageAnswer>;

export const libraryItemAnswer = data(libraryItemSchema);

/** A family (its version: a rename or a move is saved from the version read). */
const familySchema = v.object({ id: int(), parentId: v.nullable(int()), name: v.string(), version: int() });
export type LibraryFamily = v.InferOutput<typeof familySchema>;
export const libraryFamiliesAnswer = data(v.array(familySchema));

export const pricePreviewAnswer = data(v.object({ changed: int() }));

/** What the prices use of « Coûts et prix de vente » (GET settings/costs; the other fields are dropped). */
export const costFiguresAnswer = data(
  v.object({
    directLabourCostCents: int(),
    employerChargesBasisPoints: int(),
    siteCostCents: int(),
    indirectChargesCents: int(),
    overheadExpensesCents: int(),
    yearlySiteHours: int(),
    contingencyBasisPoints: int(),
    benefitBasisPoints: int(),
    materialsCoefficientMilli: int(),
  }),
);
export type CostFiguresAnswer = v.InferOutput<typeof costFiguresAnswer>['data'];

/** The company's VAT rates, as the item's default rate offers them. */
export const vatRateChoicesAnswer = data(
  v.array(v.object({ id: int(), internalName: v.string(), basisPoints: int(), isDefault: v.boolean() })),
);
export type VatRateChoice = v.InferOutput<typeof vatRateChoicesAnswer>['data'][number];

export type LibrarySortKey = 'designation' | 'code';

export interface LibraryQuery {
  q?: string;
  kind?: LibraryItem['kind'];
  familyId?: number;
  sort?: LibrarySortKey;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** What a create or an edit writes (the contract's fields, in the API's units). */
export interface LibraryItemWrite {
  kind: LibraryItem['kind'];
  code: string;
  designation: string;
  unit: string;
  familyId: number | null;
  unitCostCents: number | null;
  supplier: string;
  vatRateId: number | null;
  lossBasisPoints: number;
  fixedSalePriceCents: number | null;
  components: { itemId: number; quantityMilli: number }[];
}

export const libraryPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/library`;

/** The query of a list page, defaults left out (the key of its cached answer). */
export const libraryQueryString = (query: LibraryQuery) => queryString(query);

export const listLibraryItems = (enterpriseId: number, query: LibraryQuery = {}): Promise<LibraryPage> =>
  getJson(`${libraryPath(enterpriseId)}/items${libraryQueryString(query)}`, libraryPageAnswer);

export const getLibraryItem = async (enterpriseId: number, id: number): Promise<LibraryItem> =>
  (await getJson(`${libraryPath(enterpriseId)}/items/${id}`, libraryItemAnswer)).data;

/** A new item; 422 validation (fields) or library_price_out_of_range. */
export const createLibraryItem = async (
  enterpriseId: number,
  input: LibraryItemWrite,
): Promise<LibraryItem> =>
  (await postJson(`${libraryPath(enterpriseId)}/items`, libraryItemAnswer, input)).data;

/**
 * The changed fields from `version` (`components`: the whole new composition): 409 stale_version
 * when another save came first, 422 library_cycle, validation or library_price_out_of_range.
 */
export const editLibraryItem = async (
  enterpriseId: number,
  id: number,
  version: number,
  changes: Partial<Omit<LibraryItemWrite, 'kind'>>,
): Promise<LibraryItem> =>
  (
    await postJson(`${libraryPath(enterpriseId)}/items/${id}/edit`, libraryItemAnswer, {
      id,
      version,
      ...changes,
    })
  ).data;

/** 409 library_item_in_use while a work's composition uses the item. */
export const deleteLibraryItem = async (enterpriseId: number, id: number): Promise<void> => {
  await postJson(`${libraryPath(enterpriseId)}/items/${id}/delete`, data(v.object({ id: int() })));
};

export const listLibraryFamilies = async (enterpriseId: number): Promise<LibraryFamily[]> =>
  (await getJson(`${libraryPath(enterpriseId)}/families`, libraryFamiliesAnswer)).data;

export const createLibraryFamily = async (
  enterpriseId: number,
  input: { name: string; parentId: number | null },
): Promise<LibraryFamily> =>
  (await postJson(`${libraryPath(enterpriseId)}/families`, data(familySchema), input)).data;

/**
 * Renames or moves a family (parentId null: to the top) from `version`: 409 stale_version when
 * another save came first, 422 validation (`parentId: invalid`: itself or one of its sub-families).
 */
export const editLibraryFamily = async (
  enterpriseId: number,
  id: number,
  version: number,
  changes: { name?: string; parentId?: number | null },
): Promise<LibraryFamily> =>
  (
    await postJson(`${libraryPath(enterpriseId)}/families/${id}/edit`, data(familySchema), {
      id,
      version,
      ...changes,
    })
  ).data;

/** How many items would change sale price with these costs (nothing is saved). */
export const previewLibraryPrices = async (enterpriseId: number, costs: CostsInput): Promise<number> =>
  (await postJson(`${libraryPath(enterpriseId)}/price-preview`, pricePreviewAnswer, costs)).data.changed;
