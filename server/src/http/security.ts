/**
 * Security headers on every answer: CSP with a per-request nonce (the pages' inline JSON and
 * scripts carry it), frame-ancestors 'self', nosniff, a strict Referrer-Policy. Styles allow
 * 'unsafe-inline' because the elements use React inline style attributes and adoptedStyleSheets.
 */
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

/** CORS for the API: the client origin only, with credentials. */
export function apiCors(config: AppConfig) {
  return cors({
    origin: (origin) => (origin === config.clientOrigin ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
    // The client saves a document under the name the server gives it (invoice PDFs).
    exposeHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
