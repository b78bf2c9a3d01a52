/**
 * « Gestion chantier » (issue 24) under /v2/companies/{enterprise_id}/business-jobs/{id}: planning
 * and team, time entries (a week at once), purchases (typed, or a supplier's Factur-X / CII / UBL
 * file), chapter progress of the accepted quote, and the budget against actual with the margin.
 * Only for a company with the scope gestion-de-chantier: every operation answers 403
 * scope_required without it, before anything else is read. Any member of the company enters hours
 * and purchases (as any member works on jobs); only an admin sets a person's hourly cost.
 * Thin: the work is in server/src/site, the formulas in server/src/domain/siteBudget.ts.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { isoDate } from '../../../src/contract/fields.js';
import {
  hourlyCostInputSchema,
  planningInputSchema,
  progressInputSchema,
  purchaseInputSchema,
  siteRules,
  timeEntriesInputSchema,
} from '../../../src/contract/siteManagement.js';
import { confirmedCaller } from '../auth/caller.js';
import type { Tx } from '../db/database.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import { idParam } from '../schemas/fields.js';
import { IdParams } from '../schemas/invoicing.js';
import {
  BudgetSchema,
  HourlyCostSchema,
  HourlyCostsSchema,
  PlanningSchema,
  ProgressSchema,
  PurchaseImportSchema,
  PurchaseSchema,
  TimeEntrySchema,
} from '../schemas/site-management.js';
import { CompanyUserParams, CompanyUsersParams } from '../schemas/users.js';
import { setHourlyCostRecorded } from '../site/hourly-cost-event.js';
import type { PurchaseRead } from '../site/purchase-file.js';
import { readPurchaseFileInWorker } from '../site/purchase-file-pool.js';
import {
  budgetOf,
  hasSiteScope,
  hourlyCostsOf,
  jobExists,
  planningOf,
  progressOf,
  purchaseFileOf,
  purchasesOf,
  recordProgress,
  recordPurchase,
  recordTimeEntries,
  savePlanning,
  timeEntriesOf,
} from '../site/site-management.js';
import { refusal } from './invoicing-responses.js';

const tags = ['Gestion chantier'];
const job = '/v2/companies/{enterprise_id}/business-jobs/{id}';
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const scope403 = json(
  ErrorSchema,
  'forbidden (another company), scope_required (no gestion-de-chantier scope)',
);
const reads = { 401: errorResponses[401], 403: scope403, 404: errorResponses[404] };
const writes = { ...reads, 422: errorResponses[422] };

const PurchaseFileParams = IdParams.extend({
  purchaseId: idParam().openapi({ param: { name: 'purchaseId', in: 'path' }, example: 1 }),
});

const RangeQuery = z.object({
  from: isoDate().optional().openapi({ description: 'First day (yyyy-MM-dd), inclusive' }),
  to: isoDate().optional().openapi({ description: 'Last day (yyyy-MM-dd), inclusive' }),
});

const UploadSchema = z.object({
  file: z.instanceof(File, { message: 'required' }).optional().openapi({
    type: 'string',
    format: 'binary',
    description: 'A Factur-X PDF, or a CII or UBL XML invoice',
  }),
});

const planningRoute = createRoute({
  method: 'get',
  path: `${job}/planning`,
  tags,
  summary: "The job's planning: start and end dates and its team",
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: json(z.object({ data: PlanningSchema }), 'The planning'), ...reads },
});

const savePlanningRoute = createRoute({
  method: 'post',
  path: `${job}/planning`,
  tags,
  summary:
    "Change the job's dates and team (users of the company), from the version read; event planning.updated",
  security: bearerSecurity,
  request: { params: IdParams, body: body(planningInputSchema) },
  responses: {
    200: json(z.object({ data: PlanningSchema }), 'The planning after the change'),
    ...writes,
    409: json(ErrorSchema, 'stale_version'),
  },
});

const timeEntriesRoute = createRoute({
  method: 'get',
  path: `${job}/time-entries`,
  tags,
  summary: "The job's time entries, by day (a range: a week of the timesheet)",
  security: bearerSecurity,
  request: { params: IdParams, query: RangeQuery },
  responses: { 200: json(z.object({ data: z.array(TimeEntrySchema) }), 'The entries'), ...writes },
});

const recordTimeEntriesRoute = createRoute({
  method: 'post',
  path: `${job}/time-entries`,
  tags,
  summary:
    "Enter hours: {entries: [{userId, day, minutes}]} (a week at once; each replaces that person's day on the job, 0 removes it), at each person's hourly cost of now; event time_entry.recorded",
  security: bearerSecurity,
  request: { params: IdParams, body: body(timeEntriesInputSchema) },
  responses: {
    200: json(z.object({ data: z.array(TimeEntrySchema) }), 'The entries of the days sent'),
    ...writes,
  },
});

const purchasesRoute = createRoute({
  method: 'get',
  path: `${job}/purchases`,
  tags,
  summary: "The job's purchases (supplier invoices), newest first",
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: json(z.object({ data: z.array(PurchaseSchema) }), 'The purchases'), ...reads },
});

const recordPurchaseRoute = createRoute({
  method: 'post',
  path: `${job}/purchases`,
  tags,
  summary: 'Record a supplier invoice typed by hand (HT + TVA = TTC); event purchase.recorded',
  security: bearerSecurity,
  request: { params: IdParams, body: body(purchaseInputSchema) },
  responses: {
    200: json(z.object({ data: PurchaseSchema }), 'The purchase'),
    ...writes,
    409: json(ErrorSchema, 'purchase_already_recorded (the same supplier and number)'),
  },
});

const importPurchaseRoute = createRoute({
  method: 'post',
  path: `${job}/purchases/import`,
  tags,
  summary:
    "A supplier's invoice file (multipart `file`: a Factur-X PDF, or a CII or UBL XML): its supplier, number, date and amounts read from the XML. With ?preview=true nothing is stored (what was read); without, the purchase is recorded with the file kept as received",
  security: bearerSecurity,
  request: {
    params: IdParams,
    query: z.object({
      preview: z.enum(['true', 'false']).optional().openapi({ description: 'true: read only' }),
    }),
    body: { required: false, content: { 'multipart/form-data': { schema: UploadSchema } } },
  },
  responses: {
    200: json(
      z.object({ data: PurchaseImportSchema }),
      'What was read, and the purchase recorded (null for a preview)',
    ),
    ...reads,
    409: json(ErrorSchema, 'purchase_already_recorded'),
    413: json(
      ErrorSchema,
      `purchase_file_too_large (over ${siteRules.maxFileBytes} bytes), payload_too_large`,
    ),
    422: json(
      ErrorSchema,
      'purchase_file_unreadable (none of the three), purchase_file_incomplete, purchase_file_currency, validation (no file)',
    ),
    503: json(ErrorSchema, 'document_unavailable (the server is busy reading files: try again)'),
  },
});

const purchaseFileRoute = createRoute({
  method: 'get',
  path: `${job}/purchases/{purchaseId}/file`,
  tags,
  summary:
    "An imported purchase's file as received (its Factur-X PDF, CII or UBL XML), to download; a typed purchase has none (404)",
  security: bearerSecurity,
  request: { params: PurchaseFileParams },
  responses: {
    200: {
      content: {
        'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) },
        'application/xml': { schema: z.string().openapi({ type: 'string', format: 'binary' }) },
      },
      description: 'The file, as an attachment named as it was received',
    },
    ...reads,
  },
});

const budgetRoute = createRoute({
  method: 'get',
  path: `${job}/budget`,
  tags,
  summary:
    "The job's budget (déboursé sec of its accepted quotes) against actual (hours × hourly cost + purchases HT), with the margin as it stands",
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: json(z.object({ data: BudgetSchema }), 'The budget'), ...reads },
});

const progressRoute = createRoute({
  method: 'get',
  path: `${job}/progress`,
  tags,
  summary: "Progress per chapter of the job's accepted quote as last entered on site",
  security: bearerSecurity,
  request: { params: IdParams },
  responses: { 200: json(z.object({ data: ProgressSchema }), 'The progress'), ...reads },
});

const recordProgressRoute = createRoute({
  method: 'post',
  path: `${job}/progress`,
  tags,
  summary:
    'Enter progress per chapter of the accepted quote ({day, chapters: [{chapter, percentBasisPoints}]}); the next progress statement proposes it; event progress.recorded',
  security: bearerSecurity,
  request: { params: IdParams, body: body(progressInputSchema) },
  responses: {
    200: json(z.object({ data: ProgressSchema }), 'The progress after it'),
    ...writes,
    409: json(
      ErrorSchema,
      'job_without_accepted_quote; stale_version (progress entered meanwhile: read it again)',
    ),
  },
});

const hourlyCostRoute = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/users/{userId}/hourly-cost',
  tags,
  summary:
    "Set a person's loaded hourly cost (admin only; null: the company's « main-d'œuvre chargée »). Later time entries copy it; event user.hourly_cost_set when it changes",
  security: bearerSecurity,
  request: { params: CompanyUserParams, body: body(hourlyCostInputSchema) },
  responses: {
    200: json(z.object({ data: HourlyCostSchema }), 'The cost set'),
    ...writes,
  },
});

const hourlyCostsRoute = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/hourly-costs',
  tags,
  summary:
    "Every person of the company with their loaded hourly cost, and the company's « main-d'œuvre chargée » used for those without one (admin only)",
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: HourlyCostsSchema }), 'The hourly costs'),
    401: errorResponses[401],
    403: json(ErrorSchema, 'forbidden, scope_required, admin_required'),
  },
});

/**
 * RFC 6266: a plain ASCII name (no quote nor backslash: a quoted-string's escapes) and its UTF-8
 * form (RFC 8187: an apostrophe, a parenthesis or a star percent-encoded too, « facture d'achat »).
 */
const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

type Upload = z.infer<typeof UploadSchema>;

export function siteManagementRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  /**
   * Runs `work` in the caller's tenant transaction once the scope is checked: 'scope' without it,
   * 'missing' when `jobId` is given and the job is not the company's.
   */
  const inSite = <T>(c: Context<AppEnv>, jobId: number | null, work: (tx: Tx) => Promise<T>) => {
    const { companyId } = c.get('caller');
    return db.withTenant(companyId, async (tx): Promise<T | 'scope' | 'missing'> => {
      if (!(await hasSiteScope(tx, companyId))) return 'scope';
      if (jobId !== null && !(await jobExists(tx, companyId, jobId))) return 'missing';
      return work(tx);
    });
  };
  const refused = (c: Context<AppEnv>, why: 'scope' | 'missing') =>
    why === 'scope' ? apiError(c, 'scope_required') : apiError(c, 'not_found');
  const isRefusal = (value: unknown): value is 'scope' | 'missing' =>
    value === 'scope' || value === 'missing';

  // The scope, then the job, before the body is validated: a company without the scope, or another
  // company's job, gets its 403 / 404 whatever it sent (route middleware runs before validators).
  const gate: MiddlewareHandler<AppEnv> = async (c, next) => {
    // A method no operation declares has no caller (no authentication ran): it is answered 404.
    if (!c.get('caller')) return next();
    const raw = c.req.param('id') ?? '';
    const jobId = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null;
    const why = await inSite(c, jobId, async () => null);
    if (why !== null) return refused(c, why);
    await next();
  };
  const jobPath = '/v2/companies/:enterprise_id/business-jobs/:id';
  for (const part of [
    'planning',
    'time-entries',
    'purchases',
    'purchases/import',
    'purchases/:purchaseId/file',
    'budget',
    'progress',
  ])
    app.use(`${jobPath}/${part}`, gate);

  app.openapi(planningRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const answer = await inSite(c, id, (tx) => planningOf(tx, companyId, id));
    if (isRefusal(answer)) return refused(c, answer);
    return c.json({ data: answer }, 200);
  });

  app.openapi(savePlanningRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await inSite(c, null, (tx) =>
      savePlanning(tx, companyId, userId, id, c.req.valid('json')),
    );
    if (isRefusal(outcome)) return refused(c, outcome);
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(timeEntriesRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const answer = await inSite(c, id, (tx) => timeEntriesOf(tx, companyId, id, c.req.valid('query')));
    if (isRefusal(answer)) return refused(c, answer);
    return c.json({ data: answer }, 200);
  });

  app.openapi(recordTimeEntriesRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await inSite(c, null, (tx) =>
      recordTimeEntries(tx, companyId, userId, id, c.req.valid('json')),
    );
    if (isRefusal(outcome)) return refused(c, outcome);
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(purchasesRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const answer = await inSite(c, id, (tx) => purchasesOf(tx, companyId, id));
    if (isRefusal(answer)) return refused(c, answer);
    return c.json({ data: answer }, 200);
  });

  app.openapi(recordPurchaseRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await inSite(c, null, (tx) =>
      recordPurchase(tx, companyId, userId, id, c.req.valid('json'), null),
    );
    if (isRefusal(outcome)) return refused(c, outcome);
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(importPurchaseRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const preview = c.req.valid('query').preview === 'true';
    // The scope and the job first: a foreign job is 404 whatever the file.
    const known = await inSite(c, id, async () => true as const);
    if (isRefusal(known)) return refused(c, known);
    const file = (c.req.valid('form') as Upload | undefined)?.file;
    if (!file) return apiError(c, 'validation', { fields: { file: 'required' } });
    if (file.size > siteRules.maxFileBytes) return apiError(c, 'purchase_file_too_large');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const read = await readPurchaseFileInWorker(bytes);
    if (read === null) return apiError(c, 'document_unavailable');
    if (!read.ok) return apiError(c, read.key);
    const value: PurchaseRead = read.value;
    if (preview) return c.json({ data: { read: value, purchase: null } }, 200);
    const name = [...file.name]
      .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
      .join('')
      .slice(0, 255);
    const outcome = await inSite(c, null, (tx) =>
      recordPurchase(tx, companyId, userId, id, value, {
        name: name || 'facture',
        type: value.source === 'facturx' ? 'application/pdf' : 'application/xml',
        bytes,
      }),
    );
    if (isRefusal(outcome)) return refused(c, outcome);
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: { read: value, purchase: outcome.value } }, 200);
  });

  app.openapi(purchaseFileRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id, purchaseId } = c.req.valid('param');
    const file = await inSite(c, id, (tx) => purchaseFileOf(tx, companyId, id, purchaseId));
    if (isRefusal(file)) return refused(c, file);
    if (!file) return apiError(c, 'not_found');
    // Only the two types an import stores are named as such: anything else is bytes to save.
    const type =
      file.type === 'application/pdf' || file.type === 'application/xml'
        ? file.type
        : 'application/octet-stream';
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': type,
      'content-disposition': attachment(file.name),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  app.openapi(hourlyCostsRoute, async (c) => {
    const { companyId } = c.get('caller');
    const isAdmin = (await confirmedCaller(c))?.admin === true;
    const answer = await inSite(c, null, async (tx) =>
      isAdmin ? hourlyCostsOf(tx, companyId) : ('admin' as const),
    );
    // No job is named: the scope is the only refusal before the admin's right.
    if (isRefusal(answer)) return apiError(c, 'scope_required');
    if (answer === 'admin') return apiError(c, 'admin_required');
    return c.json({ data: answer }, 200);
  });

  app.openapi(budgetRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const answer = await inSite(c, id, (tx) => budgetOf(tx, companyId, id));
    if (isRefusal(answer)) return refused(c, answer);
    return c.json({ data: answer }, 200);
  });

  app.openapi(progressRoute, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const answer = await inSite(c, id, (tx) => progressOf(tx, companyId, id));
    if (isRefusal(answer)) return refused(c, answer);
    return c.json({ data: answer }, 200);
  });

  app.openapi(recordProgressRoute, async (c) => {
    const { companyId, userId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await inSite(c, null, (tx) =>
      recordProgress(tx, companyId, userId, id, c.req.valid('json')),
    );
    if (isRefusal(outcome)) return refused(c, outcome);
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  app.openapi(hourlyCostRoute, async (c) => {
    const { companyId, userId: actorId } = c.get('caller');
    const { userId } = c.req.valid('param');
    // The admin right as the database holds it now (auth/caller.ts), asked before the transaction
    // (one connection at a time on PGlite); refused only once the scope is checked.
    const isAdmin = (await confirmedCaller(c))?.admin === true;
    const outcome = await inSite(c, null, async (tx) =>
      isAdmin
        ? setHourlyCostRecorded(tx, companyId, actorId, userId, c.req.valid('json').hourlyCostCents)
        : ('admin' as const),
    );
    if (isRefusal(outcome)) return refused(c, outcome);
    if (outcome === 'admin') return apiError(c, 'admin_required');
    if (!outcome.ok) return refusal(c, outcome);
    return c.json({ data: outcome.value }, 200);
  });

  return app;
}
