/**
 * The settings the invoices read: VAT rates and document settings (precisions, documents per page,
 * numbering). Read-only here; the preference pages change them (vat-rates.ts, document-settings.ts).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../http/env.js';
import { validationHook } from '../http/validation.js';
import { documentSettingsOf, vatRatesList } from '../invoicing/views.js';
import { DocumentSettingsSchema, VatRateSchema } from '../schemas/invoicing.js';
import { readSettings } from './settings-route.js';

export function invoicingSettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  readSettings(app, db, {
    path: '/v2/companies/{enterprise_id}/vat-rates',
    summary: "The company's VAT rates, highest first",
    schema: z.array(VatRateSchema),
    description: 'VAT rates',
    read: vatRatesList,
  });
  readSettings(app, db, {
    path: '/v2/companies/{enterprise_id}/document-settings',
    summary: "The company's document settings: precisions, documents per page, numbering formats",
    schema: DocumentSettingsSchema,
    description: 'Document settings',
    read: documentSettingsOf,
  });
  return app;
}
