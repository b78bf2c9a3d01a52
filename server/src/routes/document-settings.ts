/**
 * The document settings (`settings/documents`): what invoices and quotes print (titles, texts, terms
 * of sale, bank, mentions) and the numbering. Read by any user of the company; changed with the
 * version read (409 `stale_version` when someone saved in between); the numbering fields only by an
 * administrator (403 `admin_required`). The preference screens are built over this API.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { confirmedCaller } from '../auth/caller.js';
import { editDocumentSettings, readDocumentSettings } from '../documents/settings.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import {
  DocumentSettingsFullSchema,
  EditDocumentSettingsSchema,
  numberingFields,
} from '../schemas/documents.js';
import { CompanyParams } from '../schemas/invoicing.js';
import { refusal } from './invoicing-responses.js';

const path = '/v2/companies/{enterprise_id}/settings/documents';
const answer = json(z.object({ data: DocumentSettingsFullSchema }), 'The document settings');

const readRoute = createRoute({
  method: 'get',
  path,
  tags: ['Réglages'],
  summary: 'Document settings: numbering, precisions, and what invoices and quotes print',
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: { 200: answer, 401: errorResponses[401], 403: errorResponses[403] },
});

const editRoute = createRoute({
  method: 'post',
  path: `${path}/edit`,
  tags: ['Réglages'],
  summary: 'Change document settings (the version read, then the changed fields; numbering: admins only)',
  security: bearerSecurity,
  request: {
    params: CompanyParams,
    body: { required: true, content: { 'application/json': { schema: EditDocumentSettingsSchema } } },
  },
  responses: {
    200: answer,
    401: errorResponses[401],
    403: json(ErrorSchema, 'forbidden, or admin_required (numbering fields)'),
    409: json(ErrorSchema, 'stale_version (another save came first: reload, then apply the changes again)'),
    422: json(ErrorSchema, 'validation (fields), invalid_number_pattern'),
  },
});

export function documentSettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(readRoute, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => readDocumentSettings(tx, companyId)) }, 200);
  });
  app.openapi(editRoute, async (c) => {
    const { companyId } = c.get('caller');
    const edit = c.req.valid('json');
    // Numbering: the admin right as the database holds it now (requireAdmin's rule), never a remembered one.
    if (numberingFields.some((field) => edit[field] !== undefined) && !(await confirmedCaller(c))?.admin)
      return apiError(c, 'admin_required') as never;
    const result = await db.withTenant(companyId, (tx) => editDocumentSettings(tx, companyId, edit));
    if (!result.ok) return refusal(c, result) as never;
    return c.json({ data: result.value }, 200);
  });
  return app;
}
