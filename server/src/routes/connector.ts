/**
 * The connector API of « Mes applications » (issue 23), called by Pix4D's or SEMA's side with the
 * company's key in X-Api-Key (declared `security: [{apiKeyAuth: []}]`: measures/keys.ts checks it
 * before these handlers run; a user's token is refused, and the key opens nothing else). Idempotent
 * by externalId: the same group pushed twice, at once or not, is one group.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { connectorGroupSchema, connectorMeasuresSchema } from '../../../src/contract/measures.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { requestHeader } from '../http/request-header.js';
import { fieldsOf, validationHook } from '../http/validation.js';
import { ensureGroup, markKeyUsed, pushMeasures, refusedPushGroup } from '../measures/connector.js';
import { appendMeasureEvent } from '../measures/usage.js';
import { ErrorSchema, jsonContent as json } from '../schemas/common.js';
import {
  ConnectorGroupParams,
  ConnectorParams,
  MeasureGroupDetailSchema,
  MeasureGroupSchema,
} from '../schemas/measures.js';

const tags = ['Connecteur (Pix4D, SEMA)'];
// The contract's schemas (plain zod), named in the OpenAPI document.
const ConnectorGroupSchema = z.object(connectorGroupSchema.shape).openapi('ConnectorMeasureGroup');
const ConnectorMeasuresSchema = z.object(connectorMeasuresSchema.shape).openapi('ConnectorMeasures');
const apiKeySecurity = [{ apiKeyAuth: [] }];
const keyErrors = {
  401: json(
    ErrorSchema,
    'api_key_required (no X-Api-Key: a user token is not accepted) or api_key_invalid (unknown or revoked)',
  ),
  403: json(ErrorSchema, "api_key_wrong_application: the key is the company's other application's"),
  429: json(ErrorSchema, 'rate_limited'),
};

const groupRoute = createRoute({
  method: 'post',
  path: '/v2/applications/{type}/measure-groups',
  tags,
  summary:
    'Make the group of externalId if it does not exist (201), else answer it as it is (200); businessJobId: a job of the company',
  security: apiKeySecurity,
  request: {
    params: ConnectorParams,
    body: { required: true, content: { 'application/json': { schema: ConnectorGroupSchema } } },
  },
  responses: {
    200: json(z.object({ data: MeasureGroupSchema }), 'The existing group'),
    201: json(z.object({ data: MeasureGroupSchema }), 'The new group'),
    ...keyErrors,
    404: json(ErrorSchema, "not_found: the job is not the company's"),
  },
});

const measuresRoute = createRoute({
  method: 'post',
  path: '/v2/applications/{type}/measure-groups/{externalId}/measures',
  tags,
  summary:
    'Upsert measures by their externalId into the group of externalId and remove those listed in removedExternalIds; all or nothing, with its events',
  security: apiKeySecurity,
  request: {
    params: ConnectorGroupParams,
    body: { required: true, content: { 'application/json': { schema: ConnectorMeasuresSchema } } },
  },
  responses: {
    200: json(z.object({ data: MeasureGroupDetailSchema }), 'The group after the push'),
    ...keyErrors,
    404: json(ErrorSchema, 'not_found: no group of this externalId for the application'),
    413: json(ErrorSchema, 'payload_too_large (over 8 Mo)'),
    422: json(
      ErrorSchema,
      'validation (fields: measures.12.unit…) or measure_group_full (over 5 000 measures)',
    ),
  },
});

const codeLabels: Record<string, string> = {
  required: 'obligatoire',
  invalid: 'valeur non reconnue (unité, type ou format)',
  number: 'nombre entier positif attendu, en millièmes',
  too_long: 'trop long',
  string: 'texte attendu',
  unknown: 'champ inconnu',
};

/** What a refused push's event says, in French (the answer itself keeps the fields' codes). */
export function reasonsOf(fields: Record<string, string>): string[] {
  return Object.entries(fields)
    .slice(0, 50)
    .map(([field, code]) => {
      const label = codeLabels[code] ?? code;
      const measure = /^measures\.(\d+)\.(\w+)$/.exec(field);
      if (measure) return `Mesure ${Number(measure[1]) + 1}, ${measure[2]} : ${label}.`;
      if (field === 'measures' && code === 'too_long')
        return "Plus de 5 000 mesures en un envoi : rien n'a été enregistré.";
      return `${field} : ${label}.`;
    });
}

export function connectorRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(groupRoute, async (c) => {
    const caller = c.get('connector')!;
    const outcome = await db.withTenant(caller.companyId, (tx) =>
      ensureGroup(tx, caller, c.req.valid('json')),
    );
    if (!outcome.ok) return apiError(c, 'not_found');
    const { created, group } = outcome.value;
    return created ? c.json({ data: group }, 201) : c.json({ data: group }, 200);
  });

  // A refused push (a negative area, an unknown unit, 10 000 measures) stores nothing, and the
  // group's events say it was refused and why: its own app, for its own validation hook.
  const push = new OpenAPIHono<AppEnv>({
    defaultHook: async (result, c) => {
      const answer = await validationHook(result, c);
      if (answer && !result.success && result.target === 'json')
        await recordRefusedPush(c, reasonsOf(fieldsOf(result.error as unknown as ZodError)));
      return answer;
    },
  });
  push.openapi(measuresRoute, async (c) => {
    const caller = c.get('connector')!;
    const { externalId } = c.req.valid('param');
    const outcome = await db.withTenant(caller.companyId, (tx) =>
      pushMeasures(tx, caller, externalId, c.req.valid('json')),
    );
    if (outcome.ok) return c.json({ data: outcome.value }, 200);
    if (outcome.key === 'measure_group_full')
      await recordRefusedPush(c, ["Le groupe compterait plus de 5 000 mesures : rien n'a été enregistré."]);
    return apiError(c, outcome.key);
  });
  app.route('/', push);

  /** An `import_refused` event (source connector) on the group the push named, if it is the key's. */
  async function recordRefusedPush(c: Context<AppEnv>, reasons: string[]) {
    const caller = c.get('connector');
    const externalId = c.req.param('externalId');
    if (!caller || !externalId) return;
    await db.withTenant(caller.companyId, async (tx) => {
      const groupId = await refusedPushGroup(tx, caller, externalId);
      if (groupId === null) return;
      await markKeyUsed(tx, caller);
      await appendMeasureEvent(tx, {
        companyId: caller.companyId,
        groupId,
        kind: 'import_refused',
        userId: null,
        source: 'connector',
        detail: { fileName: null, size: Number(requestHeader(c, 'content-length') ?? 0) || null, reasons },
      });
    });
  }

  return app;
}
