/**
 * « Gestion comptabilité » (spec section 3, accounting settings): read by any member (the exports
 * use them), written by an admin, versioned like the customer sheet (409 stale_version).
 */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import {
  accountingFields,
  accountingInputSchema,
  accountingSettingsSchema,
} from '../../../src/contract/accounting.js';
import type { Tx } from '../db/database.js';
import { accountingSettings } from '../db/schema.js';
import { accountingSettingsOf } from '../exports/accounting-settings.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { fieldsOf, validationHook } from '../http/validation.js';
import { done, fail, staleVersion } from '../invoicing/outcome.js';
import { idNumber, named } from '../schemas/fields.js';
import { editSettings, readSettings } from './settings-route.js';

const AccountingSettingsSchema = named(accountingSettingsSchema, 'AccountingSettings');

/** The version it started from and the changed fields; the whole result is checked in the route. */
const EditAccountingSettingsSchema = z
  .object({
    version: idNumber().optional(),
    ...Object.fromEntries(
      Object.entries(accountingFields).map(([name, schema]) => [name, schema.optional()]),
    ),
  })
  .openapi('EditAccountingSettings') as unknown as z.ZodType<
  { version?: number } & Partial<{
    [K in keyof typeof accountingFields]: z.output<(typeof accountingFields)[K]>;
  }>
>;

/** The version read and the changed fields, over the stored settings; the first save inserts the row. */
async function saveAccountingSettings(
  tx: Tx,
  companyId: number,
  { version, ...changes }: z.output<typeof EditAccountingSettingsSchema>,
) {
  const { version: current, ...stored } = await accountingSettingsOf(tx, companyId);
  if (version === undefined) return fail('validation', { version: 'required' });
  if (staleVersion(current, version)) return fail('stale_version');
  const result = accountingInputSchema.safeParse({ ...stored, ...changes });
  if (!result.success) return fail('validation', fieldsOf(result.error));
  const next = { ...result.data, version: version + 1 };
  // The first save inserts the row; later ones replace only the version read above. Of two
  // saves from one version, the second finds the row taken or another version: stale.
  const [row] = await tx
    .insert(accountingSettings)
    .values({ companyId, ...next })
    .onConflictDoUpdate({
      target: accountingSettings.companyId,
      set: next,
      setWhere: and(eq(accountingSettings.companyId, companyId), eq(accountingSettings.version, version)),
    })
    .returning();
  if (!row) return fail('stale_version');
  const { companyId: _companyId, ...settings } = row;
  return done(settings);
}

export function accountingSettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const path = '/v2/companies/{enterprise_id}/settings/accounting';
  readSettings(app, db, {
    path,
    summary: "The company's accounting settings (defaults until the first save)",
    schema: AccountingSettingsSchema,
    description: 'Accounting settings',
    read: accountingSettingsOf,
  });
  editSettings(app, db, {
    path: `${path}/edit`,
    summary: 'Change the accounting settings (admin only; version and the changed fields)',
    body: EditAccountingSettingsSchema,
    schema: AccountingSettingsSchema,
    description: 'The settings after the change',
    admin: true,
    conflicts: 'stale_version (another save came first)',
    save: (tx, edit, { companyId }) => saveAccountingSettings(tx, companyId, edit),
  });
  return app;
}
