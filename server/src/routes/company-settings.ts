/**
 * Company settings of the preferences (issue 12): the company information and its logo, the
 * customer code format, costs and sale prices. Everyone in the company reads them; the company
 * information, the logo and the customer code format are changed by an admin only. What each page
 * reads and saves is ../preferences/company-settings.ts.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { logoRules } from '../../../src/contract/preferences.js';
import { requireAdmin } from '../auth/caller.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import {
  companyOf,
  costsOf,
  customerCodeOf,
  saveCompany,
  saveCosts,
  saveCustomerCode,
  saveLogo,
} from '../preferences/company-settings.js';
import { logoPurposes, readLogoUpload, serveCompanyFile } from '../preferences/logo.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import {
  CompanySettingsSchema,
  CostSettingsSchema,
  CustomerCodeSettingsSchema,
  EditCompanySettingsSchema,
  EditCostSettingsSchema,
  EditCustomerCodeSettingsSchema,
} from '../schemas/preferences.js';
import { CompanyUsersParams as CompanyParams } from '../schemas/users.js';
import { editSettings, readSettings } from './settings-route.js';

const tags = ['Réglages'];

const uploadLogo = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/logo',
  tags,
  summary: `Upload the company logo: the file's bytes as the body (PNG, JPEG, GIF, WebP or SVG, ${logoRules.maxBytes / 1024} KiB and ${logoRules.maxSide} px a side, ${logoRules.maxPixels} px in all at most; stored reduced to the size the documents print; admin only)`,
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyParams,
    body: {
      required: true,
      content: Object.fromEntries(
        logoRules.contentTypes.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
      ),
    },
  },
  responses: {
    200: json(z.object({ data: CompanySettingsSchema }), 'The company information with its new logo'),
    401: errorResponses[401],
    403: errorResponses[403],
    413: json(ErrorSchema, 'file_too_large: over the bytes, or over the pixels its header declares'),
    415: json(ErrorSchema, 'unsupported_file_format: the bytes are not one of the accepted images'),
  },
});

const getLogo = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/logo',
  tags,
  summary: 'The company logo (nosniff, sandboxed; an SVG is an attachment, never inline)',
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: {
    200: {
      content: Object.fromEntries(
        logoRules.contentTypes.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
      ),
      description: 'The logo bytes',
    },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export function companySettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const settings = '/v2/companies/{enterprise_id}/settings';

  readSettings(app, db, {
    path: `${settings}/company`,
    summary: 'The company information (spec section 3, Enterprise)',
    schema: CompanySettingsSchema,
    description: 'The company information',
    read: companyOf,
  });
  editSettings(app, db, {
    path: `${settings}/company/edit`,
    summary: 'Change the company information: every field, with the version read (admin only)',
    body: EditCompanySettingsSchema,
    schema: CompanySettingsSchema,
    description: 'The company information saved',
    admin: true,
    save: (tx, edit, { companyId }) => saveCompany(tx, companyId, edit),
  });

  app.openapi(uploadLogo, async (c) => {
    const { companyId } = c.get('caller');
    const upload = await readLogoUpload(c, logoPurposes.header);
    if (!upload.ok) return apiError(c, upload.key);
    const data = await db.withTenant(companyId, (tx) => saveLogo(tx, companyId, upload));
    return c.json({ data }, 200);
  });

  app.openapi(getLogo, (c) => serveCompanyFile(c, db, logoPurposes.header));

  readSettings(app, db, {
    path: `${settings}/customer-code`,
    summary: 'The customer code format: prefix, counter digits, next value, next code',
    schema: CustomerCodeSettingsSchema,
    description: 'The customer code format',
    read: customerCodeOf,
  });
  editSettings(app, db, {
    path: `${settings}/customer-code`,
    summary: 'Change the customer code format: the changed fields, with the version read (admin only)',
    body: EditCustomerCodeSettingsSchema,
    schema: CustomerCodeSettingsSchema,
    description: 'The customer code format saved',
    admin: true,
    save: (tx, edit, { companyId }) => saveCustomerCode(tx, companyId, edit),
  });

  readSettings(app, db, {
    path: `${settings}/costs`,
    summary: 'Costs and sale prices, with the computed hourly cost and sale price',
    schema: CostSettingsSchema,
    description: 'Costs and sale prices',
    read: costsOf,
  });
  editSettings(app, db, {
    path: `${settings}/costs`,
    summary: 'Change the costs and sale prices: every field, with the version read',
    body: EditCostSettingsSchema,
    schema: CostSettingsSchema,
    description: 'Costs and sale prices saved',
    admin: false,
    save: (tx, edit, { companyId }) => saveCosts(tx, companyId, edit),
  });

  return app;
}
