/**
 * The settings pages' routes (spec section 3): one row per company, read by any member, changed by
 * a POST of the version read (409 `stale_version` when another save came first) and, on most pages,
 * by an admin only (403 `admin_required`). Declared and answered here once, so that every settings
 * page says the same statuses and error keys; each route module keeps only what its page reads and
 * writes (a `read` and a `save` of the caller's company).
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { changedFields, recordIfDone } from '../activity/record.js';
import { confirmedCaller, requireAdmin } from '../auth/caller.js';
import type { Database, Tx } from '../db/database.js';
import type { AppEnv, Caller } from '../http/env.js';
import type { KeyWithStatus, Outcome } from '../invoicing/outcome.js';
import {
  bearerSecurity,
  ErrorSchema,
  errorResponses,
  jsonContent as json,
  jsonBody,
} from '../schemas/common.js';
import { CompanyUsersParams as CompanyParams } from '../schemas/users.js';
import { refusal } from './invoicing-responses.js';

const tags = ['Réglages'];
const staleVersion = 'stale_version: another save came first (reload, then apply again)';

interface SettingsRead<T> {
  path: string;
  summary: string;
  /** What the 200 answers in `data`, and its description. */
  schema: z.ZodType<T>;
  description: string;
  read: (tx: Tx, companyId: number) => Promise<T>;
}

/** GET `path`: the caller's company's settings (401, 403 for another company). */
export function readSettings<T>(
  app: OpenAPIHono<AppEnv>,
  db: Database,
  { path, summary, schema, description, read }: SettingsRead<T>,
) {
  // Declared with the schema's type widened: the signature already ties `read` to `schema` (both T),
  // and the route's answer types are then computed from a concrete schema, not a generic one.
  const answered: z.ZodType = schema;
  const route = createRoute({
    method: 'get',
    path,
    tags,
    summary,
    security: bearerSecurity,
    request: { params: CompanyParams },
    responses: {
      200: json(z.object({ data: answered }), description),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  });
  app.openapi(route, async (c) => {
    const { companyId } = c.get('caller');
    const data: unknown = await db.withTenant(companyId, (tx) => read(tx, companyId));
    return c.json({ data }, 200);
  });
}

/** The settings page of a path, as the activity log names it (« Paramètres modifiés : Entreprise »). */
const settingsPages: Record<string, string> = {
  company: 'Entreprise',
  'customer-code': 'Code client',
  costs: 'Coûts',
  documents: 'Documents',
  accounting: 'Comptabilité',
  sending: 'Envoi des factures',
};

/** `…/settings/company/edit` → company. */
export function settingsPageOf(path: string): string {
  const [, rest = ''] = path.split('/settings/');
  return rest.split('/')[0] ?? rest;
}

/** What a settings save may refuse with: the statuses its route declares (403, 409, 422). */
type SettingsRefusal = KeyWithStatus<403 | 409 | 422>;

interface SettingsEdit<Body extends z.ZodType, T> {
  path: string;
  summary: string;
  body: Body;
  schema: z.ZodType<T>;
  description: string;
  /** Admins only, checked before the body (403 `admin_required`). */
  admin: boolean;
  /** The 409's description (every settings page carries a version). */
  conflicts?: string;
  /** Descriptions of the 403 and 422 when the page has keys of its own. */
  forbidden?: string;
  refused?: string;
  /** In one transaction of the caller's company: the saved settings, or a refusal. */
  save: (tx: Tx, input: z.output<Body>, caller: Caller) => Promise<Outcome<T, SettingsRefusal>>;
}

/** POST `path`: change the caller's company's settings; a refusal answers its key and status. */
export function editSettings<Body extends z.ZodType, T>(
  app: OpenAPIHono<AppEnv>,
  db: Database,
  {
    path,
    summary,
    body,
    schema,
    description,
    admin,
    conflicts,
    forbidden,
    refused,
    save,
  }: SettingsEdit<Body, T>,
) {
  // Widened as in readSettings: the signature ties `save` to `body` and `schema`.
  const accepted: z.ZodType = body;
  const answered: z.ZodType = schema;
  const route = createRoute({
    method: 'post',
    path,
    tags,
    summary,
    security: bearerSecurity,
    ...(admin ? { middleware: [requireAdmin] as const } : {}),
    request: {
      params: CompanyParams,
      body: jsonBody(accepted),
    },
    responses: {
      200: json(z.object({ data: answered }), description),
      401: errorResponses[401],
      403: forbidden ? json(ErrorSchema, forbidden) : errorResponses[403],
      409: json(ErrorSchema, conflicts ?? staleVersion),
      422: refused ? json(ErrorSchema, refused) : errorResponses[422],
    },
  });
  app.openapi(route, async (c) => {
    // The caller as the database holds it now: a save that depends on the admin right (numbering)
    // never trusts a remembered one (auth/session-cache.ts).
    const caller = (await confirmedCaller(c)) ?? c.get('caller');
    // Validated by `body` itself (the route's declared body), so its output type is `body`'s.
    const input = c.req.valid('json') as z.output<Body>;
    const page = settingsPageOf(path);
    // Every settings page is logged in its save's transaction (« settings.updated »), field names only.
    const outcome = await db.withTenant(caller.companyId, async (tx) =>
      recordIfDone(tx, await save(tx, input, caller), () => ({
        companyId: caller.companyId,
        userId: caller.userId,
        kind: 'settings.updated',
        objectId: null,
        label: `Paramètres modifiés : ${settingsPages[page] ?? page}`,
        details: {
          page,
          changed: input && typeof input === 'object' ? changedFields(input, ['id', 'version']) : [],
        },
      })),
    );
    if (!outcome.ok) return refusal(c, outcome);
    const data: unknown = outcome.value;
    return c.json({ data }, 200);
  });
}
