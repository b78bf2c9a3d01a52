/**
 * Customers of the caller's company (spec section 3): list with search, sort, type filter and
 * paging; one; create; edit; delete while no document uses it; the company's general defaults the
 * form shows. Any member of the company may manage customers (the spec does not reserve it to admins).
 * The routes validate, call the service (../customers/) and answer; the SQL lives there.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { listPageSchema } from '../../../src/contract/lists.js';
import { changedFields, customerLabelName, recordIfDone } from '../activity/record.js';
import { requireAdmin } from '../auth/caller.js';
import {
  createCustomer,
  customerSettings,
  deleteCustomer,
  editCustomer,
  findCustomerDuplicates,
  getCustomer,
} from '../customers/customers.js';
import { listCustomers } from '../customers/list.js';
import { customers } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { rawJson } from '../http/raw-json.js';
import { validationHook } from '../http/validation.js';
import { customerName } from '../invoicing/load.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import {
  CreateCustomerSchema,
  CustomerDuplicatesQuery,
  CustomerDuplicatesSchema,
  CustomerEditParams,
  CustomerParams,
  CustomerSchema,
  CustomerSettingsSchema,
  CustomersQuery,
  EditCustomerSchema,
} from '../schemas/customers.js';
import { CompanyUsersParams } from '../schemas/users.js';
import { refusal } from './invoicing-responses.js';

const CustomerPageSchema = listPageSchema(CustomerSchema);

const listCustomersRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customers',
  tags: ['Clients'],
  summary: 'Customers of the company, by name, with a search',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: CustomersQuery },
  responses: {
    200: json(CustomerPageSchema, 'A page of customers and the number matching'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const getCustomerRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customers/{customerId}',
  tags: ['Clients'],
  summary: 'One customer',
  security: bearerSecurity,
  request: { params: CustomerParams },
  responses: {
    200: json(z.object({ data: CustomerSchema }), 'The customer'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const createCustomerRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/customers',
  tags: ['Clients'],
  summary: 'Create a customer (code generated unless given)',
  security: bearerSecurity,
  request: {
    params: CompanyUsersParams,
    body: { required: true, content: { 'application/json': { schema: CreateCustomerSchema } } },
  },
  responses: {
    200: json(z.object({ data: CustomerSchema }), 'The created customer'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: json(ErrorSchema, 'customer_code_exists (send keepDuplicateCode: true to keep it)'),
    422: errorResponses[422],
  },
});

const editCustomerRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/customers/{id}/edit',
  tags: ['Clients'],
  summary: 'Change a customer (id plus the changed fields)',
  security: bearerSecurity,
  request: {
    params: CustomerEditParams,
    body: { required: true, content: { 'application/json': { schema: EditCustomerSchema } } },
  },
  responses: {
    200: json(z.object({ data: CustomerSchema }), 'The customer after the change'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(
      ErrorSchema,
      'stale_version (another save came first: reload, then apply the changes again) or customer_code_exists',
    ),
    422: errorResponses[422],
  },
});

const deleteCustomerRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/customers/{id}/delete',
  tags: ['Clients'],
  summary:
    'Delete a customer no document uses (admin only: 403 admin_required, docs/decisions.md; POST: CORS allows GET and POST only)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: CustomerEditParams },
  responses: {
    200: json(z.object({ data: z.object({ id: z.number().int() }) }), 'The deleted id'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorSchema, 'customer_in_use: a business job, quote or invoice names the customer'),
  },
});

const getCustomerSettingsRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customer-settings',
  tags: ['Clients'],
  summary: "The company's general payment deadline and modes, and the next generated customer code",
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: CustomerSettingsSchema }), 'General defaults of the customer form'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const findCustomerDuplicatesRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customer-duplicates',
  tags: ['Clients'],
  summary: 'Another customer of the company with this email or SIRET (a warning, never a refusal)',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: CustomerDuplicatesQuery },
  responses: {
    200: json(
      z.object({ data: CustomerDuplicatesSchema }),
      'The first other customer with the email, and with the SIRET (null: none)',
    ),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export function customersRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listCustomersRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { data, hits } = await listCustomers(db, companyId, c.req.valid('query'));
    // The page's JSON as PostgreSQL wrote it: never parsed nor serialised again.
    const body = `{"data":${data},"info":{"hits":${hits}}}`;
    return rawJson<z.infer<typeof CustomerPageSchema>, 200>(c, body, 200);
  });

  app.openapi(getCustomerRoute, async (c) => {
    const { companyId } = c.get('caller');
    const data = await getCustomer(db, companyId, c.req.valid('param').customerId);
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createCustomerRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const input = c.req.valid('json');
    const outcome = await db.withTenant(companyId, async (tx) =>
      recordIfDone(tx, await createCustomer(tx, companyId, input), (customer) => ({
        companyId,
        userId,
        kind: 'customer.created',
        objectId: customer.id,
        label: `Client ${customer.customerCode} ${customerLabelName(customer)} créé`,
      })),
    );
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(editCustomerRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const edit = c.req.valid('json');
    if (edit.id !== id) return apiError(c, 'id_mismatch');
    const outcome = await db.withTenant(companyId, async (tx) =>
      recordIfDone(tx, await editCustomer(tx, companyId, id, edit), (customer) => ({
        companyId,
        userId,
        kind: 'customer.updated',
        objectId: customer.id,
        label: `Client ${customer.customerCode} ${customerLabelName(customer)} modifié`,
        details: { changed: changedFields(edit, ['id', 'version', 'keepDuplicateCode']) },
      })),
    );
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(deleteCustomerRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await db.withTenant(companyId, async (tx) => {
      // Its name before it goes: the event says which customer was deleted.
      const [named] = await tx
        .select({ code: customers.customerCode, name: customerName })
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
      return recordIfDone(tx, await deleteCustomer(tx, companyId, id), () => ({
        companyId,
        userId,
        kind: 'customer.deleted',
        objectId: id,
        label: `Client ${named?.code ?? ''} ${named?.name ?? ''} supprimé`,
      }));
    });
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(findCustomerDuplicatesRoute, async (c) => {
    const { companyId } = c.get('caller');
    const data = await findCustomerDuplicates(db, companyId, c.req.valid('query'));
    return c.json({ data }, 200);
  });

  app.openapi(getCustomerSettingsRoute, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await customerSettings(db, companyId) }, 200);
  });

  return app;
}
