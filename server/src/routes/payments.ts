/**
 * Payments of the caller's company (issue 11): outstanding amounts, received payments, and the two
 * batch actions of spec section 4. Thin: validate, call server/src/invoicing/payments.ts (whose
 * writes go through recordPayment / deletePayment and the domain's rules), answer.
 */

import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { listPageSchema } from '../../../src/contract/lists.js';
import { requireAdmin } from '../auth/caller.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { validationHook } from '../http/validation.js';
import { batchDelete, batchPay, listOutstanding, listReceived } from '../invoicing/payments.js';
import { todayInFrance } from '../invoicing/today.js';
import { bearerSecurity, jsonBody as body, errorResponses, jsonContent as json } from '../schemas/common.js';
import { CompanyParams } from '../schemas/invoicing.js';
import {
  BatchDeleteResultSchema,
  BatchDeleteSchema,
  BatchPayResultSchema,
  BatchPaySchema,
  OutstandingQuery,
  OutstandingSchema,
  PaymentListInfoSchema,
  ReceivedQuery,
  ReceivedSchema,
} from '../schemas/payments.js';

const tags = ['Règlements'];
const base = '/v2/companies/{enterprise_id}/payments';
const errors = { 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] };

const outstandingRoute = createRoute({
  method: 'get',
  path: `${base}/outstanding`,
  tags,
  summary:
    'What is still owed: validated invoices with a balance, and retainages from their release date; filters, sort, page, totals',
  security: bearerSecurity,
  request: { params: CompanyParams, query: OutstandingQuery },
  responses: {
    200: json(
      listPageSchema(OutstandingSchema, PaymentListInfoSchema),
      'A page, the count and the balance total of the filtered set',
    ),
    ...errors,
  },
});

const receivedRoute = createRoute({
  method: 'get',
  path: `${base}/received`,
  tags,
  summary:
    'Received payments: filters (customer, job, period, mode, bank, overdue, search), sort, page, totals',
  security: bearerSecurity,
  request: { params: CompanyParams, query: ReceivedQuery },
  responses: {
    200: json(
      listPageSchema(ReceivedSchema, PaymentListInfoSchema),
      'A page, the count and the amount total of the filtered set',
    ),
    ...errors,
  },
});

const batchPayRoute = createRoute({
  method: 'post',
  path: `${base}/batch-pay`,
  tags,
  summary:
    'Pay several outstanding invoices or retainages (full or partial); each row succeeds or fails on its own',
  security: bearerSecurity,
  request: { params: CompanyParams, body: body(BatchPaySchema) },
  responses: {
    200: json(
      BatchPayResultSchema,
      'The payments made and the rows refused with their key; `errors` holds batch_invoices_not_paid when any failed',
    ),
    ...errors,
  },
});

const batchDeleteRoute = createRoute({
  method: 'post',
  path: `${base}/batch-delete`,
  tags,
  summary:
    'Delete several received payments (admin only: 403 admin_required, docs/decisions.md); each row succeeds or fails on its own',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: CompanyParams, body: body(BatchDeleteSchema) },
  responses: {
    200: json(
      BatchDeleteResultSchema,
      'The deleted ids and the failed rows; `errors`: batch_payments_not_found, batch_payments_not_deleted',
    ),
    ...errors,
  },
});

export function paymentsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(outstandingRoute, async (c) => {
    const { companyId } = c.get('caller');
    const query = c.req.valid('query');
    const today = todayInFrance();
    return c.json(await listOutstanding(db, companyId, query, today), 200);
  });

  app.openapi(receivedRoute, async (c) => {
    const { companyId } = c.get('caller');
    const query = c.req.valid('query');
    const today = todayInFrance();
    return c.json(await listReceived(db, companyId, query, today), 200);
  });

  app.openapi(batchPayRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { payments } = c.req.valid('json');
    return c.json(await db.withTenant(companyId, (tx) => batchPay(tx, companyId, payments, userId)), 200);
  });

  app.openapi(batchDeleteRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { ids } = c.req.valid('json');
    return c.json(await db.withTenant(companyId, (tx) => batchDelete(tx, companyId, ids, userId)), 200);
  });

  return app;
}
