/**
 * Invoices of the caller's company (issue 9): list with filters, sort, paging and the totals of the
 * filtered set; one; create (from a quote: deposit, progress, final; or simple); edit; validate;
 * revert; cancel; delete; the edit lock. Thin: validate, call server/src/invoicing (which asks the
 * domain), answer. Rules and amounts are never here.
 */

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { listPageSchema } from '../../../src/contract/lists.js';
import { confirmedCaller, requireAdmin } from '../auth/caller.js';
import type { Tx } from '../db/database.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import {
  type Actor,
  cancelInvoice,
  createInvoice,
  deleteInvoice,
  editInvoice,
  invoiceVersionsOf,
  issueCreditNote,
  revertInvoice,
  validateInvoice,
} from '../invoicing/invoices.js';
import { done, type Outcome } from '../invoicing/outcome.js';
import { withTenantUnlessRefused } from '../invoicing/refusal-rollback.js';
import { callerSessionId } from '../invoicing/session-id.js';
import { todayInFrance } from '../invoicing/today.js';
import { invoiceDetail, listInvoices } from '../invoicing/views.js';
import { bearerSecurity, jsonBody as body, jsonContent as json } from '../schemas/common.js';
import {
  CompanyParams,
  CreateCreditNoteSchema,
  CreateInvoiceSchema,
  DeletedSchema,
  EditInvoiceSchema,
  IdParams,
  InvoiceActionSchema,
  InvoiceDetailSchema,
  InvoiceListInfoSchema,
  InvoiceSchema,
  InvoicesQuery,
  InvoiceVersionSchema,
  RevertInvoiceSchema,
} from '../schemas/invoicing.js';
import { addEditLockRoutes } from './edit-lock-routes.js';
import { readErrors, refusal, writeErrors } from './invoicing-responses.js';

const tags = ['Factures'];
const base = '/v2/companies/{enterprise_id}/invoices';
const detail = json(z.object({ data: InvoiceDetailSchema }), 'The invoice');
type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

const listRoute = createRoute({
  method: 'get',
  path: base,
  tags,
  summary:
    'Invoices: filters (status, kind, customer, job, quote, period, overdue, search), sort, paging, totals',
  security: bearerSecurity,
  request: { params: CompanyParams, query: InvoicesQuery },
  responses: {
    200: json(listPageSchema(InvoiceSchema, InvoiceListInfoSchema), 'A page and the totals'),
    401: readErrors[401],
    403: readErrors[403],
    422: writeErrors('')[422],
  },
});

const getRoute = createRoute({
  method: 'get',
  path: `${base}/{id}`,
  tags,
  summary: 'One invoice with its lines, VAT totals, payments and edit lock',
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: detail, ...readErrors },
});

const createRouteDef = createRoute({
  method: 'post',
  path: base,
  tags,
  summary: 'Create a PROVISOIRE invoice: deposit, progress or final from a quote, or simple',
  security: bearerSecurity,
  request: { params: CompanyParams, body: body(CreateInvoiceSchema) },
  responses: {
    200: detail,
    ...writeErrors('quote_has_provisional_invoice, deposit_invoice_with_existing_invoices'),
  },
});

const editRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/edit`,
  tags,
  summary: 'Change a PROVISOIRE invoice (its version; amounts recomputed)',
  security: bearerSecurity,
  request: { params: IdParams, body: body(EditInvoiceSchema) },
  responses: {
    200: detail,
    ...writeErrors('stale_version, resource_locked, invoice_already_validated'),
  },
});

const validateRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/validate`,
  tags,
  summary: 'Validate: the next number of the sequence, gapless and in date order',
  security: bearerSecurity,
  request: { params: IdParams, body: body(InvoiceActionSchema) },
  responses: {
    200: detail,
    ...writeErrors(
      'stale_version, resource_locked, invoice_already_validated; 422 amount_higher_than_vat, invoice_date_before_last_validation, invoice_date_in_future, invalid_invoice_parameters, company_data_missing (fields: the empty mandatory company fields), customer_data_missing (fields: {siret}: a business customer in France without its SIREN)',
    ),
  },
});

const revertRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/revert`,
  tags,
  summary:
    "Back to PROVISOIRE (admin only; the reason is kept with the validated version): the quote's last validated part, no works reception, no retainage paid, never sent nor downloaded, no credit note",
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: IdParams, body: body(RevertInvoiceSchema) },
  responses: {
    200: detail,
    ...writeErrors(
      'stale_version, resource_locked, invoice_not_validated, invoice_not_last_validated_part, business_has_delivery_date, retainage_already_paid, invoice_already_cancelled, invoice_already_sent, invoice_has_credit_notes',
    ),
  },
});

const versionsRoute = createRoute({
  method: 'get',
  path: `${base}/{id}/versions`,
  tags,
  summary: 'The validated versions that reverts left behind (oldest first), each with its reason',
  security: bearerSecurity,
  request: { params: IdParams },
  responses: {
    200: json(z.object({ data: z.array(InvoiceVersionSchema) }), 'The kept versions'),
    ...readErrors,
  },
});

const creditNoteRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/credit-notes`,
  tags,
  summary:
    'Issue a partial credit note on a validated invoice (admin only): some lines or an amount, at most what remains credit-able per VAT rate; answers the validated credit note',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: IdParams, body: body(CreateCreditNoteSchema) },
  responses: {
    200: detail,
    ...writeErrors(
      'resource_locked, invoice_not_validated, invoice_already_cancelled, credit_note_not_cancellable (a credit note); 422 credit_note_exceeds_invoice, invalid_invoice_parameters (a rate the invoice does not bill), validation',
    ),
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/cancel`,
  tags,
  summary:
    "Cancel the quote's last invoice: a validated one gets a credit note (creditNoteId; admin only: 403 admin_required), a PROVISOIRE one is deleted",
  security: bearerSecurity,
  request: { params: IdParams, body: body(InvoiceActionSchema) },
  responses: {
    200: json(
      z.object({ data: z.union([InvoiceDetailSchema, DeletedSchema]) }),
      'The cancelled invoice, or {id, deleted}',
    ),
    ...writeErrors(
      'stale_version, resource_locked, cancel_not_last_invoice, credit_note_not_cancellable, invoice_already_cancelled',
    ),
  },
});

const deleteRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/delete`,
  tags,
  summary: 'Delete a PROVISOIRE invoice that never had a number (never a validated one)',
  security: bearerSecurity,
  request: { params: IdParams, body: body(InvoiceActionSchema) },
  responses: {
    200: json(z.object({ data: DeletedSchema }), 'The deleted id'),
    ...writeErrors('stale_version, resource_locked, validated_invoice_not_deletable'),
  },
});

export function invoicesRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  /**
   * Runs a change in the tenant transaction, then answers what `after` reads in the same transaction
   * (the invoice as it is now, through `detail`), or the refusal.
   */
  const answer = async <T, V>(
    c: Context<AppEnv>,
    change: (tx: Tx, companyId: number, sessionId: string) => Promise<Outcome<T>>,
    after: (value: T, detail: (id: number) => Promise<InvoiceDetail>) => Promise<V>,
  ) => {
    const { companyId } = c.get('caller');
    const sessionId = callerSessionId(c);
    const today = todayInFrance();
    // A refusal rolls back what the change took first: its edit lock (issue 26, item 11).
    const result = await withTenantUnlessRefused(db, companyId, async (tx) => {
      const outcome = await change(tx, companyId, sessionId);
      if (!outcome.ok) return outcome;
      const detail = async (id: number) => {
        const invoice = await invoiceDetail(tx, companyId, id, sessionId, today);
        // The change just wrote it, in this transaction: a missing invoice is a bug of ours.
        if (!invoice) throw new Error(`Invoice ${id} not found after its change`);
        return invoice;
      };
      return done(await after(outcome.value, detail));
    });
    if (!result.ok) return refusal(c, result);
    return c.json({ data: result.value }, 200);
  };

  app.openapi(listRoute, async (c) => {
    const { companyId } = c.get('caller');
    const query = c.req.valid('query');
    const today = todayInFrance();
    return c.json(await listInvoices(db, companyId, query, today), 200);
  });

  app.openapi(getRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const sessionId = callerSessionId(c);
    const data = await db.withTenant(companyId, (tx) =>
      invoiceDetail(tx, companyId, id, sessionId, todayInFrance()),
    );
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(createRouteDef, (c) => {
    const input = c.req.valid('json');
    return answer(
      c,
      (tx, companyId) => createInvoice(tx, companyId, input, todayInFrance()),
      (id, detail) => detail(id),
    );
  });

  app.openapi(editRoute, (c) => {
    const { id } = c.req.valid('param');
    const { id: bodyId, version, ...changes } = c.req.valid('json');
    if (bodyId !== id) return apiError(c, 'id_mismatch');
    return answer(
      c,
      (tx, companyId, sessionId) => editInvoice(tx, companyId, id, changes, { sessionId, version }),
      (value, detail) => detail(value),
    );
  });

  app.openapi(validateRoute, (c) => {
    const { id } = c.req.valid('param');
    const { version } = c.req.valid('json');
    const { userId } = c.get('caller');
    return answer(
      c,
      (tx, companyId, sessionId) =>
        validateInvoice(tx, companyId, id, { sessionId, version, userId } satisfies Actor),
      (value, detail) => detail(value),
    );
  });

  app.openapi(revertRoute, (c) => {
    const { id } = c.req.valid('param');
    const { version, reason } = c.req.valid('json');
    const { userId } = c.get('caller');
    return answer(
      c,
      (tx, companyId, sessionId) => revertInvoice(tx, companyId, id, { sessionId, version, userId }, reason),
      (value, detail) => detail(value),
    );
  });

  app.openapi(versionsRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const data = await db.withTenant(companyId, (tx) => invoiceVersionsOf(tx, companyId, id));
    if (!data) return apiError(c, 'not_found');
    return c.json({ data }, 200);
  });

  app.openapi(creditNoteRoute, (c) => {
    const { id } = c.req.valid('param');
    const { lines } = c.req.valid('json');
    const { userId } = c.get('caller');
    return answer(
      c,
      (tx, companyId, sessionId) =>
        issueCreditNote(tx, companyId, id, lines, { sessionId, userId }, todayInFrance()),
      (creditNoteId, detail) => detail(creditNoteId),
    );
  });

  app.openapi(cancelRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { version } = c.req.valid('json');
    // Issuing a credit note is an admin's (docs/decisions.md); deleting a draft is anyone's. The
    // admin right as the database holds it now (asked before the transaction).
    const admin = (await confirmedCaller(c))?.admin === true;
    const { userId } = c.get('caller');
    return answer(
      c,
      (tx, companyId, sessionId) =>
        cancelInvoice(tx, companyId, id, { sessionId, version, userId }, todayInFrance(), new Date(), admin),
      async (value, detail) => ('deleted' in value ? { id, deleted: true as const } : detail(id)),
    );
  });

  app.openapi(deleteRoute, (c) => {
    const { id } = c.req.valid('param');
    const { version } = c.req.valid('json');
    return answer(
      c,
      (tx, companyId, sessionId) => deleteInvoice(tx, companyId, id, { sessionId, version }),
      async () => ({ id, deleted: true as const }),
    );
  });

  addEditLockRoutes(app, db, 'invoice', {
    base,
    tags,
    wording: {
      lock: "Take or renew the caller's session edit lock (lapses after 15 minutes without activity)",
      unlock: "Release the caller's session edit lock",
      answer: 'The lock as this session sees it',
    },
  });

  return app;
}
