/**
 * Banks of the caller's company (spec section 3: Gestion des banques): list, one, create, edit,
 * delete. Any member reads them (the payment and export screens choose a bank); only an admin
 * writes. A company with banks has exactly one default bank; a bank that payments name stays.
 * The routes validate, call the service (../banks/banks.ts) and answer.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { changedFields, recordActivity, recordIfDone } from '../activity/record.js';
import { requireAdmin } from '../auth/caller.js';
import { createBank, deleteBank, editBank, getBank, listBanks } from '../banks/banks.js';
import { banks } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { BankParams, BankSchema, CreateBankSchema, EditBankSchema } from '../schemas/banks.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { CompanyUsersParams } from '../schemas/users.js';
import { refusal } from './invoicing-responses.js';

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
    return c.json({ data: await listBanks(db, companyId) }, 200);
  });

  app.openapi(getBankRoute, async (c) => {
    const { companyId } = c.get('caller');
    const data = await getBank(db, companyId, c.req.valid('param').id);
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createBankRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const fields = c.req.valid('json');
    const data = await db.withTenant(companyId, async (tx) => {
      const bank = await createBank(tx, companyId, fields);
      await recordActivity(tx, {
        companyId,
        userId,
        kind: 'bank.created',
        objectId: bank.id,
        label: `Banque ${bank.name} ajoutée`,
      });
      return bank;
    });
    return c.json({ data }, 200);
  });

  app.openapi(editBankRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const edit = c.req.valid('json');
    if (edit.id !== id) return apiError(c, 'id_mismatch');
    const outcome = await db.withTenant(companyId, async (tx) =>
      recordIfDone(tx, await editBank(tx, companyId, id, edit), (bank) => ({
        companyId,
        userId,
        kind: 'bank.updated',
        objectId: id,
        label: `Banque ${bank.name} modifiée`,
        // The names of the fields only: an IBAN never goes into the log.
        details: { changed: changedFields(edit) },
      })),
    );
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(deleteBankRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await db.withTenant(companyId, async (tx) => {
      const [named] = await tx
        .select({ name: banks.name })
        .from(banks)
        .where(and(eq(banks.companyId, companyId), eq(banks.id, id)));
      return recordIfDone(tx, await deleteBank(tx, companyId, id), () => ({
        companyId,
        userId,
        kind: 'bank.deleted',
        objectId: id,
        label: `Banque ${named?.name ?? ''} supprimée`,
      }));
    });
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  return app;
}
