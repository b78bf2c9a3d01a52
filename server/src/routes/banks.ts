/**
 * Banks of the caller's company (spec section 3: Gestion des banques): list, one, create, edit,
 * delete. Any member reads them (the payment and export screens choose a bank); only an admin
 * writes. A company with banks has exactly one default bank; a bank that payments name stays.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { bankInputSchema } from '../../../src/contract/banks.js';
import { requireAdmin } from '../auth/caller.js';
import type { Tx } from '../db/database.js';
import { banks, payments } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { fieldsOf, validationHook } from '../http/validation.js';
import { done, fail, staleVersion } from '../invoicing/outcome.js';
import { BankParams, BankSchema, CreateBankSchema, EditBankSchema } from '../schemas/banks.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { CompanyUsersParams } from '../schemas/users.js';
import { refusal } from './invoicing-responses.js';

type BankRow = typeof banks.$inferSelect;
type BankJson = z.infer<typeof BankSchema>;

const toBankJson = ({ companyId: _companyId, ...row }: BankRow): BankJson => row;

/** The written fields of a stored bank, as the contract reads them. */
const storedFields = ({ id: _id, companyId: _companyId, version: _version, ...fields }: BankRow) => fields;

/** The default flag moves, never doubles: the others lose it before this one takes it. */
async function clearOtherDefaults(tx: Tx, companyId: number, exceptId?: number) {
  await tx
    .update(banks)
    .set({ isDefault: false })
    .where(
      and(
        eq(banks.companyId, companyId),
        eq(banks.isDefault, true),
        exceptId ? ne(banks.id, exceptId) : undefined,
      ),
    );
}

const listBanksRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/banks',
  tags: ['Banques'],
  summary: "The company's banks, the default first, then by name",
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: z.array(BankSchema) }), 'Banks'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const getBankRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/banks/{id}',
  tags: ['Banques'],
  summary: 'One bank',
  security: bearerSecurity,
  request: { params: BankParams },
  responses: {
    200: json(z.object({ data: BankSchema }), 'The bank'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const createBankRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/banks',
  tags: ['Banques'],
  summary: "Create a bank (admin only); the company's first bank is its default",
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyUsersParams,
    body: { required: true, content: { 'application/json': { schema: CreateBankSchema } } },
  },
  responses: {
    200: json(z.object({ data: BankSchema }), 'The created bank'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const editBankRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/banks/{id}/edit',
  tags: ['Banques'],
  summary: 'Change a bank (admin only; id, version and the changed fields)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: BankParams,
    body: { required: true, content: { 'application/json': { schema: EditBankSchema } } },
  },
  responses: {
    200: json(z.object({ data: BankSchema }), 'The bank after the change'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorSchema, 'stale_version (another save came first: reload, then apply the changes again)'),
    422: json(
      ErrorSchema,
      'validation (with fields: iban, bic, …) or bank_default_required (the default is moved by choosing another bank)',
    ),
  },
});

const deleteBankRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/banks/{id}/delete',
  tags: ['Banques'],
  summary: 'Delete a bank no payment names (admin only; the next bank becomes the default)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: BankParams },
  responses: {
    200: json(z.object({ data: z.object({ id: z.number().int() }) }), 'The deleted id'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorSchema, 'bank_in_use: payments name the bank'),
  },
});

export function banksRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listBanksRoute, async (c) => {
    const { companyId } = c.get('caller');
    const rows = await db.withTenant(companyId, (tx) =>
      tx
        .select()
        .from(banks)
        .where(eq(banks.companyId, companyId))
        .orderBy(sql`${banks.isDefault} desc`, asc(banks.name), asc(banks.id)),
    );
    return c.json({ data: rows.map(toBankJson) }, 200);
  });

  app.openapi(getBankRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const [row] = await db.withTenant(companyId, (tx) =>
      tx
        .select()
        .from(banks)
        .where(and(eq(banks.companyId, companyId), eq(banks.id, id))),
    );
    if (!row) return apiError(c, 'not_found');
    return c.json({ data: toBankJson(row) }, 200);
  });

  app.openapi(createBankRoute, async (c) => {
    const { companyId } = c.get('caller');
    const fields = c.req.valid('json');
    const row = await db.withTenant(companyId, async (tx) => {
      const [existing] = await tx
        .select({ id: banks.id })
        .from(banks)
        .where(eq(banks.companyId, companyId))
        .limit(1);
      const isDefault = fields.isDefault || !existing;
      if (isDefault) await clearOtherDefaults(tx, companyId);
      const [created] = await tx
        .insert(banks)
        .values({ ...fields, isDefault, companyId })
        .returning();
      return created!;
    });
    return c.json({ data: toBankJson(row) }, 200);
  });

  app.openapi(editBankRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { id: bodyId, version, ...changes } = c.req.valid('json');
    if (bodyId !== id) return apiError(c, 'id_mismatch');
    const outcome = await db.withTenant(companyId, async (tx) => {
      const where = and(eq(banks.companyId, companyId), eq(banks.id, id));
      const [current] = await tx.select().from(banks).where(where);
      if (!current) return fail('not_found');
      if (version === undefined) return fail('validation', { version: 'required' });
      if (staleVersion(current.version, version)) return fail('stale_version');
      const result = bankInputSchema.safeParse({ ...storedFields(current), ...changes });
      if (!result.success) return fail('validation', fieldsOf(result.error));
      if (current.isDefault && changes.isDefault === false) return fail('bank_default_required');
      if (changes.isDefault && !current.isDefault) await clearOtherDefaults(tx, companyId, id);
      // Only the version read above may be replaced (see the customers' edit).
      const [row] = await tx
        .update(banks)
        .set({ ...result.data, version: sql`${banks.version} + 1` })
        .where(and(where, eq(banks.version, version)))
        .returning();
      return row ? done(toBankJson(row)) : fail('stale_version');
    });
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(deleteBankRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await db.withTenant(companyId, async (tx) => {
      const where = and(eq(banks.companyId, companyId), eq(banks.id, id));
      const [current] = await tx.select({ isDefault: banks.isDefault }).from(banks).where(where);
      if (!current) return 'not_found' as const;
      const [used] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.companyId, companyId), eq(payments.bankId, id)))
        .limit(1);
      if (used) return 'bank_in_use' as const;
      await tx.delete(banks).where(where);
      if (current.isDefault) {
        // The company keeps one default while it has banks: the first by name takes it.
        const [next] = await tx
          .select({ id: banks.id })
          .from(banks)
          .where(eq(banks.companyId, companyId))
          .orderBy(asc(banks.name), asc(banks.id))
          .limit(1);
        if (next) await tx.update(banks).set({ isDefault: true }).where(eq(banks.id, next.id));
      }
      return 'deleted' as const;
    });
    if (outcome !== 'deleted') return apiError(c, outcome);
    return c.json({ data: { id } }, 200);
  });

  return app;
}
