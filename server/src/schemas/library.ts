/**
 * The price library's API shapes (issue 22). Fields, limits and rules are the shared contract's
 * (src/contract/library.ts): the item form validates with the same schemas.
 */
import { z } from '@hono/zod-openapi';
import {
  libraryFamilyInputSchema,
  libraryFamilySchema,
  libraryItemComponentSchema,
  libraryItemDefaults,
  libraryItemFields,
  libraryItemSchema,
  libraryItemSummarySchema,
  libraryKinds,
  libraryPricePreviewSchema,
  librarySortKeys,
} from '../../../src/contract/library.js';
import { costsInputSchema } from '../../../src/contract/preferences.js';
import { listQueryShape } from './common.js';
import { idNumber, idParam, named } from './fields.js';
import { CompanyUsersParams } from './users.js';

const LibraryComponentSchema = named(libraryItemComponentSchema, 'LibraryComponent');

/** An item of a list page (its composition: the detail). */
export const LibraryItemSummarySchema = named(libraryItemSummarySchema, 'LibraryItemSummary');

/** One item, with its composition (a work's components, each with its own figures). */
export const LibraryItemSchema = named(
  libraryItemSchema.extend({ components: z.array(LibraryComponentSchema) }),
  'LibraryItem',
);

/** Every field with its create default (the kind and the designation have none). */
const f = libraryItemFields;
const d = libraryItemDefaults;
export const CreateLibraryItemSchema = z
  .object({
    kind: z.enum(libraryKinds, { error: 'invalid' }),
    code: f.code.default(d.code),
    designation: f.designation,
    unit: f.unit.default(d.unit),
    familyId: f.familyId.default(d.familyId),
    unitCostCents: f.unitCostCents.default(d.unitCostCents),
    supplier: f.supplier.default(d.supplier),
    vatRateId: f.vatRateId.default(d.vatRateId),
    lossBasisPoints: f.lossBasisPoints.default(d.lossBasisPoints),
    fixedSalePriceCents: f.fixedSalePriceCents.default(d.fixedSalePriceCents),
    components: f.components.default([]),
  })
  .openapi('CreateLibraryItem');

/**
 * An edit sends the id, the version it started from and the changed fields (`components`: the
 * whole new composition); the item that would result is checked whole against the contract in the
 * route. `version` is optional here so that another company's id still answers 404 first.
 */
export const EditLibraryItemSchema = z
  .object({
    id: idNumber(),
    version: idNumber().optional(),
    ...z.object(libraryItemFields).partial().shape,
  })
  .openapi('EditLibraryItem');

export const LibraryItemParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const LibraryItemsQuery = z.object({
  kind: z
    .enum(libraryKinds, { error: 'invalid' })
    .optional()
    .openapi({ param: { name: 'kind', in: 'query' } }),
  familyId: idParam()
    .optional()
    .openapi({
      param: { name: 'familyId', in: 'query' },
      description: 'The items of this family and of its sub-families',
    }),
  ...listQueryShape({
    sortKeys: librarySortKeys,
    defaultSort: 'designation',
    search: 'Words of the code or designation, in any order, without accents or case',
  }),
});

/** A family, with its version (migration 0037): a rename or a move is saved from the version read. */
export const LibraryFamilySchema = named(libraryFamilySchema, 'LibraryFamily');

/** A rename or a move: the id, the version read and the changed fields (parentId null: to the top). */
export const EditLibraryFamilySchema = z
  .object({
    id: idNumber(),
    version: idNumber().optional(),
    name: libraryFamilyInputSchema.shape.name.optional(),
    parentId: libraryFamilyInputSchema.shape.parentId.optional(),
  })
  .openapi('EditLibraryFamily');

export const LibraryFamilyParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const CreateLibraryFamilySchema = z
  .object({
    ...libraryFamilyInputSchema.shape,
    parentId: libraryFamilyInputSchema.shape.parentId.default(null),
  })
  .openapi('CreateLibraryFamily');

/** The costs as the costs screen would save them (every field; no version: nothing is saved). */
export const PricePreviewSchema = z.object({ ...costsInputSchema.shape }).openapi('LibraryPricePreview');

/** How many items would change sale price (those with a fixed price never do). */
export const PricePreviewAnswerSchema = named(libraryPricePreviewSchema, 'LibraryPricePreviewAnswer');
