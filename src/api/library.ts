/**
 * The price library's calls (issue 22, « Base de données »): items with their cost (déboursé sec)
 * and sale price in cents, families, and the costs screen's « how many prices change ». The
 * answers' schemas are the shared contract's (src/contract/library.ts): the server declares its
 * answers with the same schemas, parsed here at the boundary. Errors are ApiErrors.
 */

import { z } from 'zod';
import { lazy } from '../contract/lazy';
import {
  type LibraryFamily,
  type LibraryItem,
  type LibraryItemComponent,
  type LibraryItemData,
  type LibraryItemSummary,
  libraryFamilySchema,
  libraryItemSchema,
  libraryItemSummarySchema,
  libraryPricePreviewSchema,
  type librarySortKeys,
} from '../contract/library';
import { listPageSchema } from '../contract/lists';
import { type CostsInput, costSettingsSchema, vatRateSchema } from '../contract/preferences';
import { getJson, postJson } from './client';
import { queryString } from './invoices';

export type { LibraryFamily, LibraryItem, LibraryItemSummary };
/** A work's component, with its own figures. */
export type LibraryComponent = LibraryItemComponent;

const data = <Schema extends z.ZodType>(schema: Schema) => z.object({ data: schema });

export const libraryPageAnswer = lazy(() => listPageSchema(libraryItemSummarySchema));
export type LibraryPage = z.output<typeof libraryPageAnswer>;

export const libraryItemAnswer = lazy(() => data(libraryItemSchema));
export const libraryFamiliesAnswer = lazy(() => data(z.array(libraryFamilySchema)));
const libraryFamilyAnswer = lazy(() => data(libraryFamilySchema));
export const pricePreviewAnswer = lazy(() => data(libraryPricePreviewSchema));

/** What the prices use of « Coûts et prix de vente » (GET settings/costs; the other fields are dropped). */
export const costFiguresAnswer = lazy(() =>
  data(
    costSettingsSchema.pick({
      directLabourCostCents: true,
      employerChargesBasisPoints: true,
      siteCostCents: true,
      indirectChargesCents: true,
      overheadExpensesCents: true,
      yearlySiteHours: true,
      contingencyBasisPoints: true,
      benefitBasisPoints: true,
      materialsCoefficientMilli: true,
    }),
  ),
);
export type CostFiguresAnswer = z.output<typeof costFiguresAnswer>['data'];

/** The company's VAT rates, as the item's default rate offers them. */
export const vatRateChoicesAnswer = lazy(() =>
  data(z.array(vatRateSchema.pick({ id: true, internalName: true, basisPoints: true, isDefault: true }))),
);
export type VatRateChoice = z.output<typeof vatRateChoicesAnswer>['data'][number];

export type LibrarySortKey = (typeof librarySortKeys)[number];

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
export type LibraryItemWrite = LibraryItemData;

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
  await postJson(`${libraryPath(enterpriseId)}/items/${id}/delete`, data(z.object({ id: z.number().int() })));
};

export const listLibraryFamilies = async (enterpriseId: number): Promise<LibraryFamily[]> =>
  (await getJson(`${libraryPath(enterpriseId)}/families`, libraryFamiliesAnswer)).data;

export const createLibraryFamily = async (
  enterpriseId: number,
  input: { name: string; parentId: number | null },
): Promise<LibraryFamily> =>
  (await postJson(`${libraryPath(enterpriseId)}/families`, libraryFamilyAnswer, input)).data;

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
    await postJson(`${libraryPath(enterpriseId)}/families/${id}/edit`, libraryFamilyAnswer, {
      id,
      version,
      ...changes,
    })
  ).data;

/** How many items would change sale price with these costs (nothing is saved). */
export const previewLibraryPrices = async (enterpriseId: number, costs: CostsInput): Promise<number> =>
  (await postJson(`${libraryPath(enterpriseId)}/price-preview`, pricePreviewAnswer, costs)).data.changed;
