/**
 * The harness's check of every answer against its declared contract (support/answer-contract.ts):
 * a tiny route answers the right body, an undeclared field, a wrong type, an undeclared status; only
 * the right one (and the stack's own error answers) may pass. No database: the route never asks.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { apiRouteModules } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import type { AppEnv } from '../src/http/env.js';
import { validationHook } from '../src/http/validation.js';
import { createMemoryLogger } from '../src/log.js';
import { AnswerContractError } from './support/answer-contract.js';
import { createCheckedApps, testConfig } from './support/harness.js';
import { openApiDocument } from './support/openapi.js';

const gadgetRoute = createRoute({
  method: 'get',
  path: '/v9/companies/{enterprise_id}/gadgets/{id}',
  security: [],
  request: {
    params: z.object({ enterprise_id: z.coerce.number().int(), id: z.coerce.number().int() }),
  },
  responses: {
    200: {
      content: { 'application/json': { schema: z.object({ data: z.object({ id: z.number().int() }) }) } },
      description: 'The gadget',
    },
  },
});

/** What gadget `id` answers: right, or wrong in one way. */
const answers: Record<number, { status: number; body: unknown }> = {
  1: { status: 200, body: { data: { id: 1 } } },
  2: { status: 200, body: { data: { id: 2, secret: 'not in the schema' } } },
  3: { status: 200, body: { data: { id: 'three' } } },
  4: { status: 409, body: { error: { key: 'stale_version' } } },
};

const gadgets = () => {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(gadgetRoute, (c) => {
    const { id } = c.req.valid('param');
    if (id === 5) throw new Error('a bug of ours');
    const { status, body } = answers[id]!;
    // The compiler refuses these answers (the other half of the contract): forced here, to prove
    // that the run-time check catches what a cast or a string of JSON would let through.
    return c.json(body as { data: { id: number } }, status as 200);
  });
  return app;
};

const apps = () =>
  createCheckedApps({
    config: testConfig(),
    db: {} as Database,
    log: createMemoryLogger(),
    apiRoutes: [...apiRouteModules, gadgets],
  });
const get = (id: number) => apps().platform.request(`/v9/companies/1/gadgets/${id}`);

describe('every answer of the test suite keeps its declared contract', () => {
  it('lets a declared answer through, untouched', async () => {
    const response = await get(1);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { id: 1 } });
  });

  it('fails on a field the schema does not declare, naming it', async () => {
    const answer = get(2);
    await expect(answer).rejects.toThrow(AnswerContractError);
    await expect(get(2)).rejects.toThrow(
      /GET \/v9\/companies\/1\/gadgets\/2 \(GET \/v9\/companies\/\{enterprise_id\}\/gadgets\/\{id\}\) answered 200 outside its declared schema:\n {2}data\.secret: not declared by the schema/,
    );
  });

  it('fails on a value of the wrong type', async () => {
    await expect(get(3)).rejects.toThrow(/answered 200 outside its declared schema:\n {2}data\.id: /);
  });

  it('fails on a status the operation does not declare', async () => {
    await expect(get(4)).rejects.toThrow(
      /answered 409, a status its operation does not declare \(declared: 200, 422\)/,
    );
  });

  it("accepts the stack's own error answers on any operation (here 500 internal_error)", async () => {
    const response = await get(5);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { key: 'internal_error' } });
  });

  it('checks the answers the stack gives by construction against their declarations too', async () => {
    // 422 `validation` from the validation hook: declared on every operation that validates.
    const response = await apps().platform.request('/v9/companies/1/gadgets/x');
    expect(response.status).toBe(422);
    // Without the hook, zod-openapi answers its own 400 body: not the error body, caught.
    const bare = () => {
      const app = new OpenAPIHono<AppEnv>();
      app.openapi(gadgetRoute, (c) => c.json({ data: { id: 1 } }, 200));
      return app;
    };
    const unhooked = createCheckedApps({
      config: testConfig(),
      db: {} as Database,
      apiRoutes: [...apiRouteModules, bare],
    });
    await expect(unhooked.platform.request('/v9/companies/1/gadgets/x')).rejects.toThrow(
      /answered 400 outside the error body/,
    );
  });
});

describe('answers declared by construction (http/declared-answers.ts)', () => {
  it('declares 422 on every operation that validates, 401 and 403 on every bearer operation', async () => {
    const doc = await openApiDocument();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item) as [string, Record<string, unknown>][]) {
        const statuses = Object.keys((op.responses ?? {}) as object);
        const validates = Boolean(op.parameters || op.requestBody);
        const bearer = ((op.security ?? []) as Record<string, unknown>[]).some((s) => 'bearerAuth' in s);
        const wanted = [...(validates ? ['422'] : []), ...(bearer ? ['401', '403'] : [])];
        for (const status of wanted)
          if (!statuses.includes(status)) missing.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
