/**
 * Builds the two Hono apps of the process without listening (tests call `app.request()`):
 * `platform` (API, sign-in, platform pages, /elements/, API docs) and `client` (the SPA).
 */
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type MiddlewareHandler } from 'hono';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createSessionService } from './auth/sessions.js';
import { createTokenService, resolveJwtSecret } from './auth/tokens.js';
import { type AppConfig, repoRoot } from './config.js';
import type { Database } from './db/database.js';
import { sharedPdfRenderer } from './documents/pdf-renderer.js';
import { bodyLimits } from './http/body-limit.js';
import { clientIpResolver } from './http/client-ip.js';
import { compressAnswers } from './http/compress.js';
import { declareAnswersByConstruction } from './http/declared-answers.js';
import type { AppDeps, AppEnv } from './http/env.js';
import { errorAnswer } from './http/error-answer.js';
import { apiError } from './http/errors.js';
import { createRateLimiter } from './http/rate-limit.js';
import { authenticateByDeclaration } from './http/route-auth.js';
import { apiCors, apiPrefixes, clientSecurityHeaders, platformSecurityHeaders } from './http/security.js';
import { createLogger, type Logger } from './log.js';
import { createMailer } from './mail/mailer.js';
import { invitationRoutes } from './pages/invitation.js';
import { renderPage } from './pages/layout.js';
import { loginRoutes } from './pages/login.js';
import { platformPages } from './pages/platform.js';
import { keepFileHeaders } from './preferences/logo.js';
import { accountRoutes } from './routes/account.js';
import { accountingSettingsRoutes } from './routes/accounting-settings.js';
import { activityRoutes } from './routes/activity.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { applicationsRoutes } from './routes/applications.js';
import { authorizationRoutes } from './routes/authorization.js';
import { banksRoutes } from './routes/banks.js';
import { businessJobsRoutes } from './routes/business-jobs.js';
import { clientLogsRoutes } from './routes/client-logs.js';
import { companySettingsRoutes } from './routes/company-settings.js';
import { connectorRoutes } from './routes/connector.js';
import { customerOverviewRoutes } from './routes/customer-overview.js';
import { customersRoutes } from './routes/customers.js';
import { documentLogosRoutes } from './routes/document-logos.js';
import { documentSettingsRoutes } from './routes/document-settings.js';
import { exportsRoutes } from './routes/exports.js';
import { invoiceDocumentsRoutes } from './routes/invoice-documents.js';
import { invoicesRoutes } from './routes/invoices.js';
import { invoicingSettingsRoutes } from './routes/invoicing-settings.js';
import { jwtRoutes } from './routes/jwt.js';
import { libraryRoutes } from './routes/library.js';
import { libraryImportRoutes } from './routes/library-import.js';
import { measureGroupsRoutes } from './routes/measure-groups.js';
import { notificationsRoutes } from './routes/notifications.js';
import { paymentsRoutes } from './routes/payments.js';
import { quoteAcceptanceRoutes } from './routes/quote-acceptance.js';
import { quoteDocumentsRoutes } from './routes/quote-documents.js';
import { quotesRoutes } from './routes/quotes.js';
import { reportingRoutes } from './routes/reporting.js';
import { sendingRoutes } from './routes/sending.js';
import { siteManagementRoutes } from './routes/site-management.js';
import { usersRoutes } from './routes/users.js';
import { vatRatesRoutes } from './routes/vat-rates.js';
import { clientAppRoutes } from './static/client-app.js';
import { demoRoutes, elementsRoutes, fontRoutes } from './static/elements.js';

export interface CreateAppsOptions {
  config: AppConfig;
  db: Database;
  log?: Logger;
  /** Overrides for tests (e.g. a fixed key, a low client-log limit). */
  deps?: Partial<AppDeps>;
  /** The API's route modules (default `apiRouteModules`); a test adds one to prove the checks. */
  apiRoutes?: ApiRouteModule[];
}

type ApiRouteModule = (deps: AppDeps) => OpenAPIHono<AppEnv>;

/**
 * Every API route module. Each operation declares its `security` (http/route-auth.ts): the
 * bearer/company checks come from there, and app construction throws when one is missing.
 */
export const apiRouteModules: ApiRouteModule[] = [
  usersRoutes,
  customersRoutes,
  // A customer's figures for its sheet (issue 26).
  customerOverviewRoutes,
  authorizationRoutes,
  notificationsRoutes,
  jwtRoutes,
  clientLogsRoutes,
  businessJobsRoutes,
  quotesRoutes,
  // The quote's PDF and its sending with the acceptance link (issue 21).
  quoteDocumentsRoutes,
  invoicesRoutes,
  invoicingSettingsRoutes,
  invoiceDocumentsRoutes,
  documentSettingsRoutes,
  // Preferences (issue 12).
  companySettingsRoutes,
  vatRatesRoutes,
  accountRoutes,
  sendingRoutes,
  paymentsRoutes,
  banksRoutes,
  accountingSettingsRoutes,
  exportsRoutes,
  // The documents' footer logo (issue 12, Formats page).
  documentLogosRoutes,
  // The price library (issue 22).
  libraryRoutes,
  // Its price list imports and starter library (issue 22, « Imports »).
  libraryImportRoutes,
  // « Mes applications » (issue 23): the applications, their measure groups, and the connector API
  // (X-Api-Key only).
  applicationsRoutes,
  measureGroupsRoutes,
  connectorRoutes,
  // « Suivi d'activité » (issue 24): the company's activity log.
  activityRoutes,
  // « Gestion chantier » (issue 24): planning, hours, purchases, progress and budget of a job.
  siteManagementRoutes,
  // Reporting (issue 24): the figures, series, margins and collected VAT of a period.
  reportingRoutes,
];

export interface Apps {
  platform: Hono<AppEnv>;
  client: Hono<AppEnv>;
  deps: AppDeps;
  /** The API's declared operations and their schemas (the test harness checks answers against them). */
  api: OpenAPIHono<AppEnv>;
}

export function createApps({
  config,
  db,
  log = createLogger(),
  deps: overrides = {},
  apiRoutes = apiRouteModules,
}: CreateAppsOptions): Apps {
  const tokens = overrides.tokens ?? createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const deps: AppDeps = {
    config,
    db,
    log,
    tokens,
    sessions: createSessionService(db, tokens),
    loginThrottle: createLoginThrottle(db.owner),
    clientLogLimiter: createRateLimiter({ limit: 120, windowMs: 60_000 }),
    clientIp: clientIpResolver(config.trustProxy),
    mailer: overrides.mailer ?? createMailer(config),
    pdfRenderer: overrides.pdfRenderer ?? sharedPdfRenderer(),
    ...overrides,
  };

  const api = new OpenAPIHono<AppEnv>();
  for (const routes of apiRoutes) api.route('/', routes(deps));
  declareAnswersByConstruction(api);

  /**
   * The API on an origin: the same routes, authenticated by their declarations. Compression first,
   * so that it sees each answer as finally built (issue 27).
   */
  const withApi = (app: Hono<AppEnv>, securityHeaders: MiddlewareHandler<AppEnv>) => {
    app.use('*', compressAnswers());
    app.use('*', keepFileHeaders);
    app.use('*', securityHeaders);
    app.use('*', bodyLimits());
    // CORS only (who may read the answers); authentication is each route's own declaration.
    for (const prefix of apiPrefixes) app.use(`${prefix}*`, apiCors(config));
    authenticateByDeclaration(app, api, deps);
    app.route('/', api);
    app.onError((error, c) => errorAnswer(error, c, log));
  };

  const platform = new Hono<AppEnv>();
  withApi(platform, platformSecurityHeaders(config));
  platform.route('/', apiDocsRoutes(api, config));
  platform.route('/', loginRoutes(deps));
  platform.route('/', invitationRoutes(deps));
  // The public acceptance link of a sent quote, /devis/{token} (issue 21).
  platform.route('/', quoteAcceptanceRoutes(deps));
  platform.route('/', platformPages(deps));
  platform.route('/', elementsRoutes(config.distDir));
  platform.route('/', demoRoutes(path.join(repoRoot, 'demo'), config));
  platform.route('/', fontRoutes());

  platform.notFound((c) => {
    if (/^\/(v2|v3|api)(\/|$)/.test(c.req.path)) return apiError(c, 'not_found');
    return c.html(
      renderPage({
        config,
        nonce: c.get('secureHeadersNonce') ?? '',
        heading: 'Page introuvable',
        body: `<p>Cette page n'existe pas ou a été déplacée. <a href="/app/my-account">Retour à mon compte</a></p>`,
        elements: false,
      }),
      404,
    );
  });

  // The SPA calls the API on its own origin (issue 27): a cross-origin call with a bearer token
  // costs a CORS preflight, one more round trip before every answer on a phone's link.
  const client = new Hono<AppEnv>();
  withApi(client, clientSecurityHeaders(config));
  // An API path no route takes is the API's 404, never the SPA's page.
  for (const prefix of apiPrefixes) client.all(`${prefix}*`, (c) => apiError(c, 'not_found'));
  client.route('/', clientAppRoutes(config));

  return { platform, client, deps, api };
}
