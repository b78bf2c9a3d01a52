/**
 * The settings the invoices read: VAT rates and document settings (precisions, documents per page,
 * numbering). Read-only here; the preference pages change them (vat-rates.ts, document-settings.ts).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../http/env.js';
import { validationHook } from '../http/validation.js';
import { documentSettingsOf, vatRatesList } from '../invoicing/views.js';
import { DocumentSettingsFullSchema } from '../schemas/documents.js';
import { VatRateSchema } from '../schemas/invoicing.js';
import { readSettings } from './settings-route.js';

export function invoicingSettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  readSettings(app, db, {
    path: '/v2/companies/{enterprise_id}/vat-rates',
    summary: "The company's VAT rates, highest first",
    // With each rate's version, as the answer has always carried it (the preference screens edit).
    schema: z.array(VatRateSchema.extend({ version: z.number().int() }).openapi('VatRateListed')),
    description: 'VAT rates',
    read: vatRatesList,
  });
  readSettings(app, db, {
    path: '/v2/companies/{enterprise_id}/document-settings',
    summary: "The company's document settings: precisions, documents per page, numbering formats",
    // Every document setting the company row holds (the payment defaults are the company's:
    // settings/documents adds them), as the answer has always carried them.
    schema: DocumentSettingsFullSchema.omit({
      defaultPaymentDeadline: true,
      defaultPaymentModes: true,
    }).openapi('DocumentSettingsStored'),
    description: 'Document settings',
    read: documentSettingsOf,
  });
  return app;
}
