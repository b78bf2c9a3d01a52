/**
 * Security headers on every answer: CSP with a per-request nonce (the pages' inline JSON and
 * scripts carry it), frame-ancestors 'self', nosniff, a strict Referrer-Policy. Styles allow
 * 'unsafe-inline' because the elements use React inline style attributes and adoptedStyleSheets.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppConfig } from '../config.js';

function securityHeaders({ connectTo, formTargets }: { connectTo: string[]; formTargets: string[] }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
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

export function platformSecurityHeaders(config: AppConfig) {
  // After sign-in the form's redirect may land on the client origin: form-action must allow it.
  return securityHeaders({
    connectTo: unique([config.clientOrigin, config.apiHost]),
    formTargets: [config.clientOrigin],
  });
}

export function clientSecurityHeaders(config: AppConfig) {
  return securityHeaders({
    connectTo: unique([config.apiHost, config.platformOrigin]),
    formTargets: [config.platformOrigin],
  });
}

/**
 * CORS for the API: the client origin only, with credentials. Preflights are hono's `cors`; other
 * requests get the same headers (Allow-Origin when allowed, Allow-Credentials, Vary: Origin) once
 * the answer exists. (Hono's middleware sets them on the context's answer before the route runs,
 * which makes the route's own answer be copied through a stream: a measurable share of every
 * API request, bench/results.md.)
 */
export function apiCors(config: AppConfig): MiddlewareHandler {
  const allowOrigin = (origin: string) => (origin === config.clientOrigin ? origin : null);
  const preflight = cors({
    origin: allowOrigin,
    credentials: true,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
    maxAge: 600,
  });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const origin = allowOrigin(c.req.header('origin') ?? '');
    if (origin) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      // The client saves a document under the name the server gives it (PDFs, exports): exposed on
      // the answer itself, where the browser reads it (a preflight's Expose-Headers is ignored).
      c.res.headers.set('Access-Control-Expose-Headers', 'Content-Disposition');
    }
    c.res.headers.set('Access-Control-Allow-Credentials', 'true');
    c.res.headers.append('Vary', 'Origin');
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
