/**
 * « Gestion comptabilité » (spec section 3, accounting settings): read by any member (the exports
 * use them), written by an admin, versioned like the customer sheet (409 stale_version).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { accountingFields, accountingInputSchema } from '../../../src/contract/accounting.js';
import { requireAdmin } from '../auth/caller.js';
import { accountingSettings } from '../db/schema.js';
import { accountingSettingsOf } from '../exports/accounting-settings.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { fieldsOf, validationHook } from '../http/validation.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { idNumber } from '../schemas/fields.js';
import { CompanyUsersParams } from '../schemas/users.js';

const AccountingSettingsSchema = z
  .object({
    customerAccount: z.string(),
    prorataAccount: z.string(),
    retainageAccount: z.string(),
    salesAccount: z.string(),
    vatAccount: z.string(),
    salesJournalCode: z.string(),
    bankJournalCode: z.string(),
    fiscalYearStart: z.string().nullable(),
    fiscalYearEnd: z.string().nullable(),
    version: z.number().int(),
  })
  .openapi('AccountingSettings');

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

const getRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/settings/accounting',
  tags: ['Réglages'],
  summary: "The company's accounting settings (defaults until the first save)",
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: AccountingSettingsSchema }), 'Accounting settings'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const editRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/settings/accounting/edit',
  tags: ['Réglages'],
  summary: 'Change the accounting settings (admin only; version and the changed fields)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyUsersParams,
    body: { required: true, content: { 'application/json': { schema: EditAccountingSettingsSchema } } },
  },
  responses: {
    200: json(z.object({ data: AccountingSettingsSchema }), 'The settings after the change'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: json(ErrorSchema, 'stale_version (another save came first)'),
    422: errorResponses[422],
  },
});

export function accountingSettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(getRoute, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => accountingSettingsOf(tx, companyId)) }, 200);
  });

  app.openapi(editRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { version, ...changes } = c.req.valid('json');
    const outcome = await db.withTenant(companyId, async (tx) => {
      const { version: current, ...stored } = await accountingSettingsOf(tx, companyId);
      if (version === undefined) return { fields: { version: 'required' } };
      if (version !== current) return 'stale_version' as const;
      const result = accountingInputSchema.safeParse({ ...stored, ...changes });
      if (!result.success) return { fields: fieldsOf(result.error) };
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
      if (!row) return 'stale_version' as const;
      const { companyId: _companyId, ...settings } = row;
      return { settings };
    });
    if (typeof outcome === 'string') return apiError(c, outcome);
    if ('fields' in outcome) return apiError(c, 'validation', { fields: outcome.fields });
    return c.json({ data: outcome.settings }, 200);
  });

  return app;
}
