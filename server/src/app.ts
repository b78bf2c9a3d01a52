/**
 * Builds the two Hono apps of the process without listening (tests call `app.request()`):
 * `platform` (API, sign-in, platform pages, /elements/, API docs) and `client` (the SPA).
 */
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requireBearer, requireOwnCompany } from './auth/caller.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createTokenService, resolveJwtSecret } from './auth/tokens.js';
import { type AppConfig, repoRoot } from './config.js';
import type { Database } from './db/database.js';
import type { AppDeps, AppEnv } from './http/env.js';
import { apiError } from './http/errors.js';
import { createRateLimiter } from './http/rate-limit.js';
import { apiCors, clientSecurityHeaders, platformSecurityHeaders } from './http/security.js';
import { createLogger, type Logger } from './log.js';
import { renderPage } from './pages/layout.js';
import { loginRoutes } from './pages/login.js';
import { platformPages } from './pages/platform.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { authorizationRoutes } from './routes/authorization.js';
import { businessJobsRoutes } from './routes/business-jobs.js';
import { clientLogsRoutes } from './routes/client-logs.js';
import { customersRoutes } from './routes/customers.js';
import { invoicesRoutes } from './routes/invoices.js';
import { invoicingSettingsRoutes } from './routes/invoicing-settings.js';
import { jwtRoutes } from './routes/jwt.js';
import { notificationsRoutes } from './routes/notifications.js';
import { quotesRoutes } from './routes/quotes.js';
import { usersRoutes } from './routes/users.js';
import { clientAppRoutes } from './static/client-app.js';
import { demoRoutes, elementsRoutes } from './static/elements.js';

export interface CreateAppsOptions {
  config: AppConfig;
  db: Database;
  log?: Logger;
  /** Overrides for tests (e.g. a fixed key, a low client-log limit). */
  deps?: Partial<AppDeps>;
}

export interface Apps {
  platform: Hono<AppEnv>;
  client: Hono<AppEnv>;
  deps: AppDeps;
}

const apiPrefixes = ['/v2/*', '/v3/*', '/api/jwt/*'];

export function createApps({
  config,
  db,
  log = createLogger(),
  deps: overrides = {},
}: CreateAppsOptions): Apps {
  const deps: AppDeps = {
    config,
    db,
    log,
    tokens: createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir)),
    loginThrottle: createLoginThrottle(db.owner),
    clientLogLimiter: createRateLimiter({ limit: 120, windowMs: 60_000 }),
    ...overrides,
  };

  const platform = new Hono<AppEnv>();
  platform.use('*', platformSecurityHeaders(config));
  for (const prefix of apiPrefixes) platform.use(prefix, apiCors(config));
  platform.use('/v2/*', requireBearer(deps));
  platform.use('/api/jwt/*', requireBearer(deps));
  platform.use('/v2/companies/:enterprise_id/*', requireOwnCompany);
  platform.use('/v2/companies/:enterprise_id', requireOwnCompany);

  const api = new OpenAPIHono<AppEnv>();
  api.route('/', usersRoutes(deps));
  api.route('/', customersRoutes(deps));
  api.route('/', authorizationRoutes(deps));
  api.route('/', notificationsRoutes(deps));
  api.route('/', jwtRoutes(deps));
  api.route('/', clientLogsRoutes(deps));
  api.route('/', businessJobsRoutes(deps));
  api.route('/', quotesRoutes(deps));
  api.route('/', invoicesRoutes(deps));
  api.route('/', invoicingSettingsRoutes(deps));
  platform.route('/', api);
  platform.route('/', apiDocsRoutes(api, config));
  platform.route('/', loginRoutes(deps));
  platform.route('/', platformPages(deps));
  platform.route('/', elementsRoutes(config.distDir));
  platform.route('/', demoRoutes(path.join(repoRoot, 'demo')));

  platform.notFound((c) => {
    if (/^\/(v2|v3|api)(\/|$)/.test(c.req.path)) return apiError(c, 'not_found');
    return c.html(
      renderPage({
        config,
        nonce: c.get('secureHeadersNonce') ?? '',
        heading: 'Page introuvable',
        body: '<p>Cette page n’existe pas ou a été déplacée. <a href="/app/my-account">Retour à mon compte</a></p>',
        elements: false,
      }),
      404,
    );
  });
  platform.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return apiError(c, error.status === 413 ? 'payload_too_large' : 'bad_request');
    }
    log.log('error', 'unhandled-error', {
      method: c.req.method,
      path: c.req.path,
      error: String(error),
      stack: (error as Error).stack,
    });
    return apiError(c, 'internal_error');
  });

  const client = new Hono<AppEnv>();
  client.use('*', clientSecurityHeaders(config));
  client.route('/', clientAppRoutes(config));

  return { platform, client, deps };
}
