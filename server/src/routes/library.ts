/**
 * The price library of the caller's company (issue 22, « Base de données »): items of four kinds
 * with their cost (déboursé sec) and sale price computed from the company's current costs, the
 * families that file them, and the costs screen's « how many items change price ». Any member of
 * the company manages the library, as the customers (the spec reserves neither to admins).
 */

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { withLibraryItemRules } from '../../../src/contract/library.js';
import { listPageSchema } from '../../../src/contract/lists.js';
import type { Tx } from '../db/database.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError, type ErrorKey } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import type { Outcome } from '../invoicing/outcome.js';
import { createFamily, editFamily, listFamilies } from '../library/families.js';
import { createItem, deleteItem, editItem, getItem, listItems, previewPrices } from '../library/items.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import {
  CreateLibraryFamilySchema,
  CreateLibraryItemSchema,
  EditLibraryFamilySchema,
  EditLibraryItemSchema,
  LibraryFamilyParams,
  LibraryFamilySchema,
  LibraryItemParams,
  LibraryItemSchema,
  LibraryItemSummarySchema,
  LibraryItemsQuery,
  PricePreviewAnswerSchema,
  PricePreviewSchema,
} from '../schemas/library.js';
import { CompanyUsersParams } from '../schemas/users.js';
import { refusal } from './invoicing-responses.js';

const tags = ['Base de données'];
const base = '/v2/companies/{enterprise_id}/library';
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const listItemsRoute = createRoute({
  method: 'get',
  path: `${base}/items`,
  tags,
  summary:
    'Items of the library, with their cost and sale price: a search (code and designation, words in any order, without accents or case), a kind, a family (with its sub-families), a sort and a page',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: LibraryItemsQuery },
  responses: {
    200: json(listPageSchema(LibraryItemSummarySchema), 'A page of items and the number matching'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const getItemRoute = createRoute({
  method: 'get',
  path: `${base}/items/{id}`,
  tags,
  summary: 'One item, with its composition (a work) and every figure',
  security: bearerSecurity,
  request: { params: LibraryItemParams },
  responses: {
    200: json(z.object({ data: LibraryItemSchema }), 'The item'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const createItemRoute = createRoute({
  method: 'post',
  path: `${base}/items`,
  tags,
  summary: 'Create an item (supply, labour, equipment or work with its composition)',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, body: body(withLibraryItemRules(CreateLibraryItemSchema)) },
  responses: {
    200: json(z.object({ data: LibraryItemSchema }), 'The created item'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: json(
      ErrorSchema,
      'validation (fields: a family, VAT rate or component not of the company, …) or library_price_out_of_range',
    ),
  },
});

const editItemRoute = createRoute({
  method: 'post',
  path: `${base}/items/{id}/edit`,
  tags,
  summary:
    'Change an item (id, the version read and the changed fields; components: the whole new composition)',
  security: bearerSecurity,
  request: { params: LibraryItemParams, body: body(EditLibraryItemSchema) },
  responses: {
    200: json(z.object({ data: LibraryItemSchema }), 'The item after the change'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorSchema, 'stale_version (another save came first: reload, then apply the changes again)'),
    422: json(
      ErrorSchema,
      'validation, library_cycle (the work would contain itself, through any depth) or library_price_out_of_range',
    ),
  },
});

const deleteItemRoute = createRoute({
  method: 'post',
  path: `${base}/items/{id}/delete`,
  tags,
  summary: 'Delete an item no work uses (a work takes its composition with it)',
  security: bearerSecurity,
  request: { params: LibraryItemParams },
  responses: {
    200: json(z.object({ data: z.object({ id: z.number().int() }) }), 'The deleted id'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorSchema, "library_item_in_use: a work's composition uses the item"),
  },
});

const listFamiliesRoute = createRoute({
  method: 'get',
  path: `${base}/families`,
  tags,
  summary: 'Every family of the library, by name, each naming its parent (null: at the top)',
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: z.array(LibraryFamilySchema) }), 'The families'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const createFamilyRoute = createRoute({
  method: 'post',
  path: `${base}/families`,
  tags,
  summary: 'Create a family, at the top or under another family of the company',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, body: body(CreateLibraryFamilySchema) },
  responses: {
    200: json(z.object({ data: LibraryFamilySchema }), 'The created family'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const editFamilyRoute = createRoute({
  method: 'post',
  path: `${base}/families/{id}/edit`,
  tags,
  summary:
    'Rename a family or move it under another family of the company, or to the top (id, the version read and the changed fields); its items stay in it',
  security: bearerSecurity,
  request: { params: LibraryFamilyParams, body: body(EditLibraryFamilySchema) },
  responses: {
    200: json(z.object({ data: LibraryFamilySchema }), 'The family after the change'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorSchema, 'stale_version (another save came first: reload, then apply the change again)'),
    422: json(
      ErrorSchema,
      'validation (name; parentId invalid: not a family of the company, the family itself or one of its sub-families)',
    ),
  },
});

const pricePreviewRoute = createRoute({
  method: 'post',
  path: `${base}/price-preview`,
  tags,
  summary:
    'How many items would change sale price with these costs (the costs screen, before saving; nothing is saved)',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, body: body(PricePreviewSchema) },
  responses: {
    200: json(
      z.object({ data: PricePreviewAnswerSchema }),
      'The number of items whose sale price would change',
    ),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export function libraryRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  /**
   * The library's writes, one way: in the caller's company's transaction; a refusal answered with its
   * key, else what was written as `data`.
   */
  const written = async <T, K extends ErrorKey>(
    c: Context<AppEnv>,
    write: (tx: Tx, companyId: number) => Promise<Outcome<T, K>>,
  ) => {
    const { companyId } = c.get('caller');
    const outcome = await db.withTenant(companyId, (tx) => write(tx, companyId));
    return outcome.ok ? c.json({ data: outcome.value }, 200) : refusal(c, outcome);
  };

  app.openapi(listItemsRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { data, hits } = await listItems(db, companyId, c.req.valid('query'));
    return c.json({ data, info: { hits } }, 200);
  });

  app.openapi(getItemRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const data = await getItem(db, companyId, id);
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createItemRoute, async (c) => {
    const { companyId } = c.get('caller');
    const input = c.req.valid('json');
    const outcome = await db.withTenant(companyId, (tx) => createItem(tx, companyId, input));
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: (await getItem(db, companyId, outcome.value))! }, 200);
  });

  app.openapi(editItemRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const edit = c.req.valid('json');
    if (edit.id !== id) return apiError(c, 'id_mismatch');
    const outcome = await db.withTenant(companyId, (tx) => editItem(tx, companyId, id, edit));
    if (!outcome.ok) return refusal(c, outcome);
    const data = await getItem(db, companyId, id);
    // Deleted between the save and this read: it is gone.
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(deleteItemRoute, (c) =>
    written(c, (tx, companyId) => deleteItem(tx, companyId, c.req.valid('param').id)),
  );

  app.openapi(listFamiliesRoute, async (c) => {
    const { companyId } = c.get('caller');
    const data = await db.withTenant(companyId, (tx) => listFamilies(tx, companyId));
    return c.json({ data }, 200);
  });

  app.openapi(createFamilyRoute, (c) =>
    written(c, (tx, companyId) => createFamily(tx, companyId, c.req.valid('json'))),
  );

  app.openapi(editFamilyRoute, (c) => {
    const { id } = c.req.valid('param');
    const edit = c.req.valid('json');
    if (edit.id !== id) return apiError(c, 'id_mismatch');
    return written(c, (tx, companyId) => editFamily(tx, companyId, id, edit));
  });

  app.openapi(pricePreviewRoute, async (c) => {
    const { companyId } = c.get('caller');
    const data = await previewPrices(db, companyId, c.req.valid('json'));
    return c.json({ data }, 200);
  });

  return app;
}
