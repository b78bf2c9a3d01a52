/**
 * VAT rates of the preferences (spec section 3, VAT): one, create, edit, delete. The list is
 * routes/invoicing-settings.ts. Writes need an admin. A rate used by a quote or invoice line keeps
 * its percentage (spec section 5); the company always has exactly one default rate. The routes
 * validate, call the service (../preferences/vat-rates.ts) and answer.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { changedFields, recordActivity, recordIfDone } from '../activity/record.js';
import { requireAdmin } from '../auth/caller.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { createVatRate, deleteVatRate, editVatRate, getVatRate } from '../preferences/vat-rates.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import {
  CreateVatRateSchema,
  EditVatRateSchema,
  VatRateDetailSchema,
  VatRateParams,
} from '../schemas/preferences.js';
import { CompanyUsersParams as CompanyParams } from '../schemas/users.js';
import { refusal } from './invoicing-responses.js';

const tags = ['Réglages'];

const getVatRateRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/vat-rates/{id}',
  tags,
  summary: 'One VAT rate, with whether a line uses it',
  security: bearerSecurity,
  request: { params: VatRateParams },
  responses: {
    200: json(z.object({ data: VatRateDetailSchema }), 'The VAT rate'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const createVatRateRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/vat-rates',
  tags,
  summary:
    "Create a VAT rate (admin only); the company's first rate, or one sent isDefault, becomes the default",
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyParams,
    body: { required: true, content: { 'application/json': { schema: CreateVatRateSchema } } },
  },
  responses: {
    200: json(z.object({ data: VatRateDetailSchema }), 'The created VAT rate'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const editVatRateRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/vat-rates/{id}/edit',
  tags,
  summary: 'Change a VAT rate: every field, with the version read (admin only)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: VatRateParams,
    body: { required: true, content: { 'application/json': { schema: EditVatRateSchema } } },
  },
  responses: {
    200: json(z.object({ data: VatRateDetailSchema }), 'The VAT rate saved'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(
      ErrorSchema,
      'stale_version; vat_percentage_used (a line uses the rate: its percentage stays); vat_default_required (the default rate cannot be unset: make another one the default)',
    ),
    422: errorResponses[422],
  },
});

const deleteVatRateRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/vat-rates/{id}/delete',
  tags,
  summary:
    'Delete a VAT rate that no invoice, quote or library item uses, and not the default (admin only); event vat_rate.deleted',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: VatRateParams },
  responses: {
    200: json(z.object({ data: z.object({ id: z.number().int() }) }), 'The deleted id'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(
      ErrorSchema,
      "vat_rate_in_use (an invoice or quote line, a quote's content or a library item names the rate); vat_default_required (the default rate stays: make another one the default first)",
    ),
  },
});

export function vatRatesRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(getVatRateRoute, async (c) => {
    const { companyId } = c.get('caller');
    const data = await getVatRate(db, companyId, c.req.valid('param').id);
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createVatRateRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const input = c.req.valid('json');
    const data = await db.withTenant(companyId, async (tx) => {
      const rate = await createVatRate(tx, companyId, input);
      await recordActivity(tx, {
        companyId,
        userId,
        kind: 'vat_rate.created',
        objectId: rate.id,
        label: `Taux de TVA ${rate.internalName} ajouté`,
      });
      return rate;
    });
    return c.json({ data }, 200);
  });

  app.openapi(editVatRateRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const edit = c.req.valid('json');
    if (edit.id !== id) return apiError(c, 'id_mismatch');
    const outcome = await db.withTenant(companyId, async (tx) =>
      recordIfDone(tx, await editVatRate(tx, companyId, id, edit), (rate) => ({
        companyId,
        userId,
        kind: 'vat_rate.updated',
        objectId: id,
        label: `Taux de TVA ${rate.internalName} modifié`,
        details: { changed: changedFields(edit) },
      })),
    );
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(deleteVatRateRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await db.withTenant(companyId, async (tx) =>
      recordIfDone(tx, await deleteVatRate(tx, companyId, id), (rate) => ({
        companyId,
        userId,
        kind: 'vat_rate.deleted',
        objectId: id,
        label: `Taux de TVA ${rate.internalName} supprimé`,
        details: { basisPoints: rate.basisPoints },
      })),
    );
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: { id: outcome.value.id } }, 200);
  });

  return app;
}
