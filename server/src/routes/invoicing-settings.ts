/**
 * The settings the invoices read: VAT rates and document settings (precisions, documents per page,
 * numbering). Read-only here; the preferences screens will edit them.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../http/env.js';
import { validationHook } from '../http/validation.js';
import { documentSettingsOf, vatRatesList } from '../invoicing/views.js';
import { bearerSecurity, jsonContent as json } from '../schemas/common.js';
import { CompanyParams, DocumentSettingsSchema, VatRateSchema } from '../schemas/invoicing.js';
import { readErrors } from './invoicing-responses.js';

const vatRatesRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/vat-rates',
  tags: ['Réglages'],
  summary: "The company's VAT rates, highest first",
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: {
    200: json(z.object({ data: z.array(VatRateSchema) }), 'VAT rates'),
    401: readErrors[401],
    403: readErrors[403],
  },
});

const documentSettingsRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/document-settings',
  tags: ['Réglages'],
  summary: "The company's document settings: precisions, documents per page, numbering formats",
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: {
    200: json(z.object({ data: DocumentSettingsSchema }), 'Document settings'),
    401: readErrors[401],
    403: readErrors[403],
  },
});

export function invoicingSettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(vatRatesRoute, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => vatRatesList(tx, companyId)) }, 200);
  });
  app.openapi(documentSettingsRoute, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => documentSettingsOf(tx, companyId)) }, 200);
  });
  return app;
}
