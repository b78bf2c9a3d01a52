/**
 * A customer's figures for its sheet (issue 26, item 8): `GET …/customers/{customerId}/overview`.
 * The sheet's jobs, quotes, invoices and payments come from the existing lists filtered on the
 * customer (`?customerId=`); this answers what they do not: the balance, the overdue amount, what
 * was invoiced and paid and what is left to invoice, by the same rules (invoicing/customer-overview.ts).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { customerOverviewSchema } from '../../../src/contract/customers.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { customerOverview } from '../invoicing/customer-overview.js';
import { todayInFrance } from '../invoicing/today.js';
import { bearerSecurity, jsonContent as json } from '../schemas/common.js';
import { CustomerParams } from '../schemas/customers.js';
import { named } from '../schemas/fields.js';
import { readErrors } from './invoicing-responses.js';

export const CustomerOverviewSchema = named(customerOverviewSchema, 'CustomerOverview');

const overviewRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customers/{customerId}/overview',
  tags: ['Clients'],
  summary: "A customer's balance, overdue amount, amounts invoiced and paid, and what is left to invoice",
  security: bearerSecurity,
  request: { params: CustomerParams },
  responses: {
    200: json(z.object({ data: CustomerOverviewSchema }), "The customer's figures"),
    ...readErrors,
  },
});

export function customerOverviewRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(overviewRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { customerId } = c.req.valid('param');
    const today = todayInFrance();
    const data = await db.withTenant(companyId, (tx) => customerOverview(tx, companyId, customerId, today));
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  return app;
}
