/**
 * Authentication by declaration: the bearer and company checks come from each operation's
 * `security`, and an API route that does not declare it cannot be built into the app.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { apiRouteModules, createApps } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import type { AppEnv } from '../src/http/env.js';
import { testConfig } from './support/harness.js';

const build = (extra: () => OpenAPIHono<AppEnv>) =>
  createApps({ config: testConfig(), db: {} as Database, apiRoutes: [...apiRouteModules, extra] });

const route = (security?: Record<string, string[]>[]) =>
  createRoute({
    method: 'get',
    path: '/v9/companies/{enterprise_id}/widgets',
    ...(security ? { security } : {}),
    request: { params: z.object({ enterprise_id: z.string() }) },
    responses: { 200: { description: 'ok' } },
  });

const module = (security?: Record<string, string[]>[]) => () => {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(route(security), (c) => c.json({ widgets: [] }, 200));
  return app;
};

describe('app construction', () => {
  it('throws when a route is declared without `security`, naming it', () => {
    expect(() => build(module())).toThrow(/GET \/v9\/companies\/\{enterprise_id\}\/widgets: no `security`/);
  });

  it('throws when a route of the API is served without any declaration', () => {
    const undeclared = () => {
      const app = new OpenAPIHono<AppEnv>();
      app.get('/v2/secret-stuff', (c) => c.json({ secret: true }));
      return app;
    };
    expect(() => build(undeclared)).toThrow(/GET \/v2\/secret-stuff: served by the API app but not declared/);
  });

  it('throws on a security scheme it does not know', () => {
    expect(() => build(module([{ apiKey: [] }]))).toThrow(/unknown security scheme apiKey/);
  });

  it('applies the bearer and company checks a new route declares, with no prefix to remember', async () => {
    const { platform } = build(module([{ bearerAuth: [] }]));
    const response = await platform.request('/v9/companies/2/widgets');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { key: 'unauthorized' } });
  });

  it('serves a route declared public without a token', async () => {
    const { platform } = build(module([]));
    expect((await platform.request('/v9/companies/2/widgets')).status).toBe(200);
  });
});
