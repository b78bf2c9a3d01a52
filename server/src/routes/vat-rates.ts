/**
 * VAT rates of the preferences (spec section 3, VAT): one, create, edit. The list is
 * routes/invoicing-settings.ts. Writes need an admin. A rate used by a quote or invoice line keeps
 * its percentage (spec section 5); the company always has exactly one default rate.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, ne, sql } from 'drizzle-orm';
import { requireAdmin } from '../auth/caller.js';
import type { Tx } from '../db/database.js';
import { invoiceLines, quoteLines, vatRates } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { done, fail, staleVersion } from '../invoicing/outcome.js';
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

const getVatRate = createRoute({
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

const createVatRate = createRoute({
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

const editVatRate = createRoute({
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

type VatRow = typeof vatRates.$inferSelect;

async function isUsed(tx: Tx, companyId: number, id: number): Promise<boolean> {
  for (const lines of [invoiceLines, quoteLines]) {
    const rows = await tx
      .select({ id: lines.id })
      .from(lines)
      .where(and(eq(lines.companyId, companyId), eq(lines.vatRateId, id)))
      .limit(1);
    if (rows.length > 0) return true;
  }
  return false;
}

async function detail(tx: Tx, row: VatRow): Promise<z.infer<typeof VatRateDetailSchema>> {
  const { companyId, rateBasisPoints, ...rest } = row;
  return { ...rest, basisPoints: rateBasisPoints, used: await isUsed(tx, companyId, row.id) };
}

/** Unsets the company's current default: the one about to be written becomes the only one. */
async function clearDefault(tx: Tx, companyId: number, exceptId = 0) {
  await tx
    .update(vatRates)
    .set({ isDefault: false, version: sql`${vatRates.version} + 1` })
    .where(and(eq(vatRates.companyId, companyId), eq(vatRates.isDefault, true), ne(vatRates.id, exceptId)));
}

export function vatRatesRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(getVatRate, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const data = await db.withTenant(companyId, async (tx) => {
      const [row] = await tx
        .select()
        .from(vatRates)
        .where(and(eq(vatRates.companyId, companyId), eq(vatRates.id, id)));
      return row ? detail(tx, row) : null;
    });
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createVatRate, async (c) => {
    const { companyId } = c.get('caller');
    const { basisPoints, isDefault, ...fields } = c.req.valid('json');
    const data = await db.withTenant(companyId, async (tx) => {
      const [existing] = await tx
        .select({ id: vatRates.id })
        .from(vatRates)
        .where(and(eq(vatRates.companyId, companyId), eq(vatRates.isDefault, true)))
        .for('update');
      const makeDefault = isDefault || !existing;
      if (makeDefault) await clearDefault(tx, companyId);
      const [row] = await tx
        .insert(vatRates)
        .values({ ...fields, companyId, rateBasisPoints: basisPoints, isDefault: makeDefault })
        .returning();
      return detail(tx, row!);
    });
    return c.json({ data }, 200);
  });

  app.openapi(editVatRate, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { id: bodyId, version, basisPoints, isDefault, ...fields } = c.req.valid('json');
    if (bodyId !== id) return apiError(c, 'id_mismatch');
    const outcome = await db.withTenant(companyId, async (tx) => {
      const where = and(eq(vatRates.companyId, companyId), eq(vatRates.id, id));
      const [current] = await tx.select().from(vatRates).where(where).for('update');
      if (!current) return fail('not_found');
      if (version === undefined) return fail('validation', { version: 'required' });
      if (staleVersion(current.version, version)) return fail('stale_version');
      if (basisPoints !== current.rateBasisPoints && (await isUsed(tx, companyId, id))) {
        return fail('vat_percentage_used');
      }
      if (current.isDefault && !isDefault) return fail('vat_default_required');
      if (isDefault && !current.isDefault) await clearDefault(tx, companyId, id);
      const [row] = await tx
        .update(vatRates)
        .set({ ...fields, rateBasisPoints: basisPoints, isDefault, version: sql`${vatRates.version} + 1` })
        .where(and(where, eq(vatRates.version, version)))
        .returning();
      return row ? done(await detail(tx, row)) : fail('stale_version');
    });
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  return app;
}
