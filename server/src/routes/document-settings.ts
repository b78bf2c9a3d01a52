/**
 * The document settings (`settings/documents`): what invoices and quotes print (titles, texts, terms
 * of sale, bank, mentions) and the numbering. Read by any user of the company; changed with the
 * version read (409 `stale_version` when someone saved in between); the numbering fields only by an
 * administrator (403 `admin_required`). The preference screens are built over this API.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { editDocumentSettings, readDocumentSettings } from '../documents/settings.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { validationHook } from '../http/validation.js';
import { fail } from '../invoicing/outcome.js';
import {
  DocumentSettingsFullSchema,
  EditDocumentSettingsSchema,
  numberingFields,
} from '../schemas/documents.js';
import { editSettings, readSettings } from './settings-route.js';

export function documentSettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const path = '/v2/companies/{enterprise_id}/settings/documents';
  const answer = { schema: DocumentSettingsFullSchema, description: 'The document settings' };
  readSettings(app, db, {
    path,
    summary: 'Document settings: numbering, precisions, and what invoices and quotes print',
    ...answer,
    read: readDocumentSettings,
  });
  editSettings(app, db, {
    path: `${path}/edit`,
    summary: 'Change document settings (the version read, then the changed fields; numbering: admins only)',
    body: EditDocumentSettingsSchema,
    ...answer,
    admin: false,
    forbidden: 'forbidden, or admin_required (numbering fields)',
    conflicts: 'stale_version (another save came first: reload, then apply the changes again)',
    refused: 'validation (fields), invalid_number_pattern',
    save: (tx, edit, { companyId, admin }) =>
      !admin && numberingFields.some((field) => edit[field] !== undefined)
        ? Promise.resolve(fail('admin_required'))
        : editDocumentSettings(tx, companyId, edit),
  });
  return app;
}
