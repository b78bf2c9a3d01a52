/**
 * Security headers on every answer: CSP with a per-request nonce (the pages' inline JSON and
 * scripts carry it), frame-ancestors 'self', nosniff, a strict Referrer-Policy. Styles allow
 * 'unsafe-inline' because the elements use React inline style attributes and adoptedStyleSheets.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { cors } from 'hono/cors';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { type AppConfig, integrationOrigins } from '../config.js';
import type { AppEnv } from './env.js';
import { requestHeader } from './request-header.js';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

function securityHeaders({
  connectTo,
  formTargets,
  scriptsFrom = [],
}: {
  connectTo: string[];
  formTargets: string[];
  /** The configured integrations' origins (chat, analytics): exactly those, no wildcard. */
  scriptsFrom?: string[];
}) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...scriptsFrom],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob:: a stored logo's preview is built from its authenticated download (the API wants the
      // token, which an <img> cannot send); only the page's own scripts make such URLs (issue 26).
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...connectTo],
      // The invoice editor shows its PDF preview from an object URL (issue 10).
      frameSrc: ["'self'", 'blob:'],
      frameAncestors: ["'self'"],
      formAction: ["'self'", ...formTargets],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Both origins are one site (ports, or subdomains in production): let the SPA load /elements/.
    crossOriginResourcePolicy: 'same-site',
  });
}

/** The API's paths (JSON answers and served files; never an HTML page with scripts). */
export const apiPrefixes = ['/v2/', '/v3/', '/api/jwt/'];
const isApiPath = (path: string) => apiPrefixes.some((prefix) => path.startsWith(prefix));

/**
 * The API's answers (JSON, and files to download) are never documents a browser renders with
 * scripts, so they get the headers OWASP's REST Security Cheat Sheet lists for every API answer
 * rather than the pages' set: nothing may be loaded or framed from them (CSP default-src and
 * frame-ancestors 'none', X-Frame-Options DENY), no sniffing, HTTPS only, not readable by another
 * site's no-cors request (CORP), and never stored by a cache (a company's data: no-store; a route
 * that wants another Cache-Control, a logo, sets its own, which wins). The pages' other headers
 * (opener policy, referrer, DNS prefetch, download options, cross-domain policies, XSS filter) only
 * govern documents, and each cost every answer its bytes (bench/results.md).
 */
const apiSecurityOptions: SecureHeadersOptions = {
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  crossOriginResourcePolicy: 'same-site',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers hono's secureHeaders sets for `options` when they need nothing of the request (no
 * nonce), found once by running it.
 */
async function fixedSecurityHeaders(options: SecureHeadersOptions): Promise<[string, string][]> {
  const headers = new Headers();
  const context = { res: { headers }, get: () => undefined, set: () => {} };
  await secureHeaders(options)(context as unknown as Context, async () => {});
  return [...headers];
}

/**
 * Headers every answer of a path gets, whatever the route answers. Behind the Node listener they
 * go into Node's own answer before the route runs (ServerResponse.setHeader; a header the route
 * sets itself wins at writeHead), so that the route's answer keeps its plain header object and is
 * written without a Fetch `Headers` (a measurable share of each API answer, bench/results.md). In
 * `app.request()` (tests) there is no Node answer: they are set on the route's answer.
 */
async function withAnswerHeaders(c: Context<AppEnv>, next: Next, headers: Iterable<[string, string]>) {
  const outgoing = c.env?.outgoing;
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    await next();
    return;
  }
  await next();
  for (const [name, value] of headers) {
    if (name === 'vary') c.res.headers.append(name, value);
    // As behind the Node listener, a header the route set itself wins.
    else if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
}

/** Pages get hono's secureHeaders (CSP with a nonce per request); the API its fixed set. */
function platformOrClient(origins: {
  connectTo: string[];
  formTargets: string[];
  scriptsFrom: string[];
}): MiddlewareHandler<AppEnv> {
  const pages = securityHeaders(origins) as unknown as MiddlewareHandler<AppEnv>;
  const api = fixedSecurityHeaders(apiSecurityOptions).then((headers): [string, string][] => [
    ...headers,
    ['cache-control', 'no-store'],
  ]);
  return async (c, next) => {
    if (!isApiPath(c.req.path)) return pages(c, next);
    return withAnswerHeaders(c, next, await api);
  };
}

export function platformSecurityHeaders(config: AppConfig) {
  // After sign-in the form's redirect may land on the client origin: form-action must allow it.
  const integrations = integrationOrigins(config.integrations);
  return platformOrClient({
    connectTo: unique([config.clientOrigin, config.apiHost, ...integrations.connections]),
    formTargets: [config.clientOrigin],
    scriptsFrom: integrations.scripts,
  });
}

export function clientSecurityHeaders(config: AppConfig) {
  const integrations = integrationOrigins(config.integrations);
  return platformOrClient({
    connectTo: unique([config.apiHost, config.platformOrigin, ...integrations.connections]),
    formTargets: [config.platformOrigin],
    scriptsFrom: integrations.scripts,
  });
}

/**
 * CORS for the API: the client origin only, with credentials. Preflights are hono's `cors`; other
 * requests get the same headers (Allow-Origin when allowed, Allow-Credentials, Vary: Origin) on
 * their answer, set as withAnswerHeaders does. (Hono's middleware sets them on the context's answer
 * before the route runs, which makes the route's own answer be copied through a stream.)
 */
export function apiCors(config: AppConfig): MiddlewareHandler<AppEnv> {
  const allowOrigin = (origin: string) => (origin === config.clientOrigin ? origin : null);
  const preflight = cors({
    origin: allowOrigin,
    credentials: true,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    // X-File-Name: a measure group's import sends the file's name beside its raw bytes.
    allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-File-Name'],
    maxAge: 600,
  });
  const always: [string, string][] = [
    ['access-control-allow-credentials', 'true'],
    ['vary', 'Origin'],
  ];
  const allowed: [string, string][] = [
    ['access-control-allow-origin', config.clientOrigin],
    // The client saves a document under the name the server gives it (PDFs, exports): exposed on
    // the answer itself, where the browser reads it (a preflight's Expose-Headers is ignored).
    ['access-control-expose-headers', 'Content-Disposition'],
    ...always,
  ];
  return (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    return withAnswerHeaders(c, next, allowOrigin(requestHeader(c, 'origin') ?? '') ? allowed : always);
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
